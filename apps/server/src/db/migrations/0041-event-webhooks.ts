import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Webhooks for the user's own events (issue 35, ADR 0040): each with its URL, the events it is
 * sent and its signing secret, and the log of its delivery attempts (the last ones per webhook).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('event_webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('event_webhooks_user_idx')
    .on('event_webhooks')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) =>
      col.notNull().references('event_webhooks.id').onDelete('cascade'),
    )
    .addColumn('delivery_id', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('ok', 'integer', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('gave_up', 'integer', (col) => col.notNull())
    .addColumn('at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_webhook_idx')
    .on('webhook_attempts')
    .columns(['webhook_id', 'at'])
    .execute();
}
