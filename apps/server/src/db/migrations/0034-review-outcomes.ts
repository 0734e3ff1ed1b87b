import { type Kysely, sql } from 'kysely';

import { booleanType } from '../column-types';

/**
 * What the end-of-day review did with an unfinished plan task (issue 33, ADR 0033): carried to a
 * day as a todo (that todo's id), or dropped. The task itself stays unfinished in its day's record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bool = booleanType(db);
  await db.schema.alterTable('daily_tasks').addColumn('carried_todo_id', 'text').execute();
  await db.schema
    .alterTable('daily_tasks')
    .addColumn('dropped', bool, (col) =>
      col.notNull().defaultTo(bool === 'boolean' ? sql`false` : sql`0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('daily_tasks').dropColumn('dropped').execute();
  await db.schema.alterTable('daily_tasks').dropColumn('carried_todo_id').execute();
}
