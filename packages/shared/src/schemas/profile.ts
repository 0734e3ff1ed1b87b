import { z } from 'zod';

import { LIMITS, NAME_MIN_LENGTH, PROFILE_LIMITS } from '../constants';
import { MESSAGES } from '../messages';

/** A scheme at the start ('https:', 'mailto:'), but not a host's port ('example.com:8080'). */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
/** A bare host with at least one dot, and a port perhaps: 'maya.design', 'example.co.uk:8080'. */
const BARE_HOST = /^[^\s.:/?#@]+(?:\.[^\s.:/?#@]+)+(?::\d{1,5})?$/;

/**
 * A bare domain ('maya.design', 'maya.design/work') gets https:// in front, so any client gets the
 * same address (docs/product/profile-and-settings.md). Anything else is left for the check to
 * refuse: another scheme (javascript:, mailto:) or text that is not a web address.
 */
export function withWebScheme(value: string): string {
  if (value === '' || SCHEME.test(value)) {
    return value;
  }
  const host = value.split(/[/?#]/, 1)[0] ?? '';
  return BARE_HOST.test(host) ? `https://${value}` : value;
}

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
    .transform(withWebScheme)
    .pipe(
      z
        .string()
        .max(PROFILE_LIMITS.websiteMax, {
          error: MESSAGES.tooLong('Website', PROFILE_LIMITS.websiteMax),
          abort: true,
        })
        .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
          message: MESSAGES.websiteInvalid,
        }),
    ),
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
