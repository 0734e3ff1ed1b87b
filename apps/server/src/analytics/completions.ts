import { addDays } from '@daywise/shared';
import type { CompletionDay, TagStat } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

type DayTask = CompletionDay['tasks'][number];

/**
 * The tasks of the given plans (already known to be the user's), in plan order, grouped by plan:
 * one query for every day of the range, never one per day. By plan alone, so that the plan index
 * gives each plan's tasks in order: with the user's id as well, SQLite read every task the user
 * ever had through the user's index and sorted them (2.4-4.4 ms of a 6.3 ms read, two years of
 * plans; ADR 0018 step 12).
 */
async function tasksByPlan(
  db: Kysely<Database>,
  planIds: string[],
): Promise<Map<string, DayTask[]>> {
  const grouped = new Map<string, DayTask[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) {
    return grouped;
  }
  const rows = await db
    .selectFrom('daily_tasks')
    .select(['id', 'plan_id', 'title', 'completed', 'tag', 'tag_color', 'priority'])
    .where('plan_id', 'in', planIds)
    .orderBy('plan_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    grouped.get(row.plan_id)?.push({
      id: row.id,
      title: row.title,
      completed: Boolean(row.completed),
      tag: row.tag,
      tagColor: row.tag_color,
      priority: row.priority,
    });
  }
  return grouped;
}

/**
 * The Daily Completions tab: the plans of the last `days` days, newest first, each
 * with its completion record and its tasks. A plan whose record is missing still
 * shows, with zero counts, rather than vanishing from the history.
 */
export async function completionDays(
  db: Kysely<Database>,
  userId: string,
  days: number,
  today: string,
): Promise<CompletionDay[]> {
  const plans = await db
    .selectFrom('daily_plans as p')
    .leftJoin('daily_completions as c', (join) =>
      join.onRef('c.plan_id', '=', 'p.id').on('c.user_id', '=', userId),
    )
    .select([
      'p.id',
      'p.title',
      'p.plan_date',
      'c.total_tasks',
      'c.completed_tasks',
      'c.completion_percentage',
      'c.tag_stats',
    ])
    .where('p.user_id', '=', userId)
    .where('p.plan_date', '>=', addDays(today, -(days - 1)))
    .where('p.plan_date', '<=', today)
    .orderBy('p.plan_date', 'desc')
    .execute();
  const tasks = await tasksByPlan(
    db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({
    planId: plan.id,
    title: plan.title,
    date: plan.plan_date,
    totalTasks: Number(plan.total_tasks ?? 0),
    completedTasks: Number(plan.completed_tasks ?? 0),
    completionPercentage: Number(plan.completion_percentage ?? 0),
    tagStats: plan.tag_stats ? (JSON.parse(plan.tag_stats) as TagStat[]) : [],
    tasks: tasks.get(plan.id) ?? [],
  }));
}
