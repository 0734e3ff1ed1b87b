import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { SessionUser } from '../lib/caller';
import { ApiError } from '../lib/errors';
import type { EventBus } from '../lib/events';
import { changeable, readable } from '../lib/policy';

/** An account an admin may act on: one that exists and is not deleted; 404 otherwise. */
export async function liveAccount(db: Kysely<Database>, userId: string) {
  return readable(
    await db
      .selectFrom('users')
      .select(['id', 'email', 'disabled_at'])
      .where('id', '=', userId)
      .where('is_deleted', '=', false)
      .executeTakeFirst(),
  );
}

/**
 * Disables an account (ADR 0039): it can no longer sign in, and its sessions are deleted in the
 * same transaction. Once committed, `sessions.ended` for all of them ends the rest on every
 * instance: the session caches forget them and the sockets close (over the realtime bus), API
 * tokens and CalDAV app passwords are deleted, push devices removed and the calendar feed turned
 * off (each feature's subscriber). An admin cannot disable their own account.
 */
export async function disableAccount(
  db: Kysely<Database>,
  events: EventBus,
  admin: SessionUser,
  userId: string,
  now: Date,
) {
  const account = await liveAccount(db, userId);
  changeable(account.id !== admin.id, 'PERMISSION_DENIED', 'You cannot disable your own account.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ disabled_at: account.disabled_at ?? now.toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
  await events.emit({ type: 'sessions.ended', userId });
  return account;
}

/** Enables a disabled account: it may sign in again; the sessions it had stay ended. */
export async function enableAccount(db: Kysely<Database>, userId: string) {
  const account = await liveAccount(db, userId);
  await db.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute();
  return account;
}

/** Refuses a disabled account at sign-in, with the message the login page shows. */
export function refuseDisabled(user: { disabled_at: string | null }): void {
  if (user.disabled_at !== null) {
    throw new ApiError('ACCOUNT_DISABLED', ACCESS_MESSAGES.accountDisabled);
  }
}
