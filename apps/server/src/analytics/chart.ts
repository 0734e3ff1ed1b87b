import type { ChartData, ChartPeriod } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { occurrencesDoneIn } from './dashboard';
import { fillSeries, periodBuckets } from './series';

/**
 * Completions per bar of one table, counted by the database: by completion day for a week or a
 * month, by its YYYY-MM prefix for a year. Both tables keep the day a row was completed in the
 * user's time zone (completed_date), so a bar never depends on the server's clock.
 */
async function completionsPerBucket(
  db: Kysely<Database>,
  table: 'todos' | 'daily_tasks',
  userId: string,
  period: ChartPeriod,
  start: string,
  end: string,
) {
  const bucket =
    period === 'year' ? sql<string>`substr(completed_date, 1, 7)` : sql<string>`completed_date`;
  const completed = db
    .selectFrom(table)
    .select('completed_date')
    .where('user_id', '=', userId)
    .where('completed_date', '>=', start)
    .where('completed_date', '<=', end);
  // A repeating todo's completions are its occurrences done, each on its own day.
  const done =
    table === 'todos'
      ? completed
          .where('repeat_rule', 'is', null)
          .unionAll(occurrencesDoneIn(db, userId, start, end))
      : completed;
  return db
    .selectFrom(done.as('done'))
    .select([bucket.as('key'), sql<number>`count(*)`.as('value')])
    .groupBy(bucket)
    .execute();
}

/**
 * The dashboard's Analytics chart (docs/product/dashboard.md): by completion date, todos and
 * daily-goal tasks as two series over the current week, month or year.
 */
export async function completionChart(
  db: Kysely<Database>,
  userId: string,
  period: ChartPeriod,
  today: string,
): Promise<ChartData> {
  const { start, end, labels, keys } = periodBuckets(period, today);
  const [todos, tasks] = await Promise.all([
    completionsPerBucket(db, 'todos', userId, period, start, end),
    completionsPerBucket(db, 'daily_tasks', userId, period, start, end),
  ]);
  return {
    labels,
    datasets: [
      { label: 'Todos', data: fillSeries(keys, todos) },
      { label: 'Daily Goals', data: fillSeries(keys, tasks) },
    ],
  };
}
