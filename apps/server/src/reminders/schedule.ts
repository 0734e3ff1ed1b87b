import { addDays, DEFAULT_SETTINGS, todayIn, type TodoReminder } from '@daywise/shared';
import { type NextReminder, nextReminder } from '@daywise/shared/reminder-moments';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { remindingTodo } from '../todos/todo-reminders';
import { jobKey, type ReminderJob, type ReminderKind, type ReminderQueue } from './queue';

/** A todo or plan task as far as its reminder goes (docs/product/todos.md#reminders). */
export interface ReminderItem {
  kind: ReminderKind;
  id: string;
  userId: string;
  title: string;
  description: string;
  /** A task's time; a todo's daily time when it has no due date (ReminderSchedule). */
  reminderTime: string | null;
  /** A todo's due date, a task's plan date. */
  day: string | null;
  /** A todo's due time and reminders (ADR 0030); absent for a task. */
  dueTime?: string | null;
  reminders?: TodoReminder[];
  completed: boolean;
}

/** The user's settings that decide their reminders. */
export interface ReminderSettings {
  /** Task Reminders. */
  enabled: boolean;
  /** Email Notifications. */
  email: boolean;
  timezone: string;
}

/** The keys cancelled per statement: far below SQLite's limit on bound values. */
const CANCEL_CHUNK = 500;

