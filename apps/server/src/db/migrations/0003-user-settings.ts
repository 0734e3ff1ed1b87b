import { type Kysely, sql } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/**
 * Per-user settings, one row a user, one column a setting so that other features can
 * query them (friend search filters on profile_visibility). Defaults: docs/product/.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  const bool = booleanType(db);
  const yes = bool === 'boolean' ? sql`true` : sql`1`;
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('email_notifications', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('task_reminders', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('profile_visibility', 'text', (col) => col.notNull().defaultTo('private'))
    .addColumn('activity_tracking', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('theme', 'text', (col) => col.notNull().defaultTo('system'))
    .addColumn('timezone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_settings').execute();
}
