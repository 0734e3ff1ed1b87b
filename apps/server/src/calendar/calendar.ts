import { addDays, instantAt, type TodoReminder } from '@daywise/shared';
import { reminderMoment } from '@daywise/shared/reminder-moments';
import type { Kysely } from 'kysely';

import { blockRows, type TodoCondition } from '../agenda/calendar-blocks';
import type { Database } from '../db/schema';
import { excludedDatesOf } from '../todos/todo-fields';
import type { FeedAlarm, FeedBlock, FeedTask, FeedTodo } from './ics';

/** The feed's window, from the user's today: what a calendar shows, and a feed that stays small. */
export const FEED_WINDOW = { pastDays: 90, futureDays: 365 } as const;
/** At most this many events of each kind, even in the fullest window. */
export const FEED_MAX_EVENTS = 5000;

/**
 * The user's todos, timed plan tasks and time blocks in the feed's window around `today`, oldest
 * first; only the todos (and their blocks) meeting `matching` when it is given (a saved filter's
 * feed, which holds no tasks).
 */
export async function feedItems(
  db: Kysely<Database>,
  userId: string,
  today: string,
  timezone: string,
  matching?: TodoCondition,
): Promise<{ todos: FeedTodo[]; tasks: FeedTask[]; blocks: FeedBlock[] }> {
  const from = addDays(today, -FEED_WINDOW.pastDays);
  const to = addDays(today, FEED_WINDOW.futureDays);
  let todos = db
    .selectFrom('todos')
    .select([
      'id',
      'title',
      'description',
      'priority',
      'due_date',
      'completed',
      'updated_at',
      'repeat_rule',
      'repeat_from',
      'repeat_excluded',
      'due_time',
      'reminders',
    ])
    .where('user_id', '=', userId)
    .where('due_date', '>=', from)
    .where('due_date', '<=', to);
  if (matching) {
    todos = todos.where(matching);
  }
  const todoRows = await todos.orderBy('due_date').orderBy('id').limit(FEED_MAX_EVENTS).execute();
  const taskRows = matching
    ? []
    : await db
        .selectFrom('daily_tasks')
        .innerJoin('daily_plans', 'daily_plans.id', 'daily_tasks.plan_id')
        .select([
          'daily_tasks.id',
          'daily_tasks.title',
          'daily_tasks.description',
          'daily_tasks.priority',
          'daily_tasks.reminder_time',
          'daily_tasks.completed',
          'daily_tasks.updated_at',
          'daily_plans.plan_date',
          'daily_plans.title as plan_title',
        ])
        .where('daily_plans.user_id', '=', userId)
        .where('daily_plans.plan_date', '>=', from)
        .where('daily_plans.plan_date', '<=', to)
        .where('daily_tasks.reminder_time', 'is not', null)
        .orderBy('daily_plans.plan_date')
        .orderBy('daily_tasks.position')
        .limit(FEED_MAX_EVENTS)
        .execute();
  const blocks = await feedBlocks(db, userId, { from, to }, timezone, matching);
  return {
    blocks,
    todos: todoRows.map((row) => {
      const dueDate = row.due_date ?? today;
      const reminders = JSON.parse(row.reminders) as TodoReminder[];
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        priority: row.priority,
        dueDate,
        due: row.due_time
          ? {
              at: instantAt(dueDate, row.due_time, timezone),
              time: row.due_time,
              timeZone: timezone,
            }
          : null,
        completed: Boolean(row.completed),
        updatedAt: row.updated_at,
        repeat:
          row.repeat_rule !== null && row.repeat_from !== null
            ? {
                rule: row.repeat_rule,
                from: row.repeat_from,
                excluded: excludedDatesOf(row),
              }
            : null,
        alarms: reminders.flatMap((reminder): FeedAlarm[] => {
          if ('before' in reminder) {
            return row.due_time ? [reminder] : [];
          }
          const at = reminderMoment(reminder, { day: dueDate }, timezone);
          return at ? [{ at }] : [];
        }),
      };
    }),
    tasks: taskRows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      planTitle: row.plan_title,
      priority: row.priority,
      start: instantAt(row.plan_date, row.reminder_time ?? '00:00', timezone),
      completed: Boolean(row.completed),
      updatedAt: row.updated_at,
    })),
  };
}

/** A block's start and end: its day at its start in the user's zone, and its minutes on. */
function blockTimes(day: string, start: string, minutes: number, timezone: string) {
  const at = instantAt(day, start, timezone);
  return { start: at, end: new Date(at.getTime() + minutes * 60_000) };
}

/** The time blocks in the window (agenda/calendar-blocks.ts), at their instants in the user's zone. */
async function feedBlocks(
  db: Kysely<Database>,
  userId: string,
  window: { from: string; to: string },
  timezone: string,
  matching?: TodoCondition,
): Promise<FeedBlock[]> {
  const { todos, tasks } = await blockRows(db, userId, window, {
    matching,
    limit: FEED_MAX_EVENTS,
  });
  const feedBlock = (row: (typeof todos)[number] | (typeof tasks)[number]) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    completed: row.completed,
    updatedAt: row.updated_at,
    ...blockTimes(row.date, row.start, row.minutes, timezone),
  });
  return [
    ...todos.map((row) => ({ kind: 'todo' as const, ...feedBlock(row) })),
    ...tasks.map((row) => ({ kind: 'task' as const, ...feedBlock(row) })),
  ];
}