/** Before the settings are first read, their defaults (DEFAULT_SETTINGS). */
export async function reminderSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<ReminderSettings> {
  const row = await db
    .selectFrom('user_settings')
    .select(['task_reminders', 'email_notifications', 'timezone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        enabled: Boolean(row.task_reminders),
        email: Boolean(row.email_notifications),
        timezone: row.timezone,
      }
    : {
        enabled: DEFAULT_SETTINGS.notifications.reminders,
        email: DEFAULT_SETTINGS.notifications.email,
        timezone: DEFAULT_SETTINGS.preferences.timezone,
      };
}

function todoItems(db: Kysely<Database>) {
  return db
    .selectFrom('todos')
    .select([
      'id',
      'user_id as userId',
      'title',
      'description',
      'reminder_time as reminderTime',
      'due_date as day',
      'due_time as dueTime',
      'reminders',
      'completed',
    ]);
}

function taskItems(db: Kysely<Database>) {
  return db
    .selectFrom('daily_tasks')
    .innerJoin('daily_plans', 'daily_plans.id', 'daily_tasks.plan_id')
    .select([
      'daily_tasks.id',
      'daily_tasks.user_id as userId',
      'daily_tasks.title',
      'daily_tasks.description',
      'daily_tasks.reminder_time as reminderTime',
      'daily_plans.plan_date as day',
      'daily_tasks.completed',
    ]);
}

type ItemRow = Omit<ReminderItem, 'kind' | 'completed' | 'reminders'> & {
  completed: unknown;
  reminders?: string;
};

const asItem =
  (kind: ReminderKind) =>
  ({ reminders, ...row }: ItemRow): ReminderItem => ({
    ...row,
    ...(reminders === undefined ? {} : { reminders: JSON.parse(reminders) as TodoReminder[] }),
    kind,
    completed: Boolean(row.completed),
  });

/** The item as it stands now, or undefined once it is gone. */
export async function loadItem(
  db: Kysely<Database>,
  kind: ReminderKind,
  id: string,
): Promise<ReminderItem | undefined> {
  const row =
    kind === 'todo'
      ? await todoItems(db).where('id', '=', id).executeTakeFirst()
      : await taskItems(db).where('daily_tasks.id', '=', id).executeTakeFirst();
  return row ? asItem(kind)(row) : undefined;
}

/**
 * The user's unfinished items with a reminder time: every todo, and the tasks of plans from
 * yesterday on (an older plan's reminders have long passed in every time zone).
 */
async function remindableItems(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<ReminderItem[]> {
  const since = addDays(todayIn('UTC', now), -1);
  const [todos, tasks] = await Promise.all([
    todoItems(db)
      .where('user_id', '=', userId)
      .where(remindingTodo)
      .where('completed', '=', false)
      .execute(),
    taskItems(db)
      .where('daily_tasks.user_id', '=', userId)
      .where('daily_tasks.reminder_time', 'is not', null)
      .where('daily_tasks.completed', '=', false)
      .where('daily_plans.plan_date', '>=', since)
      .execute(),
  ]);
  return [...todos.map(asItem('todo')), ...tasks.map(asItem('task'))];
}

/**
 * The item's next reminder seen from `now` (after `after`, the occurrence that just fired, when
 * given), or null when it gets none: done, Task Reminders off, or no moment left.
 */
export function upcomingReminder(
  item: ReminderItem,
  settings: ReminderSettings,
  now: Date,
  after?: Date,
): NextReminder | null {
  const reminds = item.reminderTime !== null || (item.reminders?.length ?? 0) > 0;
  if (item.completed || !settings.enabled || !reminds) {
    return null;
  }
  return nextReminder(item, settings.timezone, now, after);
}

/** The job that fires `next` for the item. */
export function jobFor(item: ReminderItem, next: NextReminder): ReminderJob {
  return {
    userId: item.userId,
    kind: item.kind,
    itemId: item.id,
    fireAt: next.at.toISOString(),
    occurrence: next.occurrence.toISOString(),
  };
}

export async function cancelReminders(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  keys: readonly string[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += CANCEL_CHUNK) {
    await queue.cancel(trx, keys.slice(start, start + CANCEL_CHUNK));
  }
}

/** Gives the item the job its reminder rule asks for now: a new instant, or none. */
export async function syncItem(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  item: ReminderItem,
  settings: ReminderSettings,
  now: Date,
): Promise<void> {
  const next = upcomingReminder(item, settings, now);
  if (!next) {
    await queue.cancel(trx, [jobKey(item.kind, item.id)]);
    return;
  }
  await queue.schedule(trx, jobFor(item, next));
}

/** After a write to one todo (created, changed, completed or deleted). */
export async function syncTodo(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  todoId: string,
  now: Date,
): Promise<void> {
  const item = await loadItem(trx, 'todo', todoId);
  if (!item) {
    await queue.cancel(trx, [jobKey('todo', todoId)]);
    return;
  }
  await syncItem(trx, queue, item, await reminderSettings(trx, userId), now);
}

/** After a write to a plan: each of its tasks, and the tasks it lost. */
export async function syncPlan(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  planId: string,
  removedTaskIds: readonly string[],
  now: Date,
): Promise<void> {
  await cancelReminders(
    trx,
    queue,
    removedTaskIds.map((id) => jobKey('task', id)),
  );
  const tasks = await taskItems(trx).where('daily_tasks.plan_id', '=', planId).execute();
  const settings = await reminderSettings(trx, userId);
  for (const task of tasks.map(asItem('task'))) {
    await syncItem(trx, queue, task, settings, now);
  }
}

/** After the user's time zone or Task Reminders changed: every item they have. */
export async function syncUser(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  now: Date,
): Promise<void> {
  const settings = await reminderSettings(trx, userId);
  for (const item of await remindableItems(trx, userId, now)) {
    await syncItem(trx, queue, item, settings, now);
  }
}

/** Account deletion: the keys of every job the user may have, read before their items go. */
export async function userReminderKeys(db: Kysely<Database>, userId: string): Promise<string[]> {
  const [todos, tasks] = await Promise.all([
    db
      .selectFrom('todos')
      .select('id')
      .where('user_id', '=', userId)
      .where(remindingTodo)
      .execute(),
    db
      .selectFrom('daily_tasks')
      .select('id')
      .where('user_id', '=', userId)
      .where('reminder_time', 'is not', null)
      .execute(),
  ]);
  return [
    ...todos.map(({ id }) => jobKey('todo', id)),
    ...tasks.map(({ id }) => jobKey('task', id)),
  ];
}
