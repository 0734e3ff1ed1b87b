import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * The user's own notification channels for reminders (issue 35, ADR 0037): ntfy, Gotify and
 * webhooks, each with its secret (a token, or the webhook's signing secret) and what became of
 * the last notification sent to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('notification_channels')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('topic', 'text')
    .addColumn('secret', 'text')
    .addColumn('last_ok', 'integer')
    .addColumn('last_status', 'integer')
    .addColumn('last_message', 'text')
    .addColumn('last_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notification_channels_user_idx')
    .on('notification_channels')
    .columns(['user_id', 'created_at'])
    .execute();
}
