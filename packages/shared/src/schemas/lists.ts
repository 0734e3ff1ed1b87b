import { z } from 'zod';

import { DEFAULT_TAG_COLOR, LIST_DELETE_CHOICES } from '../constants';
import { hexColor } from './plans';

export const LIST_LIMITS = { nameMax: 100 } as const;

/**
 * A todo list (issue 32, ADR 0026): name required and trimmed, colour the tags' default unless
 * chosen. The Inbox is no list: a todo without one (listId null) is in it.
 */
export const listCreateSchema = z.object({
  name: z
    .string({ error: 'List name is required' })
    .trim()
    .min(1, 'List name is required')
    .max(LIST_LIMITS.nameMax, `List name must be at most ${LIST_LIMITS.nameMax} characters`),
  color: hexColor.default(DEFAULT_TAG_COLOR),
});
export type ListCreate = z.input<typeof listCreateSchema>;

/**
 * A change to a list: rename, recolour, archive, or move it to `position` (0 first; the others
 * shift to make room, and a position past the end puts it last).
 */
export const listUpdateSchema = z
  .object({
    name: listCreateSchema.shape.name,
    color: hexColor,
    position: z.number().int().min(0).max(10_000),
    archived: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type ListUpdate = z.infer<typeof listUpdateSchema>;

/**
 * What deleting a list does with its todos: 'move' them to the Inbox or 'delete' them with it.
 * Required when the list holds todos.
 */
export const listDeleteQuerySchema = z.object({
  todos: z.enum(LIST_DELETE_CHOICES).optional(),
});

/** A list as the API answers it; `openCount` counts its todos not completed. */
export const listSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    position: z.number().int(),
    archived: z.boolean(),
    openCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'List' });
export type List = z.infer<typeof listSchema>;

/** The Inbox's open todos and every list, archived ones too, ordered by position. */
export const listsAnswerSchema = z.object({
  inbox: z.object({ openCount: z.number().int() }),
  lists: z.array(listSchema),
});
export type ListsAnswer = z.infer<typeof listsAnswerSchema>;
