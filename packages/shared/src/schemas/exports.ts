import { z } from 'zod';

import { dateSchema } from './todos';

/** The PDF report covers the last 30 days unless a range is chosen, and a year at most. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;

/**
 * The response header that says how many items an export will hold, so the page can show
 * 'Exporting… 3,200 of 10,000 items' while it reads the stream. Every item of the JSON archive
 * and every row of a CSV file ends with a line break (docs/data-archive.md).
 */
export const EXPORT_ITEMS_HEADER = 'X-Export-Items';

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
