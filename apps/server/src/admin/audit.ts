import { ADMIN_PAGE_SIZE, type AuditAction, type AuditEntry } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { SessionUser } from '../lib/caller';
import { newId } from '../lib/ids';

/** Writes one admin action to the audit log (ADR 0039): who, what, about whom, when. */
export async function recordAction(
  db: Kysely<Database>,
  admin: SessionUser,
  action: AuditAction,
  target: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: newId(),
      admin_id: admin.id,
      admin_email: admin.email,
      action,
      target,
      created_at: now.toISOString(),
    })
    .execute();
}

/** One page of the audit log, newest first. */
export async function auditPage(db: Kysely<Database>, page: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('admin_audit')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    adminEmail: row.admin_email,
    action: row.action as AuditAction,
    target: row.target,
    at: row.created_at,
  }));
  return { entries, page, total: Number(total.n) };
}
