import { type Kysely, sql } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/** Todos, with the indexes the list, the counters and analytics use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  const bool = booleanType(db);
  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .addColumn('priority', 'text', (col) => col.notNull().defaultTo('medium'))
    .addColumn('due_date', 'text')
    .addColumn('reminder_time', 'text')
    .addColumn('completed', bool, (col) =>
      col.notNull().defaultTo(bool === 'boolean' ? sql`false` : sql`0`),
    )
    .addColumn('completed_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('todos_user_created_idx')
    .on('todos')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('todos_user_completed_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'created_at'])
    .execute();
  await db.schema
    .createIndex('todos_user_due_idx')
    .on('todos')
    .columns(['user_id', 'due_date'])
    .execute();
  await db.schema
    .createIndex('todos_user_completed_at_idx')
    .on('todos')
    .columns(['user_id', 'completed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('todos').execute();
}
