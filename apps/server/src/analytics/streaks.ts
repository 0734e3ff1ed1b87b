import { createHash } from 'node:crypto';

import { addDays } from '@daywise/shared';
import { STREAK_LIST_SIZE, type StreakItem } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';

/** How many days `plan_date` lies before `today`, in the engine's own date arithmetic. */
function daysBefore(db: Kysely<Database>, today: string) {
  return isPostgres(db)
    ? sql<number>`(${today}::date - plan_date::date)`
    : sql<number>`(julianday(${today}) - julianday(plan_date))`;
}

/**
 * Current streak (docs/product/daily-goals.md): consecutive plan days up to today; none (0) when
 * today has no plan. Plans dated after today are left out: they cannot extend a run that ends
 * today. Numbered newest first along the (user_id, plan_date) index, the n-th plan is n - 1 days
 * before today exactly while there has been no gap, and further back from the first gap on (one
 * plan a day at most), so the streak is how many plans sit at their own distance. One query,
 * counted by the database: reading the dates back in batches cost several round trips for a long
 * streak (2.2-3.3 ms on PostgreSQL and 1.1 ms on SQLite at two years, against 0.7 and 0.3 ms;
 * ADR 0018).
 */
export async function currentStreak(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<number> {
  const { rows } = await sql<{ streak: number | string }>`
    select count(*) as streak
    from (
      select plan_date, row_number() over (order by plan_date desc) as n
      from daily_plans
      where user_id = ${userId} and plan_date <= ${today}
    ) as numbered
    where ${daysBefore(db, today)} = n - 1
  `.execute(db);
  return Number(rows[0]?.streak ?? 0);
}

/** A stable, opaque id for a streak item: the same title always gets the same id. */
function streakId(titleKey: string): string {
  return createHash('sha256').update(titleKey).digest('base64url').slice(0, 16);
}

/** One completed task's title and plan date, with the title as the database compares it. */
interface DoneRow {
  title_key: string;
  title: string;
  plan_date: string;
}

interface TitleDays {
  title: string;
  lastDay: string;
  total: number;
  /** The plan dates it was done on, a date once per task. */
  days: string[];
}

/**
 * The dashboard's Daily Streaks: plan tasks grouped by title,
 * compared trimmed and case-insensitively, since the same habit is typed anew on each day's
 * plan. A title's days are the plan dates on which a task with it was completed; its streak is
 * the run of consecutive days that ends today or yesterday (today's task may simply not be done
 * yet), else 0. The title shown is the one typed on the latest day (the first in code-point order
 * if that day has two spellings). Ranked by streak, then total completions, then title.
 *
 * The database hands over the completed tasks, and one pass here groups them by title and walks
 * each title's days back from its latest (ADR 0018): a window query doing the same in SQL sorted
 * the whole history twice and cost several times as much.
 */
export async function streakItems(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<StreakItem[]> {
  const { rows } = await sql<DoneRow>`
    select lower(trim(t.title)) as title_key, t.title, p.plan_date
    from daily_tasks t
    join daily_plans p on p.id = t.plan_id
    where t.user_id = ${userId}
      and t.completed = true
      and p.user_id = ${userId}
      and p.plan_date <= ${today}
  `.execute(db);
  const titles = new Map<string, TitleDays>();
  for (const row of rows) {
    const seen = titles.get(row.title_key);
    if (!seen) {
      const { title, plan_date: day } = row;
      titles.set(row.title_key, { title, lastDay: day, total: 1, days: [day] });
      continue;
    }
    seen.total += 1;
    seen.days.push(row.plan_date);
    if (
      row.plan_date > seen.lastDay ||
      (row.plan_date === seen.lastDay && row.title < seen.title)
    ) {
      seen.title = row.title;
      seen.lastDay = row.plan_date;
    }
  }
  const yesterday = addDays(today, -1);
  const items = [...titles].map(([titleKey, { title, lastDay, total, days }]) => {
    const distinct = [...new Set(days)].sort().reverse();
    let run = 1;
    while (run < distinct.length && distinct[run] === addDays(lastDay, -run)) {
      run += 1;
    }
    return { titleKey, title, total, lastDay, streak: lastDay >= yesterday ? run : 0 };
  });
  items.sort(
    (a, b) =>
      b.streak - a.streak ||
      b.total - a.total ||
      compareText(a.title, b.title) ||
      compareText(a.titleKey, b.titleKey),
  );
  return items.slice(0, STREAK_LIST_SIZE).map((item) => ({
    id: streakId(item.titleKey),
    title: item.title,
    totalCompletions: item.total,
    streak: item.streak,
    lastCompletedDate: item.lastDay,
  }));
}

/** Code-point order, as SQLite compares text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
