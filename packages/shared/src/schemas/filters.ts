import { z } from 'zod';

import { DEFAULT_TAG_COLOR } from '../constants';
import { hexColor } from './plans';

export const SAVED_FILTER_LIMITS = { nameMax: 60 } as const;

/**
 * A saved filter (issue 32, ADR 0028): a name, a colour as lists have, and a query in the filter
 * language. The server reads the query with the shared parser (`@daywise/shared/filters`) and
 * refuses one that does not parse with 400 FILTER_INVALID and its position, so its length and
 * syntax are not checked here.
 */
export const savedFilterCreateSchema = z.object({
  name: z
    .string({ error: 'Filter name is required' })
    .trim()
    .min(1, 'Filter name is required')
    .max(
      SAVED_FILTER_LIMITS.nameMax,
      `Filter name must be at most ${SAVED_FILTER_LIMITS.nameMax} characters`,
    ),
  color: hexColor.default(DEFAULT_TAG_COLOR),
  query: z.string({ error: 'Filter query is required' }).trim(),
});
export type SavedFilterCreate = z.input<typeof savedFilterCreateSchema>;

/**
 * A change to a saved filter: rename, recolour, change its query, or move it to `position` (0
 * first; the others shift to make room, and a position past the end puts it last).
 */
export const savedFilterUpdateSchema = z
  .object({
    name: savedFilterCreateSchema.shape.name,
    color: hexColor,
    query: savedFilterCreateSchema.shape.query,
    position: z.number().int().min(0).max(10_000),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type SavedFilterUpdate = z.infer<typeof savedFilterUpdateSchema>;

/** A saved filter as the API answers it; `openCount` counts the open todos its query matches. */
export const savedFilterSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    query: z.string(),
    position: z.number().int(),
    openCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedFilter' });
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** Every saved filter of the user, ordered by position. */
export const savedFiltersAnswerSchema = z.object({ filters: z.array(savedFilterSchema) });
export type SavedFiltersAnswer = z.infer<typeof savedFiltersAnswerSchema>;
