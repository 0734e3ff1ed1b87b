import { createHash, randomBytes } from 'node:crypto';

import type { TokenCheck } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { AccountTokenPurpose, Database } from '../db/schema';
import { newId } from '../lib/ids';

function hash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Issues the single token of `purpose` for a user: 256 random bits, sent in the email and stored
 * only as its SHA-256. Any earlier token of that purpose stops working (a resend invalidates the
 * old link).
 */
export async function issueToken(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  now: Date,
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        id: newId(),
        user_id: userId,
        purpose,
        token_hash: hash(secret),
        expires_at: expiresAt.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  return { secret, expiresAt };
}

export type { TokenCheck };

/** The token row `secret` names: the user's, of `purpose`. */
function named(userId: string, purpose: AccountTokenPurpose, secret: string) {
  return { token_hash: hash(secret), user_id: userId, purpose };
}

/** A found token's state at `now`; a token not found is invalid. */
function stateOf(row: { expires_at: string } | undefined, now: Date): TokenCheck {
  if (!row) {
    return 'invalid';
  }
  return new Date(row.expires_at) <= now ? 'expired' : 'valid';
}

/** Reads the user's token of `purpose` that `secret` names, and what state it was in at `now`. */
type TokenLookup = (
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  secret: string,
  now: Date,
) => Promise<TokenCheck>;

/** Whether `secret` is the user's live token of `purpose`, without using it up. */
export const checkToken: TokenLookup = async (db, userId, purpose, secret, now) =>
  stateOf(
    await db
      .selectFrom('account_tokens')
      .select('expires_at')
      .where((eb) => eb.and(named(userId, purpose, secret)))
      .executeTakeFirst(),
    now,
  );

/**
 * Uses the token up: deletes it and answers whether it was live. Deleting first makes two
 * requests racing with the same link see one success at most.
 */
export const consumeToken: TokenLookup = async (db, userId, purpose, secret, now) =>
  stateOf(
    await db
      .deleteFrom('account_tokens')
      .where((eb) => eb.and(named(userId, purpose, secret)))
      .returning('expires_at')
      .executeTakeFirst(),
    now,
  );

/** When the user's live token of `purpose` expires, or null when there is none. */
export async function tokenExpiry(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<Date | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}

export async function deleteTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}
