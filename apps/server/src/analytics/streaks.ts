import { createHash } from 'node:crypto';

import { addDays } from '@daywise/shared';
import { STREAK_LIST_SIZE, type StreakItem } from '@daywise/shared/schemas';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';

/**
 * The day number of a YYYY-MM-DD text column: consecutive dates differ by exactly 1, so along a
 * run of consecutive dates the day number moves in step with a row number (gaps and islands).
 * The only engine-specific fragment of the analytics queries.
 */
export function dayNumber(db: Kysely<Database>, column: string): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(${sql.ref(column)}::date - date '2000-01-01')`
    : sql<number>`julianday(${sql.ref(column)})`;
}

/**
 * Current streak (docs/product/daily-goals.md): consecutive plan days up to today. The
 * island of consecutive plan dates that holds today; none (0) when today has no plan. Plans
 * dated after today are left out: they cannot extend a run that ends today.
 */
export async function currentStreak(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<number> {
  const { rows } = await sql<{ streak: number | string }>`
    with days as (
      select plan_date,
             ${dayNumber(db, 'plan_date')} - row_number() over (order by plan_date) as island
      from daily_plans
      where user_id = ${userId} and plan_date <= ${today}
    )
    select count(*) as streak
    from days
    where island = (select island from days where plan_date = ${today})
  `.execute(db);
  return Number(rows[0]?.streak ?? 0);
}

interface StreakRow {
  title_key: string;
  title: string;
  last_day: string;
  total: number | string;
  streak: number | string;
}

/** A stable, opaque id for a streak item: the same title always gets the same id. */
function streakId(titleKey: string): string {
  return createHash('sha256').update(titleKey).digest('base64url').slice(0, 16);
}

/**
 * The dashboard's Daily Streaks: plan tasks grouped by title,
 * compared trimmed and case-insensitively, since the same habit is typed anew on each day's
 * plan. A title's days are the plan dates on which a task with it was completed; its streak is
 * the run of consecutive days that ends today or yesterday (today's task may simply not be done
 * yet), else 0. The title shown is the one typed on the latest day (the first alphabetically if
 * that day has two spellings). Ranked by streak, then total completions, then title.
 *
 * Gaps and islands, reading back from each title's latest day: numbering its distinct days
 * 1, 2, 3... newest first (dense_rank), a day lies in the latest run exactly when its day number
 * plus its rank minus one equals the latest day's number; any gap makes the sum fall short. One
 * window pass and one GROUP BY over the completed tasks (a few milliseconds for two
 * years of plans).
 */
export async function streakItems(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<StreakItem[]> {
  const { rows } = await sql<StreakRow>`
    with done as (
      select lower(trim(t.title)) as title_key,
             t.title,
             p.plan_date,
             ${dayNumber(db, 'p.plan_date')} as day_number,
             dense_rank() over latest_first as recency,
             max(${dayNumber(db, 'p.plan_date')}) over latest_first as last_day_number
      from daily_tasks t
      join daily_plans p on p.id = t.plan_id
      where t.user_id = ${userId}
        and p.user_id = ${userId}
        and t.completed = true
        and p.plan_date <= ${today}
      window latest_first as (partition by lower(trim(t.title)) order by p.plan_date desc)
    ),
    items as (
      select title_key,
             min(case when recency = 1 then title end) as title,
             max(plan_date) as last_day,
             count(*) as total,
             count(distinct case
               when day_number + recency - 1 = last_day_number then plan_date
             end) as run_length
      from done
      group by title_key
    )
    select title_key, title, last_day, total,
           case when last_day >= ${addDays(today, -1)} then run_length else 0 end as streak
    from items
    order by streak desc, total desc, title asc, title_key asc
    limit ${STREAK_LIST_SIZE}
  `.execute(db);
  return rows.map((row) => ({
    id: streakId(row.title_key),
    title: row.title,
    totalCompletions: Number(row.total),
    streak: Number(row.streak),
    lastCompletedDate: row.last_day,
  }));
}
