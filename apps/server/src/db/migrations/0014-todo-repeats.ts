import { type Kysely, sql } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Repeating todos and habits (issue 15, todos/repeats.ts, habits/).
 *
 * On `todos`: the rule (an RRULE value without DTSTART) and what the next date counts from, the
 * series' first day (its DTSTART, in the user's time zone), and the habit as of the todo's last
 * write (`habit_through`: every occurrence up to that day is counted in it), so that a read only
 * applies the few occurrences since rather than the whole history.
 *
 * `todo_occurrences`: each occurrence done or skipped, with the day it was done in the user's
 * time zone (the charts count a done one on that day). It goes with its todo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema.alterTable('todos').addColumn('repeat_rule', 'text').execute();
  await db.schema.alterTable('todos').addColumn('repeat_from', 'text').execute();
  await db.schema.alterTable('todos').addColumn('repeat_start', 'text').execute();
  for (const column of ['habit_streak', 'habit_best', 'habit_freezes', 'habit_done']) {
    await db.schema
      .alterTable('todos')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('todos').addColumn('habit_through', 'text').execute();
  await db.schema
    .createIndex('todos_user_repeating_idx')
    .on('todos')
    .column('user_id')
    .where(sql.ref('repeat_rule'), 'is not', null)
    .execute();
  // The charts count plain todos by completion day (a repeating todo's completions are its
  // occurrences): this keeps that an index-only read.
  await db.schema
    .createIndex('todos_user_completed_plain_idx')
    .on('todos')
    .columns(['user_id', 'completed_date', 'repeat_rule'])
    .where(sql.ref('repeat_rule'), 'is', null)
    .execute();

  await db.schema
    .createTable('todo_occurrences')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('todo_id', 'text', (col) => col.notNull().references('todos.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('completed_at', timestamp, (col) => col.notNull())
    .addColumn('completed_on', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('todo_occurrences_todo_idx')
    .on('todo_occurrences')
    .columns(['todo_id', 'occurrence_date'])
    .execute();
  await db.schema
    .createIndex('todo_occurrences_user_completed_on_idx')
    .on('todo_occurrences')
    .columns(['user_id', 'completed_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('todo_occurrences').execute();
  await db.schema.dropIndex('todos_user_completed_plain_idx').execute();
  await db.schema.dropIndex('todos_user_repeating_idx').execute();
  for (const column of [
    'habit_through',
    'habit_done',
    'habit_freezes',
    'habit_best',
    'habit_streak',
    'repeat_start',
    'repeat_from',
    'repeat_rule',
  ]) {
    await db.schema.alterTable('todos').dropColumn(column).execute();
  }
}
