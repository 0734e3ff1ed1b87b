import type { Kysely } from 'kysely';

import { isPostgres, timestampType } from '../column-types';

/**
 * Server-side reminders (issue 14, reminders/queue.ts).
 *
 * `reminder_deliveries`, on both engines: one row per reminder that came due, keyed by item and
 * fire instant. The instance that inserts it is the one that delivers, so a retry or a second
 * instance never sends twice; a reminder found too late is recorded as missed.
 *
 * `reminder_jobs`, on SQLite only: the pending reminders, one per item, polled by the process.
 * PostgreSQL keeps them in Graphile Worker's own schema, which it migrates itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('reminder_deliveries')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fire_at', timestamp, (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_deliveries_user_idx')
    .on('reminder_deliveries')
    .column('user_id')
    .execute();
  if (isPostgres(db)) {
    return;
  }
  await db.schema
    .createTable('reminder_jobs')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('run_at', timestamp, (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_jobs_run_at_idx')
    .on('reminder_jobs')
    .column('run_at')
    .execute();
  await db.schema
    .createIndex('reminder_jobs_user_idx')
    .on('reminder_jobs')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_jobs').ifExists().execute();
  await db.schema.dropTable('reminder_deliveries').execute();
}
