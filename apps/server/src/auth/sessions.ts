import type { ActiveSession } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

export type { ActiveSession };

/** The account's live sessions, most recently used first. */
export async function listSessions(
  db: Kysely<Database>,
  userId: string,
  currentId: string,
  now: Date,
): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent || null,
    ipAddress: row.ip_address || null,
    createdAt: row.created_at,
    lastActiveAt: row.updated_at,
    current: row.id === currentId,
  }));
}

/** Ends one of the user's sessions; false when it is not theirs (or gone). */
export async function revokeSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of the user but the current one. */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: string,
  currentId: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', currentId)
    .execute();
}
