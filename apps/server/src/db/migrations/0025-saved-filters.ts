import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Saved filters (issue 32, ADR 0028): a user's named queries in the filter language, in the
 * order they chose. The query is kept as text and parsed when read; a list or tag it names is
 * looked up by name then, so renaming or deleting one changes what it matches, never the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('saved_filters')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  // GET /api/filters reads a user's filters in order.
  await db.schema
    .createIndex('saved_filters_user_position_idx')
    .on('saved_filters')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_filters').execute();
}
