import { z } from 'zod';

import { MAX_EXCLUDED_DATES } from '../constants';
import { dateSchema, repeatSchema, todoSchema } from './todos';

/**
 * Moving one occurrence of a repeating todo, or its whole series, to another day (issue 33, ADR
 * 0031, Moving repeating todos). `occurrence` is the day moved: the todo's due date (its current
 * occurrence) or a later occurrence the calendar projects. 'this' moves that occurrence alone: a
 * one-off copy of the todo is due on `to`, and the series skips that occurrence. 'all'
 * moves the series by as many days as `to` is from `occurrence`, its weekdays, days of the month
 * and months with it. A later occurrence moved alone becomes one of the series' excluded dates
 * (its EXDATE), which every occurrence the server computes leaves out.
 */
export const TODO_MOVE_SCOPES = ['this', 'all'] as const;
export type TodoMoveScope = (typeof TODO_MOVE_SCOPES)[number];

export const todoMoveSchema = z
  .object({
    occurrence: dateSchema,
    to: dateSchema,
    scope: z.enum(TODO_MOVE_SCOPES, { error: "Please choose 'this' or 'all'" }),
  })
  .meta({ id: 'TodoMove' });
export type TodoMove = z.infer<typeof todoMoveSchema>;

/** What puts a move back: the copy deleted and the occurrence un-skipped, or the series as it was. */
export const todoMoveUndoSchema = z
  .discriminatedUnion('scope', [
    z.object({
      scope: z.literal('this'),
      /** The one-off copy the move made. */
      copyId: z.string().min(1).max(100),
      /** The occurrence the series skipped, or excluded. */
      occurrence: dateSchema,
      /** True when it was a later occurrence, which the series now excludes (absent: skipped). */
      excluded: z.boolean().optional(),
    }),
    z.object({
      scope: z.literal('all'),
      /** The series' rule and due date before the move. */
      repeat: repeatSchema,
      dueDate: dateSchema,
      /** Its excluded dates before the move (absent: left as they are). */
      excludedDates: z.array(dateSchema).max(MAX_EXCLUDED_DATES).optional(),
    }),
  ])
  .meta({ id: 'TodoMoveUndo' });
export type TodoMoveUndo = z.infer<typeof todoMoveUndoSchema>;

/** A move's outcome: the series as it is now, the copy made for 'this', and its undo. */
export const todoMovedSchema = z
  .object({
    todo: todoSchema,
    copy: todoSchema.nullable(),
    undo: todoMoveUndoSchema,
  })
  .meta({ id: 'TodoMoved' });
export type TodoMoved = z.infer<typeof todoMovedSchema>;

/** What the API says when a move is refused (the web's dialog says the same ahead). */
export const TODO_MOVE_MESSAGES = {
  notAnOccurrence: 'This day is not an occurrence of the todo',
  sameDay: 'Choose a day other than the occurrence’s own',
  alreadyMoved: 'This occurrence has already been moved on its own',
  beyondEnd: 'This day is past the last occurrence of the repeat',
  tooManyMoved: `A repeating todo can have at most ${MAX_EXCLUDED_DATES} occurrences moved on their own`,
  ruleFixesDays:
    'All occurrences can’t move there: the repeat’s rule fixes its days. Change the rule in the todo instead',
  undoStale: 'This move can no longer be undone',
} as const;
