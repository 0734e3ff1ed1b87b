import { z } from 'zod';

import { LIMITS, NAME_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';

export const PROFILE_LIMITS = { bioMax: 500, locationMax: 100, websiteMax: 200 } as const;

/** The editable profile fields; empty text clears a field. */
export const profileUpdateSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .min(NAME_MIN_LENGTH, MESSAGES.nameTooShort)
    .max(LIMITS.nameMax, MESSAGES.tooLong('Name', LIMITS.nameMax)),
  bio: z.string().trim().max(PROFILE_LIMITS.bioMax, MESSAGES.tooLong('Bio', PROFILE_LIMITS.bioMax)),
  location: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.locationMax, MESSAGES.tooLong('Location', PROFILE_LIMITS.locationMax)),
  website: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.websiteMax, {
      error: MESSAGES.tooLong('Website', PROFILE_LIMITS.websiteMax),
      abort: true,
    })
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
      message: 'Please enter a full web address starting with http:// or https://',
    }),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The profile as the API answers it. */
export const profileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    bio: z.string(),
    location: z.string(),
    website: z.string(),
    /** Versioned, so a new picture gets a new link. */
    pictureUrl: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** The link of the user's new picture. */
export const pictureUrlSchema = z.object({ pictureUrl: z.string() });
