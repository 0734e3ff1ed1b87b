import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Who may join and an admin (issue 35, ADR 0039): an account an admin disabled, the invitations
 * an admin sent (only the hash of each link's secret is kept), and the audit log of every admin
 * action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema.alterTable('users').addColumn('disabled_at', timestamp).execute();
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('accepted_at', timestamp)
    .execute();
  await db.schema
    .createIndex('invitations_email_idx')
    .on('invitations')
    .columns(['email', 'expires_at'])
    .execute();
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('admin_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_created_idx')
    .on('admin_audit')
    .columns(['created_at', 'id'])
    .execute();
}
