import { z } from 'zod';

import { REPORT_MAX_DAYS } from '../constants';
import { dateSchema } from './todos';

/** The report's range: both days or neither (the last 30 days); `from` not after `to`. */
export const reportQuerySchema = z
  .object({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((range) => (range.from === undefined) === (range.to === undefined), {
    message: 'Choose both a start and an end date',
    path: ['to'],
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  })
  .refine(
    (range) =>
      !range.from ||
      !range.to ||
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 <
        REPORT_MAX_DAYS,
    { message: `A report covers at most ${REPORT_MAX_DAYS} days`, path: ['to'] },
  );
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** Exports read a user's whole history: a few a minute is plenty for a person. */
export const EXPORT_RATE_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;
