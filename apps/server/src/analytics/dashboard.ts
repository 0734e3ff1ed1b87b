import { addDays, monthOf, startOfDayIn, weekOf } from '@daywise/shared';
import type { DashboardSummary } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { percentage } from './series';
import { currentStreak, streakItems } from './streaks';

/** The Daily Streaks card's habits (habits/dashboard.ts), read by the route. */
type Habits = DashboardSummary['habits'];

type Progress = DashboardSummary['today'];

/** How many rows there are, and how many of them `completed` marks done. */
function doneOfAll(completed: string) {
  return [
    sql<number>`count(*)`.as('total'),
    sql<number>`coalesce(sum(case when ${sql.ref(completed)} then 1 else 0 end), 0)`.as(
      'completed',
    ),
  ];
}

/** The Today card: the tasks of today's plan, done of all; 0 of 0 without a plan. */
async function todayProgress(db: Kysely<Database>, userId: string, today: string) {
  const row = await db
    .selectFrom('daily_tasks as t')
    .innerJoin('daily_plans as p', 'p.id', 't.plan_id')
    .select(doneOfAll('t.completed'))
    .where('p.user_id', '=', userId)
    .where('p.plan_date', '=', today)
    .where('t.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return progress(Number(row.completed), Number(row.total));
}

function progress(completed: number, total: number): Progress {
  return { completed, total, percentage: percentage(completed, total) };
}

/**
 * The occurrences of repeating todos done from `from` to `to`, by the day they were done
 * (migration 0014): a repeating todo's completions are its occurrences, so its own completion
 * day (when its series ended) is left out where todos are counted.
 */
export function occurrencesDoneIn(db: Kysely<Database>, userId: string, from: string, to: string) {
  return db
    .selectFrom('todo_occurrences')
    .select('completed_on as completed_date')
    .where('user_id', '=', userId)
    .where('completed_on', '>=', from)
    .where('completed_on', '<=', to)
    .where('outcome', '=', 'done');
}

/**
 * The This Week and This Month cards: todos and plan tasks counted by the day they
 * were completed in the user’s time zone (completed_date, migration 0006), and the occurrences
 * of repeating todos by the day they were done. One scan of each table's
 * (user_id, completed_date) index over the span covering both periods (a week may straddle two
 * months), split into the two counts by the database.
 */
async function completedThisWeekAndMonth(db: Kysely<Database>, userId: string, today: string) {
  const week = weekOf(today);
  const month = monthOf(today);
  const from = week.start < month.start ? week.start : month.start;
  const to = week.end > month.end ? week.end : month.end;
  const completedIn = (table: 'todos' | 'daily_tasks') =>
    db
      .selectFrom(table)
      .select('completed_date')
      .where('user_id', '=', userId)
      .where('completed_date', '>=', from)
      .where('completed_date', '<=', to);
  const row = await db
    .selectFrom(
      completedIn('todos')
        .where('repeat_rule', 'is', null)
        .unionAll(completedIn('daily_tasks'))
        .unionAll(occurrencesDoneIn(db, userId, from, to))
        .as('done'),
    )
    .select([
      sql<number>`count(case when completed_date between ${week.start} and ${week.end} then 1 end)`.as(
        'week',
      ),
      sql<number>`count(case when completed_date between ${month.start} and ${month.end} then 1 end)`.as(
        'month',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { week: { completed: Number(row.week) }, month: { completed: Number(row.month) } };
}

/**
 * The Daily Todos card ("local start and end of day; completed percentage rounded
 * of todos created that day"). The day's bounds are instants in the user's time zone, so a day
 * that loses or gains an hour to daylight saving is 23 or 25 hours long.
 */
async function todosCreatedToday(
  db: Kysely<Database>,
  userId: string,
  timezone: string,
  today: string,
) {
  const row = await db
    .selectFrom('todos')
    .select(doneOfAll('completed'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', startOfDayIn(today, timezone).toISOString())
    .where('created_at', '<', startOfDayIn(addDays(today, 1), timezone).toISOString())
    .executeTakeFirstOrThrow();
  return progress(Number(row.completed), Number(row.total));
}

/**
 * The Due Today card: the user's unfinished todos due today and those already overdue, both
 * along the `(user_id, due_date)` index ("today" in the user's time zone).
 */
async function todosDue(db: Kysely<Database>, userId: string, today: string) {
  const row = await db
    .selectFrom('todos')
    .select([
      sql<number>`coalesce(sum(case when due_date = ${today} then 1 else 0 end), 0)`.as('due'),
      sql<number>`coalesce(sum(case when due_date < ${today} then 1 else 0 end), 0)`.as('overdue'),
    ])
    .where('user_id', '=', userId)
    .where('due_date', '<=', today)
    .where('completed', '=', false)
    .executeTakeFirstOrThrow();
  return { dueToday: Number(row.due), overdue: Number(row.overdue) };
}

/** The plan streaks: the current one and the Daily Streaks list, read over the whole history. */
export async function planStreaks(db: Kysely<Database>, userId: string, today: string) {
  const [streak, streaks] = await Promise.all([
    currentStreak(db, userId, today),
    streakItems(db, userId, today),
  ]);
  return { currentStreak: streak, streaks };
}
export type PlanStreaks = Awaited<ReturnType<typeof planStreaks>>;

/**
 * The dashboard overview's cards and Daily Streaks, each counted by the database. The streaks
 * come from `streaks`, which may answer them from a cache (analytics/routes.ts).
 */
export async function dashboardSummary(
  db: Kysely<Database>,
  userId: string,
  timezone: string,
  today: string,
  streaks: () => Promise<PlanStreaks>,
  habits: () => Promise<Habits>,
): Promise<DashboardSummary> {
  const [todayCard, periods, dailyTodos, dueToday, planned, habitItems] = await Promise.all([
    todayProgress(db, userId, today),
    completedThisWeekAndMonth(db, userId, today),
    todosCreatedToday(db, userId, timezone, today),
    todosDue(db, userId, today),
    streaks(),
    habits(),
  ]);
  return { today: todayCard, ...periods, dailyTodos, dueToday, ...planned, habits: habitItems };
}
