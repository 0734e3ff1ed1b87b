import { z } from 'zod';

import { PRIORITIES, UPCOMING_DAYS } from '../constants';
import { todoSchema } from './todos';

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
