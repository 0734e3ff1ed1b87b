import { addDays } from '@daywise/shared';
import type { CompletionDay, TagStat } from '@daywise/shared/schemas';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';

type DayTask = CompletionDay['tasks'][number];

/**
 * A plan's tasks (`p` in the query), in plan order, as one JSON array the database builds through
 * the plan index: PostgreSQL's driver hands it over parsed, SQLite's as text (a completed flag
 * there is 0/1, written out as a JSON boolean). Built by the database so that the range's days
 * and their tasks come in one query: a second query for the tasks by plan id cost a round trip
 * and a row object per task (completions 3.0-3.9 -> 2.5-2.8 ms on PostgreSQL, 1.3 -> 0.9 ms on
 * SQLite, two years of plans; ADR 0018).
 */
function tasksJson(db: Kysely<Database>) {
  const fields = (completed: RawBuilder<unknown>) =>
    sql.join([
      sql`'id', t.id`,
      sql`'title', t.title`,
      sql`'completed', ${completed}`,
      sql`'tag', t.tag`,
      sql`'tagColor', t.tag_color`,
      sql`'priority', t.priority`,
    ]);
  const aggregate = isPostgres(db)
    ? sql`json_agg(json_build_object(${fields(sql`t.completed`)}) order by t.position)`
    : sql`json_group_array(json_object(${fields(
        sql`json(case when t.completed then 'true' else 'false' end)`,
      )}) order by t.position)`;
  return sql<DayTask[] | string | null>`(
    select ${aggregate} from daily_tasks t where t.plan_id = p.id
  )`;
}

/** The tasks column as read: parsed already (PostgreSQL), JSON text (SQLite), or none. */
function parsedTasks(tasks: DayTask[] | string | null): DayTask[] {
  return typeof tasks === 'string' ? (JSON.parse(tasks) as DayTask[]) : (tasks ?? []);
}

/**
 * The Daily Completions tab: the plans of the last `days` days, newest first, each
 * with its completion record and its tasks. A plan whose record is missing still
 * shows, with zero counts, rather than vanishing from the history. One query for every day
 * of the range, never one per day; a plan's tasks are read by plan alone, as the plan index
 * gives them in order (ADR 0018 step 12).
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
      tasksJson(db).as('tasks'),
    ])
    .where('p.user_id', '=', userId)
    .where('p.plan_date', '>=', addDays(today, -(days - 1)))
    .where('p.plan_date', '<=', today)
    .orderBy('p.plan_date', 'desc')
    .execute();
  return plans.map((plan) => ({
    planId: plan.id,
    title: plan.title,
    date: plan.plan_date,
    totalTasks: Number(plan.total_tasks ?? 0),
    completedTasks: Number(plan.completed_tasks ?? 0),
    completionPercentage: Number(plan.completion_percentage ?? 0),
    tagStats: plan.tag_stats ? (JSON.parse(plan.tag_stats) as TagStat[]) : [],
    tasks: parsedTasks(plan.tasks),
  }));
}
