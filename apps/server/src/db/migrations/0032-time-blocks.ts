import type { Kysely } from 'kysely';

/**
 * Time blocks (issue 33, ADR 0031 "Time blocks"): a plan task's start and length on its plan's
 * day, and a todo's day, start and length, its day apart from its due date. The calendar reads a
 * user's todo blocks by day, hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('daily_tasks').addColumn('block_start', 'text').execute();
  await db.schema.alterTable('daily_tasks').addColumn('block_minutes', 'integer').execute();
  await db.schema.alterTable('todos').addColumn('block_date', 'text').execute();
  await db.schema.alterTable('todos').addColumn('block_start', 'text').execute();
  await db.schema.alterTable('todos').addColumn('block_minutes', 'integer').execute();
  await db.schema
    .createIndex('todos_user_block_date_idx')
    .on('todos')
    .columns(['user_id', 'block_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_block_date_idx').execute();
  for (const column of ['block_minutes', 'block_start', 'block_date']) {
    await db.schema.alterTable('todos').dropColumn(column).execute();
  }
  for (const column of ['block_minutes', 'block_start']) {
    await db.schema.alterTable('daily_tasks').dropColumn(column).execute();
  }
}
