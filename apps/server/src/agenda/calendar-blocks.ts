import type { CalendarBlock, CalendarRangeQuery } from '@daywise/shared/schemas';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';

import type { Database } from '../db/schema';

/** A condition on the user's todos: a saved filter's (filters/compile.ts, `filterWhere`). */
export type TodoCondition = (eb: ExpressionBuilder<Database, 'todos'>) => Expression<SqlBool>;

/**
 * The rows of the time blocks from `from` to `to` (ADR 0031, Time blocks), done or not: todos by
 * their block's own day (the (user, block date) index of migration 0032), whatever their due
 * date, and the tasks of the user's plans dated in the range that have a block; each kind by day,
 * at most `limit` of each. With `matching`, only the todos meeting it, and no tasks (a saved
 * filter's feed). Read by the calendar's range (below) and the calendar feed (calendar/).
 */
export async function blockRows(
  db: Kysely<Database>,
  userId: string,
  { from, to }: CalendarRangeQuery,
  { matching, limit }: { matching?: TodoCondition; limit?: number } = {},
) {
  let todos = db
    .selectFrom('todos')
    .select([
      'id',
      'title',
      'description',
      'priority',
      'completed',
      'updated_at',
      'block_date',
      'block_start',
      'block_minutes',
    ])
    .where('user_id', '=', userId)
    .where('block_date', '>=', from)
    .where('block_date', '<=', to)
    .where('block_start', 'is not', null);
  if (matching) {
    todos = todos.where(matching);
  }
  const tasks = db
    .selectFrom('daily_plans as p')
    .innerJoin('daily_tasks as t', 't.plan_id', 'p.id')
    .select([
      't.id',
      't.title',
      't.description',
      't.priority',
      't.completed',
      't.updated_at',
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
    .orderBy('p.plan_date')
    .orderBy('t.position');
  const [todoRows, taskRows] = await Promise.all([
    (limit ? todos.limit(limit) : todos).orderBy('block_date').orderBy('id').execute(),
    matching ? [] : (limit ? tasks.limit(limit) : tasks).execute(),
  ]);
  return {
    todos: todoRows.map((row) => ({
      ...row,
      completed: Boolean(row.completed),
      date: row.block_date ?? from,
      start: row.block_start ?? '00:00',
      minutes: Number(row.block_minutes),
    })),
    tasks: taskRows.map((row) => ({
      ...row,
      completed: Boolean(row.completed),
      date: row.plan_date,
      start: row.block_start ?? '00:00',
      minutes: Number(row.block_minutes),
    })),
  };
}

/** The calendar's time blocks in the range: by day, then start. */
export async function blocksInRange(
  db: Kysely<Database>,
  userId: string,
  range: CalendarRangeQuery,
): Promise<CalendarBlock[]> {
  const { todos, tasks } = await blockRows(db, userId, range);
  const shown = (row: (typeof todos)[number] | (typeof tasks)[number]) => ({
    id: row.id,
    title: row.title,
    priority: row.priority,
    completed: row.completed,
    date: row.date,
    start: row.start,
    minutes: row.minutes,
  });
  const blocks: CalendarBlock[] = [
    ...todos.map((row) => ({
      kind: 'todo' as const,
      ...shown(row),
      planId: null,
      tagColor: null,
    })),
    ...tasks.map((row) => ({
      kind: 'task' as const,
      ...shown(row),
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
