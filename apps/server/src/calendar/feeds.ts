import type { CalendarFeed } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ownSavedFilter } from '../filters/saved-filters';
import { ApiError } from '../lib/errors';
import { feedToken, isFeedToken } from './feed-token';

/** The feed's address for `version`, or that of one of the user's saved filters. */
export function feedUrl(
  appUrl: string,
  key: Buffer,
  userId: string,
  version: number,
  filterId?: string,
): string {
  const token = feedToken(key, userId, version, filterId);
  const user = encodeURIComponent(userId);
  const path =
    filterId === undefined
      ? `/api/calendar/${user}/${token}.ics`
      : `/api/calendar/${user}/filters/${encodeURIComponent(filterId)}/${token}.ics`;
  return new URL(path, new URL(appUrl)).toString();
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
 * Checks the secret of a feed's address (a saved filter's when `filterId` is given): a wrong one,
 * an earlier version's, a feed turned off and a user without one all answer the same 404.
 */
export async function requireFeedToken(
  db: Kysely<Database>,
  key: Buffer,
  userId: string,
  token: string,
  filterId?: string,
): Promise<void> {
  const version = await enabledFeedVersion(db, userId);
  if (version === undefined || !isFeedToken(key, userId, version, token, filterId)) {
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
 * The address of the feed of one of the user's saved filters (404 for any other): on while the
 * whole feed is on, at an address of its own that changes when the feed's does.
 */
export async function readFilterFeed(
  db: Kysely<Database>,
  userId: string,
  filterId: string,
  address: FeedAddress,
): Promise<CalendarFeed> {
  await ownSavedFilter(db, userId, filterId);
  const version = await enabledFeedVersion(db, userId);
  return version === undefined
    ? { enabled: false, url: null }
    : { enabled: true, url: feedUrl(address.appUrl, address.key, userId, version, filterId) };
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
