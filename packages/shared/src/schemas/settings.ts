import { z } from 'zod';

import { PROFILE_VISIBILITIES, THEMES, WEEK_STARTS } from '../constants';
import { isTimeZone } from '../dates';

export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** An IANA time zone the runtime knows ('Europe/Paris', 'UTC'). */
export const timezoneSchema = z
  .string()
  .min(1)
  .max(64, { abort: true })
  .refine(isTimeZone, 'Unknown time zone');

/** The user settings as the API gives them (docs/product/profile-and-settings.md#settings). */
export const settingsSchema = z
  .object({
    notifications: z.object({ email: z.boolean(), reminders: z.boolean() }),
    privacy: z.object({
      profileVisibility: z.enum(PROFILE_VISIBILITIES),
      activityTracking: z.boolean(),
    }),
    preferences: z.object({
      theme: z.enum(THEMES),
      timezone: timezoneSchema,
      weekStart: z.enum(WEEK_STARTS),
    }),
  })
  .meta({ id: 'Settings' });

export type Settings = z.infer<typeof settingsSchema>;

/** One setting changed at a time (update a single setting by group, key and value). */
export const settingUpdateSchema = z.discriminatedUnion('key', [
  z.object({ group: z.literal('notifications'), key: z.literal('email'), value: z.boolean() }),
  z.object({ group: z.literal('notifications'), key: z.literal('reminders'), value: z.boolean() }),
  z.object({
    group: z.literal('privacy'),
    key: z.literal('profileVisibility'),
    value: z.enum(PROFILE_VISIBILITIES),
  }),
  z.object({ group: z.literal('privacy'), key: z.literal('activityTracking'), value: z.boolean() }),
  z.object({ group: z.literal('preferences'), key: z.literal('theme'), value: z.enum(THEMES) }),
  z.object({ group: z.literal('preferences'), key: z.literal('timezone'), value: timezoneSchema }),
  z.object({
    group: z.literal('preferences'),
    key: z.literal('weekStart'),
    value: z.enum(WEEK_STARTS),
  }),
]);

export type SettingUpdate = z.infer<typeof settingUpdateSchema>;
