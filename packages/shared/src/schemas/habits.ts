import { z } from 'zod';

import { dateSchema } from './todos';

/** At most this many days off are kept per user; a range may span at most DAYS_OFF_MAX_SPAN days. */
export const DAYS_OFF_LIMIT = 100;
export const DAYS_OFF_MAX_SPAN = 366;

/** Days off (vacation): occurrences due on them neither break nor extend a habit's streak. */
export const dayOffCreateSchema = z
  .object({ startDate: dateSchema, endDate: dateSchema })
  .refine((range) => range.endDate >= range.startDate, {
    error: 'The last day off cannot be before the first',
    path: ['endDate'],
  });
export type DayOffCreate = z.infer<typeof dayOffCreateSchema>;

export const dayOffSchema = z
  .object({ id: z.string(), startDate: z.string(), endDate: z.string(), createdAt: z.string() })
  .meta({ id: 'DayOff' });
export type DayOff = z.infer<typeof dayOffSchema>;

export const dayOffListSchema = z.object({ items: z.array(dayOffSchema) });
