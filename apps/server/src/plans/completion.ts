import { FALLBACK_TAG_COLOR } from '@daywise/shared';
import { type TagStat } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

function percentage(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

/**
 * Recomputes a plan's daily completion record from its tasks: totals,
 * percentage and per-tag stats, counted by the database. Callers run it in the same transaction
 * as the task change, so the record never disagrees with the tasks.
 */
export async function refreshCompletion(
  trx: Kysely<Database>,
  plan: { id: string; user_id: string; plan_date: string },
  now: Date,
): Promise<void> {
  const byTag = await trx
    .selectFrom('daily_tasks')
    .select([
      'tag',
      sql<string | null>`max(tag_color)`.as('color'),
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when completed then 1 else 0 end), 0)`.as('completed'),
    ])
    .where('plan_id', '=', plan.id)
    .groupBy('tag')
    .orderBy('tag')
    .execute();
  let total = 0;
  let completed = 0;
  const tagStats: TagStat[] = [];
  for (const group of byTag) {
    const groupTotal = Number(group.total);
    const groupCompleted = Number(group.completed);
    total += groupTotal;
    completed += groupCompleted;
    if (group.tag !== null) {
      tagStats.push({
        tag: group.tag,
        color: group.color ?? FALLBACK_TAG_COLOR,
        total: groupTotal,
        completed: groupCompleted,
        percentage: percentage(groupCompleted, groupTotal),
      });
    }
  }
  const values = {
    total_tasks: total,
    completed_tasks: completed,
    completion_percentage: percentage(completed, total),
    tag_stats: JSON.stringify(tagStats),
    updated_at: now.toISOString(),
  };
  await trx
    .insertInto('daily_completions')
    .values({
      id: newId(),
      user_id: plan.user_id,
      plan_id: plan.id,
      date: plan.plan_date,
      created_at: now.toISOString(),
      ...values,
    })
    .onConflict((conflict) => conflict.column('plan_id').doUpdateSet(values))
    .execute();
}
