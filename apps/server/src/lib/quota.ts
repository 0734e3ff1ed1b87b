import { type SelectQueryBuilder, sql, type Transaction } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { ApiError } from './errors';

/** One user's side of a quota: their rows that count, how many they may have, what to say. */
export interface QuotaSide<T extends keyof Database> {
  userId: string;
  /** The user's rows in `table`; counted once the lock is held. */
  rows: SelectQueryBuilder<Database, T, object>;
  max: number;
  message: string;
}

/**
 * Refuses a creation in `table` once a per-user quota is reached (ADR 0016), with 403
 * `QUOTA_EXCEEDED` and the side's message. Call it inside the transaction that inserts, before
 * the insert: the quota then holds under any concurrency (ADR 0022).
 *
 * On PostgreSQL a transaction-scoped advisory lock per (table, user) makes a user's creations in
 * one table take turns until commit, so each counts what the one before it wrote. When a creation
 * counts for two users (a friendship, a chat, a shared plan) both are locked, always in id order,
 * so two creations for the same pair take turns instead of each holding one lock and waiting for
 * the other (a deadlock). SQLite needs no lock: one instance serves the file (ADR 0002) and its
 * single connection runs one transaction at a time.
 */
export async function requireUnderQuota<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  sides: readonly QuotaSide<T>[],
): Promise<void> {
  await lockQuota(
    trx,
    table,
    sides.map((side) => side.userId),
  );
  for (const side of sides) {
    const { count } = await side.rows
      .select(sql<number | string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= side.max) {
      throw new ApiError('QUOTA_EXCEEDED', side.message);
    }
  }
}

/**
 * Takes the quota lock of `table` for each user until the transaction ends (see
 * `requireUnderQuota`), for a writer that counts its room itself, such as an import.
 */
export async function lockQuota(
  trx: Transaction<Database>,
  table: keyof Database,
  userIds: readonly string[],
): Promise<void> {
  if (!isPostgres<Database>(trx)) {
    return;
  }
  for (const userId of [...new Set(userIds)].sort()) {
    const lock = `quota ${table} ${userId}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx);
  }
}
