import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { defaultSettingsRow } from '../settings/settings';

/** Keeps these signatures apart from anything else the auth secret signs. */
const PURPOSE = 'daywise:unsubscribe-reminder-emails:';

function signature(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + userId)
    .digest();
}

/**
 * The token of a reminder email's "turn off" link: the user's id and an HMAC of it with the
 * app's auth secret, so it works without signing in, for that user only, and cannot be made
 * for anyone else. It does not expire: an old email's link still turns the emails off.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId).toString('base64url')}`;
}

/** The user a token names, if its signature is ours; otherwise UNSUBSCRIBE_LINK_INVALID. */
export function userOfToken(secret: string, token: string): string {
  const [encodedUser, encodedSignature, ...rest] = token.split('.');
  if (!encodedUser || !encodedSignature || rest.length > 0) {
    throw new ApiError('UNSUBSCRIBE_LINK_INVALID');
  }
  const userId = Buffer.from(encodedUser, 'base64url').toString();
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('UNSUBSCRIBE_LINK_INVALID');
  }
  return userId;
}

/** Turns Email Notifications off for the token's user. */
export async function unsubscribe(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now: Date,
): Promise<void> {
  const userId = userOfToken(secret, token);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!user) {
    throw new ApiError('UNSUBSCRIBE_LINK_INVALID');
  }
  const stamp = now.toISOString();
  await db
    .insertInto('user_settings')
    .values({ ...defaultSettingsRow(userId, now), email_notifications: false })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ email_notifications: false, updated_at: stamp }),
    )
    .execute();
}
