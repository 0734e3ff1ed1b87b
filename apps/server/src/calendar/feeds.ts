import type { CalendarFeed } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { feedToken, isFeedToken } from './feed-token';

/** The feed's address for `version`. */
export function feedUrl(appUrl: string, key: Buffer, userId: string, version: number): string {
  const base = new URL(appUrl);
  return new URL(
    `/api/calendar/${encodeURIComponent(userId)}/${feedToken(key, userId, version)}.ics`,
    base,
  ).toString();
}

/** The version of the user's feed when it is on; undefined when it is off or was never on. */
export async function enabledFeedVersion(
  db: Kysely<Database>,
  userId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select(['version', 'enabled'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && row.enabled ? row.version : undefined;
}

/**
 * Checks the secret of a feed's address: a wrong one, an earlier version's, a feed turned off
 * and a user without one all answer the same 404.
 */
export async function requireFeedToken(
  db: Kysely<Database>,
  key: Buffer,
  userId: string,
  token: string,
): Promise<void> {
  const version = await enabledFeedVersion(db, userId);
  if (version === undefined || !isFeedToken(key, userId, version, token)) {
    throw new ApiError('NOT_FOUND');
  }
}

export interface FeedAddress {
  appUrl: string;
  key: Buffer;
}

export async function readFeed(
  db: Kysely<Database>,
  userId: string,
  address: FeedAddress,
): Promise<CalendarFeed> {
  const version = await enabledFeedVersion(db, userId);
  return version === undefined
    ? { enabled: false, url: null }
    : { enabled: true, url: feedUrl(address.appUrl, address.key, userId, version) };
}

/**
 * Turns the feed on at a new address. The version only ever grows (the row stays when the feed
 * is turned off), so no address that worked before can work again.
 */
export async function rotateFeed(
  db: Kysely<Database>,
  userId: string,
  address: FeedAddress,
  now: Date,
): Promise<CalendarFeed> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, version: 1, enabled: true, updated_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        version: eb('calendar_feeds.version', '+', 1),
        enabled: true,
        updated_at: now.toISOString(),
      })),
    )
    .execute();
  return readFeed(db, userId, address);
}

export async function disableFeed(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<CalendarFeed> {
  await db
    .updateTable('calendar_feeds')
    .set({ enabled: false, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
  return { enabled: false, url: null };
}
