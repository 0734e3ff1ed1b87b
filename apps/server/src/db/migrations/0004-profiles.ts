import { type Kysely, sql } from 'kysely';

import { timestampType } from '../column-types';

/** Profile fields and pictures, stored re-encoded in the database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  const blob = timestamp === 'timestamptz' ? 'bytea' : 'blob';
  for (const column of ['bio', 'location', 'website']) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(sql`''`))
      .execute();
  }
  await db.schema
    .createTable('profile_pictures')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('data', blob, (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_pictures').execute();
  for (const column of ['bio', 'location', 'website']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
