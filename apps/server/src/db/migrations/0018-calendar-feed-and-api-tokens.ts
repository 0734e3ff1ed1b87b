import type { Kysely } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/**
 * Personal API tokens and the calendar feed (issue 16).
 *
 * `api_tokens` keeps only the SHA-256 of each token (a token is 256 random bits, so a plain hash
 * is enough; the token itself is shown once). `calendar_feeds` keeps no secret at all: the feed's
 * address carries an HMAC of the user and `version` under the server's secret
 * (calendar/feed-token.ts), so the address can be shown again in Settings and rotating it is
 * `version + 1`. The row stays when the feed is turned off, so an old address never comes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('api_tokens_user_idx')
    .on('api_tokens')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('enabled', booleanType(db), (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('api_tokens').execute();
}
