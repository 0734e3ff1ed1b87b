import { addDays, startOfDayIn, UPCOMING_DAYS } from '@daywise/shared';
import type {
  AgendaCounts,
  AgendaDay,
  AgendaPlanTask,
  AgendaSharedTask,
  AgendaToday,
  AgendaUpcoming,
  Todo,
} from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { presentTodos } from '../todos/todos';

/**
 * Today and Upcoming (issue 14): the user's todos by due date, the tasks of their daily plans and
 * of the shared plans they take part in by the plan's date. A list holds the open items and those
 * completed today, so a ticked one stays (struck through) for the rest of the day; the counts are
 * of open items only. Every read is a range on an index that leads with the user (migration 0013).
 */

/** The days a read covers, and what "completed today" means for it. */
export interface Range {
  userId: string;
  /** First day, or none for every day up to `to` (overdue todos). */
  from: string | null;
  to: string;
  today: string;
  /** The instant today began in the user's zone: shared tasks keep no completion day. */
  todayStart: string;
  /** The user's time zone, where a repeating todo's occurrences fall. */
  zone: string;
  /** Tasks done on other days too (the calendar), not only those done today. */
  allDone?: boolean;
}

export function rangeOf(
  userId: string,
  from: string | null,
  to: string,
  today: string,
  zone: string,
): Range {
  return { userId, from, to, today, todayStart: startOfDayIn(today, zone).toISOString(), zone };
}

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/** Soonest due first, then the most pressing, then the oldest. */
export function byDueThenPriority(a: Todo, b: Todo): number {
  return (
    (a.dueDate ?? '').localeCompare(b.dueDate ?? '') ||
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    a.createdAt.localeCompare(b.createdAt) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * Todos due in the range: the open ones, a range on (user, open, due date), and those completed
 * today, by (user, completion day): a day's completions are few, so their due dates are checked
 * here rather than letting a due-date bound lead the database through every todo ever completed.
 */
async function dueTodos(db: Kysely<Database>, range: Range): Promise<Todo[]> {
  let open = db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', range.userId)
    .where('completed', '=', false)
    .where('due_date', '<=', range.to);
  if (range.from) {
    open = open.where('due_date', '>=', range.from);
  }
  const [openRows, doneToday] = await Promise.all([
    open.execute(),
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', range.userId)
      .where('completed_date', '=', range.today)
      .execute(),
  ]);
  const inRange = ({ due_date: due }: { due_date: string | null }) =>
    due !== null && due <= range.to && (range.from === null || due >= range.from);
  const rows = [...openRows, ...doneToday.filter(inRange)];
  const todos = await presentTodos(db, range.userId, rows, range.today, range.zone);
  return todos.sort(byDueThenPriority);
}

/**
 * The tasks of the user's own plans dated in the range, by date and then the plan's order: open
 * and done today, or all of them for the calendar.
 */
export async function planTasks(db: Kysely<Database>, range: Range): Promise<AgendaPlanTask[]> {
  const rows = await db
    .selectFrom('daily_plans as p')
    .innerJoin('daily_tasks as t', 't.plan_id', 'p.id')
    .where('p.user_id', '=', range.userId)
    .where('p.plan_date', '>=', range.from ?? range.to)
    .where('p.plan_date', '<=', range.to)
    .$if(!range.allDone, (query) =>
      query.where((eb) =>
        eb.or([eb('t.completed', '=', false), eb('t.completed_date', '=', range.today)]),
      ),
    )
    .select([
      't.id',
      't.title',
      't.priority',
      't.tag',
      't.tag_color',
      't.completed',
      'p.id as plan_id',
      'p.title as plan_title',
      'p.plan_date',
    ])
    .orderBy('p.plan_date')
    .orderBy('t.position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    priority: row.priority,
    tag: row.tag,
    tagColor: row.tag_color,
    completed: Boolean(row.completed),
    planId: row.plan_id,
    planTitle: row.plan_title,
    date: row.plan_date,
  }));
}

/**
 * The tasks of shared plans dated in the range that the user takes part in, either side
 * (social/policy.ts `readablePlan`), with the other participant's name; open and done today, or
 * all of them for the calendar.
 */
