import { z } from 'zod';

import { ANALYTICS_RANGES } from '../constants';
import { FOCUS_MESSAGES, FOCUS_MODES, FOCUS_PHASES } from '../focus-messages';
import { chartDataSchema } from './analytics';

const itemIdSchema = z.string().min(1).max(100);

/** POST /api/focus/start: exactly one of the user's own todo or plan task, and the mode. */
export const focusStartSchema = z
  .object({
    todoId: itemIdSchema.optional(),
    taskId: itemIdSchema.optional(),
    mode: z.enum(FOCUS_MODES, { error: FOCUS_MESSAGES.modeInvalid }).default('pomodoro'),
  })
  .strict()
  .superRefine((start, ctx) => {
    if ((start.todoId === undefined) === (start.taskId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: FOCUS_MESSAGES.oneItem,
        path: [start.todoId === undefined ? 'todoId' : 'taskId'],
      });
    }
  });
export type FocusStart = z.input<typeof focusStartSchema>;

/**
 * The user's focus timer (ADR 0032), as of `serverNow`. Running: `runningSince` is set and, for a
 * pomodoro, `endsAt` is when the phase ends; paused: both are null and `remainingMs` says what is
 * left. `elapsedMs` is the time run in the phase before `runningSince` (all of it while paused).
 */
export const focusTimerSchema = z
  .object({
    item: z.object({
      kind: z.enum(['todo', 'task']),
      id: z.string(),
      title: z.string(),
    }),
    mode: z.enum(FOCUS_MODES),
    phase: z.enum(FOCUS_PHASES),
    phaseStartedAt: z.string(),
    /** The phase's length in ms (pomodoro); null for a stopwatch. */
    phaseMs: z.number().int().nullable(),
    elapsedMs: z.number().int(),
    runningSince: z.string().nullable(),
    endsAt: z.string().nullable(),
    paused: z.boolean(),
    /** What is left of the phase (pomodoro), as of `serverNow`; null for a stopwatch. */
    remainingMs: z.number().int().nullable(),
    /** Focus periods done since the timer started. */
    focusCount: z.number().int(),
    /** The server's clock when it answered: the tab counts from its own clock's offset to it. */
    serverNow: z.string(),
  })
  .meta({ id: 'FocusTimer' });
export type FocusTimer = z.infer<typeof focusTimerSchema>;

/** GET /api/focus: the timer, or null when there is none. */
export const focusCurrentSchema = z.object({ timer: focusTimerSchema.nullable() });
export type FocusCurrent = z.infer<typeof focusCurrentSchema>;

/** GET /api/analytics/focus?days=7|30|90 */
export const focusAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_RANGES as readonly number[]).includes(days), 'Unknown range')
    .default(7),
});

/** The focus charts of the analytics (ADR 0032). */
export const focusAnalyticsSchema = z
  .object({
    /** Minutes focused per day of the range, oldest first, in the user's zone. */
    perDay: chartDataSchema,
    totalMinutes: z.number().int(),
    /**
     * Todos with an estimate focused on in the range (at most 20, most focused first): the
     * estimate and every minute focused on it so far.
     */
    estimates: z.array(
      z.object({
        todoId: z.string(),
        title: z.string(),
        estimateMinutes: z.number().int(),
        actualMinutes: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'FocusAnalytics' });
export type FocusAnalytics = z.infer<typeof focusAnalyticsSchema>;
