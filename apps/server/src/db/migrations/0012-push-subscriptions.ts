import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Web push subscriptions (push/): one row per browser that asked for push reminders. The endpoint
 * is the push service's address for that browser, unique across users: a browser that subscribes
 * again, under whichever account is signed in, replaces its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('device_label', 'text', (col) => col.notNull())
    // The session that subscribed it: once that session ends (signing out, a revoked session, a
    // password reset) the browser gets no more of this account's reminders.
    .addColumn('session_id', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('last_success_at', timestamp)
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
