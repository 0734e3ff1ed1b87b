import type { Kysely } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/**
 * Todo lists (issue 32, ADR 0026). A todo's `list_id` is null for the Inbox, which is no row.
 * Deleting a list sets its todos' `list_id` to null (they go to the Inbox); deleting them with
 * it is the route's choice, made before the list goes (lists/lists.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('archived', booleanType(db), (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  // GET /api/lists reads a user's lists in order.
  await db.schema
    .createIndex('lists_user_position_idx')
    .on('lists')
    .columns(['user_id', 'position'])
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('list_id', 'text', (col) => col.references('lists.id').onDelete('set null'))
    .execute();
  // The list filter and each list's open count read the todos of one list.
  await db.schema
    .createIndex('todos_user_list_idx')
    .on('todos')
    .columns(['user_id', 'list_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_list_idx').execute();
  await db.schema.alterTable('todos').dropColumn('list_id').execute();
  await db.schema.dropTable('lists').execute();
}
