import { addDays, FALLBACK_TAG_COLOR } from '@daywise/shared';
import {
  PERFORMANCE_DAYS,
  type PlanAnalytics,
  type TagStat,
  type UserStats,
} from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { daysBetween, percentage, shortDate } from './series';
import { currentStreak } from './streaks';

/** The user's plan and task counts, kept by the database as plans change (migration 0020). */
async function planCounts(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('plan_counts')
    .select(['plans', 'tasks', 'completed_tasks'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    totalPlans: Number(row?.plans ?? 0),
    totalTasks: Number(row?.tasks ?? 0),
    completedTasks: Number(row?.completed_tasks ?? 0),
  };
}

/**
 * User stats: over every plan the user ever made, from the kept counts, which cost the same
 * whatever the account's age (counting the tasks was 0.5 ms of SQLite's read at two years; ADR
 * 0018).
 */
export async function userStats(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<UserStats> {
  const [{ totalPlans, totalTasks, completedTasks }, streak] = await Promise.all([
    planCounts(db, userId),
    currentStreak(db, userId, today),
  ]);
  return {
    totalPlans,
    totalTasks,
    completedTasks,
    overallCompletionRate: percentage(completedTasks, totalTasks),
    currentStreak: streak,
    averageTasksPerDay: totalPlans === 0 ? 0 : Math.round((totalTasks / totalPlans) * 10) / 10,
  };
}

/** The completion records of a range of days, newest first (at most one per day). */
function completionRecords(db: Kysely<Database>, userId: string, start: string, end: string) {
  return db
    .selectFrom('daily_completions')
    .select(['date', 'total_tasks', 'completed_tasks', 'completion_percentage'])
    .where('user_id', '=', userId)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .orderBy('date', 'desc')
    .execute();
}

/**
 * The by-category chart: tagged tasks of the range's plans per tag. A tag's colour is the one
 * copied onto its most recent task (the tag may have been recoloured or deleted since), or the
 * fallback colour (FALLBACK_TAG_COLOR) when that task has none.
 */
export async function tagCategories(
  db: Kysely<Database>,
  userId: string,
  start: string,
  end: string,
): Promise<TagStat[]> {
  const { rows } = await sql<{
    tag: string;
    color: string | null;
    total: number | string;
    completed: number | string;
  }>`
    with tagged as (
      select t.tag, t.completed,
             first_value(t.tag_color) over (
               partition by t.tag order by p.plan_date desc, t.created_at desc, t.position desc
             ) as color
      from daily_tasks t
      join daily_plans p on p.id = t.plan_id
      where p.user_id = ${userId}
        and t.user_id = ${userId}
        and p.plan_date >= ${start}
        and p.plan_date <= ${end}
        and t.tag is not null
    )
    select tag, color, count(*) as total, sum(case when completed then 1 else 0 end) as completed
    from tagged
    group by tag, color
    order by total desc, tag asc
  `.execute(db);
  return rows.map((row) => {
    const total = Number(row.total);
    const completed = Number(row.completed);
    return {
      tag: row.tag,
      color: row.color ?? FALLBACK_TAG_COLOR,
      total,
      completed,
      percentage: percentage(completed, total),
    };
  });
}

/**
 * The Analytics modal of Daily Goals: all-time totals, the completion percentage of
 * each day of the range (0 where there was no plan), tasks per tag over the range, and Recent
 * Performance, the last PERFORMANCE_DAYS days that had a plan. The trend and the
 * recent list come from one read of the range's completion records.
 */
export async function planAnalytics(
  db: Kysely<Database>,
  userId: string,
  days: number,
  today: string,
): Promise<PlanAnalytics> {
  const start = addDays(today, -(days - 1));
  const [stats, records, categories] = await Promise.all([
    userStats(db, userId, today),
    completionRecords(db, userId, start, today),
    tagCategories(db, userId, start, today),
  ]);
  const byDate = new Map(records.map((record) => [record.date, record]));
  const dates = daysBetween(start, today);
  const recentStart = addDays(today, -(PERFORMANCE_DAYS - 1));
  return {
    stats,
    trend: {
      labels: dates.map(shortDate),
      datasets: [
        {
          label: 'Completion %',
          data: dates.map((date) => Number(byDate.get(date)?.completion_percentage ?? 0)),
        },
      ],
    },
    categories,
    recent: records
      .filter((record) => record.date >= recentStart)
      .map((record) => ({
        date: record.date,
        completedTasks: Number(record.completed_tasks),
        totalTasks: Number(record.total_tasks),
        percentage: Number(record.completion_percentage),
      })),
  };
}
