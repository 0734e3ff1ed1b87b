import type { CalendarBlock, CalendarRangeQuery } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

/**
 * The time blocks from `from` to `to` (ADR 0031, Time blocks), done or not: todos by their block's
 * own day (the (user, block date) index of migration 0032), whatever their due date, and the
 * tasks of the user's plans dated in the range that have a block. By day, then start.
 */
export async function blocksInRange(
  db: Kysely<Database>,
  userId: string,
  { from, to }: CalendarRangeQuery,
): Promise<CalendarBlock[]> {
  const [todos, tasks] = await Promise.all([
    db
      .selectFrom('todos')
      .select([
        'id',
        'title',
        'priority',
        'completed',
        'block_date',
        'block_start',
        'block_minutes',
      ])
      .where('user_id', '=', userId)
      .where('block_date', '>=', from)
      .where('block_date', '<=', to)
      .where('block_start', 'is not', null)
      .execute(),
    db
      .selectFrom('daily_plans as p')
      .innerJoin('daily_tasks as t', 't.plan_id', 'p.id')
      .select([
        't.id',
        't.title',
        't.priority',
        't.completed',
        't.tag_color',
        't.block_start',
        't.block_minutes',
        'p.id as plan_id',
        'p.plan_date',
      ])
      .where('p.user_id', '=', userId)
      .where('p.plan_date', '>=', from)
      .where('p.plan_date', '<=', to)
      .where('t.block_start', 'is not', null)
      .execute(),
  ]);
  const blocks: CalendarBlock[] = [
    ...todos.map((row) => ({
      kind: 'todo' as const,
      id: row.id,
      title: row.title,
      priority: row.priority,
      completed: Boolean(row.completed),
      date: row.block_date ?? from,
      start: row.block_start ?? '00:00',
      minutes: Number(row.block_minutes),
      planId: null,
      tagColor: null,
    })),
    ...tasks.map((row) => ({
      kind: 'task' as const,
      id: row.id,
      title: row.title,
      priority: row.priority,
      completed: Boolean(row.completed),
      date: row.plan_date,
      start: row.block_start ?? '00:00',
      minutes: Number(row.block_minutes),
      planId: row.plan_id,
      tagColor: row.tag_color,
    })),
  ];
  return blocks.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.start.localeCompare(b.start) ||
      a.kind.localeCompare(b.kind) ||
      a.id.localeCompare(b.id),
  );
}
