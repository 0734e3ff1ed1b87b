import { addDays } from '@daywise/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import { jsonBoolean, jsonObject } from '../db/json';
import type { Database } from '../db/schema';
import { JsonAnswer } from '../lib/json-answer';

/**
 * The Daily Completions tab: the plans of the last `days` days, newest first, each with its
 * completion record and its tasks in plan order (`{ days: CompletionDay[] }`). A plan whose
 * record is missing still shows, with zero counts, rather than vanishing from the history.
 *
 * The database writes the whole answer as JSON in one query (ADR 0018, JSON written by the
 * database): the days through the user's plan index, each plan's tasks through the plan index.
 * Read into objects, the answer for 90 days of a heavy user (95 kB) cost about 1.5 MB of
 * short-lived copies per request (rows, parsed task lists, the contract's checked copy, the text
 * written out), and the young-generation collections they caused were what put the read's p95 at
 * its 10 ms target.
 */
export async function completionDays(
  db: Kysely<Database>,
  userId: string,
  days: number,
  today: string,
): Promise<JsonAnswer> {
  const postgres = isPostgres(db);
  // A JSON list, none as []. SQLite hands JSON built in a subquery, or stored as text, back as
  // plain text: json() marks it as JSON again, so that it is nested rather than quoted.
  const list = (value: RawBuilder<unknown>) =>
    postgres ? sql`coalesce(${value}, '[]')::json` : sql`json(coalesce(${value}, '[]'))`;
  const task = jsonObject(db, {
    id: sql`t.id`,
    title: sql`t.title`,
    completed: jsonBoolean(db, 't.completed'),
    tag: sql`t.tag`,
    tagColor: sql`t.tag_color`,
    priority: sql`t.priority`,
  });
  const tasks = postgres
    ? sql`(select json_agg(${task} order by t.position) from daily_tasks t where t.plan_id = p.id)`
    : sql`(select json_group_array(${task} order by t.position)
           from daily_tasks t where t.plan_id = p.id)`;
  const day = jsonObject(db, {
    planId: sql`p.id`,
    title: sql`p.title`,
    date: sql`p.plan_date`,
    totalTasks: sql`coalesce(c.total_tasks, 0)`,
    completedTasks: sql`coalesce(c.completed_tasks, 0)`,
    completionPercentage: sql`coalesce(c.completion_percentage, 0)`,
    tagStats: list(sql`c.tag_stats`),
    tasks: list(tasks),
  });
  const answer = postgres
    ? sql<string>`json_build_object('days',
        coalesce(json_agg(${day} order by p.plan_date desc), '[]'::json))::text`
    : sql<string>`json_object('days', json_group_array(${day} order by p.plan_date desc))`;
  const { json } = await db
    .selectFrom('daily_plans as p')
    .leftJoin('daily_completions as c', (join) =>
      join.onRef('c.plan_id', '=', 'p.id').on('c.user_id', '=', userId),
    )
    .select(answer.as('json'))
    .where('p.user_id', '=', userId)
    .where('p.plan_date', '>=', addDays(today, -(days - 1)))
    .where('p.plan_date', '<=', today)
    .executeTakeFirstOrThrow();
  return new JsonAnswer(json);
}
