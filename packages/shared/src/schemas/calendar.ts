import { z } from 'zod';

/**
 * The user's calendar feed: off, or on at a private address. The address holds its secret and
 * is shown whenever Settings asks, so the user can copy it again; rotating makes a new one.
 */
export const calendarFeedSchema = z
  .object({
    enabled: z.boolean(),
    /** The feed's full https address; null while the feed is off. */
    url: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's address parts: the user and the secret that proves the address was handed out. */
export const calendarFeedParams = z.object({
  userId: z.string().min(1).max(100),
  token: z.string().min(1).max(100),
});

/** A saved filter's feed's address parts (ADR 0028): the filter's id besides. */
export const filterFeedParams = calendarFeedParams.extend({
  filterId: z.string().min(1).max(100),
});
