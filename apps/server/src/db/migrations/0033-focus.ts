import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * The focus timer (issue 33, ADR 0032): one timer per user, the focus sessions it records, a
 * todo's estimate, and the minutes focused on each todo and plan task (kept with each session
 * written, like the other counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema.alterTable('todos').addColumn('estimate_minutes', 'integer').execute();
  for (const table of ['todos', 'daily_tasks']) {
    await db.schema
      .alterTable(table)
      .addColumn('focus_minutes', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('focus_timers')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('item_kind', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('phase', 'text', (col) => col.notNull())
    .addColumn('phase_started_at', timestamp, (col) => col.notNull())
    .addColumn('phase_ms', 'integer')
    .addColumn('elapsed_ms', 'integer', (col) => col.notNull())
    .addColumn('running_since', timestamp)
    .addColumn('focus_count', 'integer', (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('focus_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('todo_id', 'text', (col) => col.references('todos.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (col) => col.references('daily_tasks.id').onDelete('cascade'))
    .addColumn('started_at', timestamp, (col) => col.notNull())
    .addColumn('ended_at', timestamp, (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('focus_sessions_user_ended_idx')
    .on('focus_sessions')
    .columns(['user_id', 'ended_at'])
    .execute();
  await db.schema
    .createIndex('focus_sessions_todo_idx')
    .on('focus_sessions')
    .column('todo_id')
    .execute();
  await db.schema
    .createIndex('focus_sessions_task_idx')
    .on('focus_sessions')
    .column('task_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('focus_sessions').execute();
  await db.schema.dropTable('focus_timers').execute();
  for (const table of ['todos', 'daily_tasks']) {
    await db.schema.alterTable(table).dropColumn('focus_minutes').execute();
  }
  await db.schema.alterTable('todos').dropColumn('estimate_minutes').execute();
}
