import { z } from 'zod';

import { CALENDAR_RANGE_MAX_DAYS, PRIORITIES, UPCOMING_DAYS } from '../constants';
import { daysBetween } from '../dates';
import { dateSchema, todoSchema } from './todos';

/** A task of one of the user's own daily plans, with the plan it belongs to. */
export const agendaPlanTaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    priority: z.enum(PRIORITIES),
    tag: z.string().nullable(),
    tagColor: z.string().nullable(),
    completed: z.boolean(),
    planId: z.string(),
    planTitle: z.string(),
    /** The plan's date, YYYY-MM-DD. */
    date: z.string(),
  })
  .meta({ id: 'AgendaPlanTask' });
export type AgendaPlanTask = z.infer<typeof agendaPlanTaskSchema>;

/** A task of a plan shared with a friend (either of them may have made it). */
export const agendaSharedTaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    completed: z.boolean(),
    planId: z.string(),
    planTitle: z.string(),
    /** The plan's date, YYYY-MM-DD. */
    date: z.string(),
    /** The participant who is not the reader. */
    otherUser: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: 'AgendaSharedTask' });
export type AgendaSharedTask = z.infer<typeof agendaSharedTaskSchema>;

/**
 * What is due on one day: todos due then, the tasks of that day's plan and of shared plans dated
 * then. Open items, and those completed today (so a ticked one stays, struck through, all day).
 */
export const agendaDaySchema = z
  .object({
    date: z.string(),
    todos: z.array(todoSchema),
    planTasks: z.array(agendaPlanTaskSchema),
    sharedTasks: z.array(agendaSharedTaskSchema),
  })
  .meta({ id: 'AgendaDay' });
export type AgendaDay = z.infer<typeof agendaDaySchema>;

/** Today in the user's time zone, with the open todos whose due date has passed. */
export const agendaTodaySchema = agendaDaySchema
  .extend({ overdue: z.array(todoSchema) })
  .meta({ id: 'AgendaToday' });
export type AgendaToday = z.infer<typeof agendaTodaySchema>;

/** The UPCOMING_DAYS days after today, tomorrow first, each one listed even when empty. */
export const agendaUpcomingSchema = z.object({
  days: z.array(agendaDaySchema).length(UPCOMING_DAYS),
});
export type AgendaUpcoming = z.infer<typeof agendaUpcomingSchema>;

/** Open items only: Today counts overdue and due-today todos and today's tasks. */
export const agendaCountsSchema = z.object({
  today: z.number().int(),
  upcoming: z.number().int(),
});
export type AgendaCounts = z.infer<typeof agendaCountsSchema>;

/** The days a calendar read covers, both included: at most CALENDAR_RANGE_MAX_DAYS. */
export const calendarRangeQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine(({ from, to }) => from <= to, {
    error: 'The last day must be on or after the first',
    path: ['to'],
    abort: true,
  })
  .refine(({ from, to }) => daysBetween(from, to) < CALENDAR_RANGE_MAX_DAYS, {
    error: `The calendar shows at most ${CALENDAR_RANGE_MAX_DAYS} days at a time`,
    path: ['to'],
  });
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuerySchema>;

/** A repeating todo's later occurrences in the range: days it will be due, not rows (ADR 0031). */
export const calendarRepeatSchema = z
  .object({
    todo: todoSchema,
    /** The days after its due date, in the range, soonest first. */
    dates: z.array(z.string()),
  })
  .meta({ id: 'CalendarRepeat' });
export type CalendarRepeat = z.infer<typeof calendarRepeatSchema>;

/**
 * A time block in the range (ADR 0031, Time blocks): a todo's on its block day, or a plan task's
 * on its plan's day, at its start for its minutes in the user's time zone.
 */
export const calendarBlockSchema = z
  .object({
    kind: z.enum(['todo', 'task']),
    /** The todo's or the task's id. */
    id: z.string(),
    title: z.string(),
    priority: z.enum(PRIORITIES),
    completed: z.boolean(),
    /** The block's day, YYYY-MM-DD. */
    date: z.string(),
    /** HH:MM */
    start: z.string(),
    minutes: z.number().int(),
    /** The task's plan; null for a todo. */
    planId: z.string().nullable(),
    /** The task's tag colour; null for a todo or a task without a tag. */
    tagColor: z.string().nullable(),
  })
  .meta({ id: 'CalendarBlock' });
export type CalendarBlock = z.infer<typeof calendarBlockSchema>;

/**
 * What the calendar shows from `from` to `to`: the todos due then (open and done), the later
 * occurrences of repeating todos, the tasks of the user's plans and shared plans dated then (open
 * and done), and the days off.
 */
export const calendarRangeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    todos: z.array(todoSchema),
    repeats: z.array(calendarRepeatSchema),
    planTasks: z.array(agendaPlanTaskSchema),
    sharedTasks: z.array(agendaSharedTaskSchema),
    /** The days of the range that are days off, soonest first. */
    daysOff: z.array(z.string()),
    /** The time blocks of the range, by day and then start. */
    blocks: z.array(calendarBlockSchema),
  })
  .meta({ id: 'CalendarRange' });
export type CalendarRange = z.infer<typeof calendarRangeSchema>;