export async function sharedTasks(db: Kysely<Database>, range: Range): Promise<AgendaSharedTask[]> {
  const { userId } = range;
  const rows = await db
    .selectFrom('shared_plans as p')
    .innerJoin('shared_plan_tasks as t', 't.plan_id', 'p.id')
    .innerJoin('users as other', (join) =>
      join.on(
        sql<boolean>`other.id = case when p.creator_id = ${userId} then p.shared_with_id else p.creator_id end`,
      ),
    )
    .where((eb) => eb.or([eb('p.creator_id', '=', userId), eb('p.shared_with_id', '=', userId)]))
    .where('p.date', '>=', range.from ?? range.to)
    .where('p.date', '<=', range.to)
    .$if(!range.allDone, (query) =>
      query.where((eb) =>
        eb.or([eb('t.completed', '=', false), eb('t.completed_at', '>=', range.todayStart)]),
      ),
    )
    .select([
      't.id',
      't.title',
      't.completed',
      'p.id as plan_id',
      'p.title as plan_title',
      'p.date',
      'other.id as other_id',
      'other.name as other_name',
    ])
    .orderBy('p.date')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    completed: Boolean(row.completed),
    planId: row.plan_id,
    planTitle: row.plan_title,
    date: row.date,
    otherUser: { id: row.other_id, name: row.other_name },
  }));
}

/** Overdue and due-today todos, today's plan tasks and today's shared-plan tasks. */
export async function agendaToday(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
): Promise<AgendaToday> {
  const todosRange = rangeOf(userId, null, today, today, zone);
  const dayRange = rangeOf(userId, today, today, today, zone);
  const [todos, tasks, shared] = await Promise.all([
    dueTodos(db, todosRange),
    planTasks(db, dayRange),
    sharedTasks(db, dayRange),
  ]);
  return {
    date: today,
    // One completed today keeps its place, struck through, rather than moving between groups.
    overdue: todos.filter((todo) => todo.dueDate !== today),
    todos: todos.filter((todo) => todo.dueDate === today),
    planTasks: tasks,
    sharedTasks: shared,
  };
}

/** Each of the UPCOMING_DAYS days after today, with what is due on it. */
export async function agendaUpcoming(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
): Promise<AgendaUpcoming> {
  const dates = Array.from({ length: UPCOMING_DAYS }, (_, index) => addDays(today, index + 1));
  const range = rangeOf(userId, dates[0] ?? today, dates.at(-1) ?? today, today, zone);
  const [todos, tasks, shared] = await Promise.all([
    dueTodos(db, range),
    planTasks(db, range),
    sharedTasks(db, range),
  ]);
  const days = dates.map((date): AgendaDay => ({
    date,
    todos: todos.filter((todo) => todo.dueDate === date),
    planTasks: tasks.filter((task) => task.date === date),
    sharedTasks: shared.filter((task) => task.date === date),
  }));
  return { days };
}

/** 1 for a row on or before `last`, else 0: one pass counts both Today and Upcoming. */
const countThrough = (column: string, last: string) =>
  sql<number>`coalesce(sum(case when ${sql.ref(column)} <= ${last} then 1 else 0 end), 0)`;

/**
 * Open items only: Today is overdue and due-today todos and today's open tasks, Upcoming the open
 * items of the next UPCOMING_DAYS days. One aggregate per table over the same index ranges.
 */
export async function agendaCounts(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<AgendaCounts> {
  const last = addDays(today, UPCOMING_DAYS);
  const [todos, tasks, shared] = await Promise.all([
    db
      .selectFrom('todos')
      .where('user_id', '=', userId)
      .where('completed', '=', false)
      .where('due_date', '<=', last)
      .select([countThrough('due_date', today).as('today'), (eb) => eb.fn.countAll().as('all')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_plans as p')
      .innerJoin('daily_tasks as t', 't.plan_id', 'p.id')
      .where('p.user_id', '=', userId)
      .where('p.plan_date', '>=', today)
      .where('p.plan_date', '<=', last)
      .where('t.completed', '=', false)
      .select([countThrough('p.plan_date', today).as('today'), (eb) => eb.fn.countAll().as('all')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('shared_plans as p')
      .innerJoin('shared_plan_tasks as t', 't.plan_id', 'p.id')
      .where((eb) => eb.or([eb('p.creator_id', '=', userId), eb('p.shared_with_id', '=', userId)]))
      .where('p.date', '>=', today)
      .where('p.date', '<=', last)
      .where('t.completed', '=', false)
      .select([countThrough('p.date', today).as('today'), (eb) => eb.fn.countAll().as('all')])
      .executeTakeFirstOrThrow(),
  ]);
  const sum = (pick: (row: { today: number | string; all: number | string | bigint }) => unknown) =>
    [todos, tasks, shared].reduce((total, row) => total + Number(pick(row)), 0);
  const todayCount = sum((row) => row.today);
  return { today: todayCount, upcoming: sum((row) => row.all) - todayCount };
}
