import { z } from 'zod';

import { agendaPlanTaskSchema } from './agenda';
import { dateSchema, todoSchema } from './todos';

/** At most this many items are moved, dropped or restored by one review request. */
export const REVIEW_BATCH_MAX = 500;

/**
 * A task of today's plan as the review shows it: still open, carried to a day as a todo (the
 * todo's due date), or dropped. Either way it stays unfinished in today's record (ADR 0033).
 */
export const reviewTaskSchema = agendaPlanTaskSchema
  .extend({ carriedTo: z.string().nullable(), dropped: z.boolean() })
  .meta({ id: 'ReviewTask' });
export type ReviewTask = z.infer<typeof reviewTaskSchema>;

/** The end-of-day review of the user's today, in their time zone. */
export const reviewSchema = z
  .object({
    date: z.string(),
    /** When the user's day ends, HH:MM: the review reminder's time. */
    dayEnd: z.string(),
    /** Todos completed today (a repeating one, once an occurrence was done today) and tasks. */
    done: z.object({ todos: z.array(todoSchema), tasks: z.array(agendaPlanTaskSchema) }),
    /** Open todos due today or before, and the open tasks of today's plan. */
    open: z.object({ todos: z.array(todoSchema), tasks: z.array(reviewTaskSchema) }),
    /** Todos, repeats and plan tasks completed today. */
    completions: z.number().int(),
    /** The current plan streak, as the analytics count it. */
    streak: z.number().int(),
    /** The minutes of the focus sessions that ended today. */
    focusMinutes: z.number().int(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

const ids = z.array(z.string().min(1).max(100)).max(REVIEW_BATCH_MAX);

/**
 * Moves todos to a day (their due date) and carries tasks of today's plan to it as todos; with
 * `to: null`, drops them: a todo loses its due date (a repeating one skips this occurrence), a
 * task is let go.
 */
export const reviewRescheduleSchema = z
  .object({ to: dateSchema.nullable(), todoIds: ids, taskIds: ids })
  .refine(({ todoIds, taskIds }) => todoIds.length + taskIds.length > 0, {
    error: 'Choose at least one item',
    path: ['todoIds'],
  });
export type ReviewReschedule = z.infer<typeof reviewRescheduleSchema>;

/** What puts a reschedule back: each todo's due date before it, or its skip undone; the tasks. */
export const reviewUndoSchema = z
  .object({
    todos: z
      .array(
        z.object({
          id: z.string().min(1).max(100),
          dueDate: dateSchema.nullable(),
          skipped: z.boolean(),
        }),
      )
      .max(REVIEW_BATCH_MAX),
    taskIds: ids,
  })
  .meta({ id: 'ReviewUndo' });
export type ReviewUndo = z.infer<typeof reviewUndoSchema>;

export const reviewRescheduledSchema = z.object({
  moved: z.number().int(),
  undo: reviewUndoSchema,
});
export type ReviewRescheduled = z.infer<typeof reviewRescheduledSchema>;
