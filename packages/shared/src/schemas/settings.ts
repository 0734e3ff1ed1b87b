import { z } from 'zod';

import { FOCUS_LIMITS, PROFILE_VISIBILITIES, THEMES, WEEK_STARTS } from '../constants';
import { isTimeZone } from '../dates';
import { REMINDER_TIME_PATTERN } from '../reminders';

export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** An IANA time zone the runtime knows ('Europe/Paris', 'UTC'). */
export const timezoneSchema = z
  .string()
  .min(1)
  .max(64, { abort: true })
  .refine(isTimeZone, 'Unknown time zone');

/** A time of the user's day on the 24-hour clock, HH:MM: when their day starts or ends. */
export const dayTimeSchema = z.string().regex(REMINDER_TIME_PATTERN, 'Use a time as HH:MM');

/** Says where the day's start must fall: before its end. */
export const DAY_TIMES_MESSAGE = 'Your day must start before it ends';

type FocusKey = keyof typeof FOCUS_LIMITS;

/** A whole number of minutes (or periods) within the focus setting's limits. */
function focusSchema(key: FocusKey) {
  const { min, max } = FOCUS_LIMITS[key];
  return z
    .number()
    .int('Use a whole number')
    .min(min, `Use at least ${min}`)
    .max(max, `Use at most ${max}`);
}

function focusUpdate<K extends FocusKey>(key: K) {
  return z.object({ group: z.literal('focus'), key: z.literal(key), value: focusSchema(key) });
}

/** The user settings as the API gives them (docs/product/profile-and-settings.md#settings). */
export const settingsSchema = z
  .object({
    notifications: z.object({
      email: z.boolean(),
      reminders: z.boolean(),
      /** A reminder at the day's end to review it (issue 33). */
      review: z.boolean(),
    }),
    privacy: z.object({
      profileVisibility: z.enum(PROFILE_VISIBILITIES),
      activityTracking: z.boolean(),
    }),
    preferences: z.object({
      theme: z.enum(THEMES),
      timezone: timezoneSchema,
      weekStart: z.enum(WEEK_STARTS),
      /** The user's day: the daily plan's timeline and the end-of-day review (issue 33). */
      dayStart: dayTimeSchema,
      dayEnd: dayTimeSchema,
    }),
    focus: z.object({
      focusMinutes: focusSchema('focusMinutes'),
      shortBreakMinutes: focusSchema('shortBreakMinutes'),
      longBreakMinutes: focusSchema('longBreakMinutes'),
      longBreakEvery: focusSchema('longBreakEvery'),
    }),
  })
  .meta({ id: 'Settings' });

export type Settings = z.infer<typeof settingsSchema>;

/** One setting changed at a time (update a single setting by group, key and value). */
export const settingUpdateSchema = z.discriminatedUnion('key', [
  z.object({ group: z.literal('notifications'), key: z.literal('email'), value: z.boolean() }),
  z.object({ group: z.literal('notifications'), key: z.literal('reminders'), value: z.boolean() }),
  z.object({ group: z.literal('notifications'), key: z.literal('review'), value: z.boolean() }),
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
  z.object({ group: z.literal('preferences'), key: z.literal('dayStart'), value: dayTimeSchema }),
  z.object({ group: z.literal('preferences'), key: z.literal('dayEnd'), value: dayTimeSchema }),
  focusUpdate('focusMinutes'),
  focusUpdate('shortBreakMinutes'),
  focusUpdate('longBreakMinutes'),
  focusUpdate('longBreakEvery'),
]);

export type SettingUpdate = z.infer<typeof settingUpdateSchema>;
