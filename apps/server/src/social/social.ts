import type { SocialUser } from '@daywise/shared/schemas';
import type { ExpressionBuilder, Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { pictureUrl } from '../profile/profiles';

/** A pair of users as friendships and chats store it: `user1_id < user2_id`, one row per pair. */
export function orderedPair(a: string, b: string): { user1_id: string; user2_id: string } {
  return a < b ? { user1_id: a, user2_id: b } : { user1_id: b, user2_id: a };
}

/** The participant of a two-person row who is not `userId`. */
export function otherOf(row: { user1_id: string; user2_id: string }, userId: string): string {
  return row.user1_id === userId ? row.user2_id : row.user1_id;
}

/** The ids of the user's friends, as a subquery (a pair is stored once, in either column). */
export function friendIds(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('friendships')
    .select('user2_id as id')
    .where('user1_id', '=', userId)
    .union(db.selectFrom('friendships').select('user1_id as id').where('user2_id', '=', userId));
}

/**
 * The version of a user's picture, only when `viewerId` may see their profile: it is Public, or
 * Friends Only and the two are friends now. Private (also a user without settings) shows nobody
 * the picture; the initials stand in (docs/product/social.md, "Pictures").
 */
export function visiblePictureVersion(db: Kysely<Database>, viewerId: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb
      .selectFrom('profile_pictures')
      .innerJoin(
        'user_settings as owner_settings',
        'owner_settings.user_id',
        'profile_pictures.user_id',
      )
      .select('profile_pictures.version')
      .whereRef('profile_pictures.user_id', '=', 'users.id')
      .where((inner) =>
        inner.or([
          inner('owner_settings.profile_visibility', '=', 'public'),
          inner.and([
            inner('owner_settings.profile_visibility', '=', 'friends'),
            inner('profile_pictures.user_id', 'in', friendIds(db, viewerId)),
          ]),
        ]),
      )
      .as('version');
}

/** Users with what the social screens show `viewerId` of them; callers add the filters. */
export function socialUserQuery(db: Kysely<Database>, viewerId: string) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.email'])
    .select(visiblePictureVersion(db, viewerId));
}

export function presentSocialUser(row: {
  id: string;
  name: string;
  email: string;
  version: string | null;
}): SocialUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profilePictureUrl: row.version ? pictureUrl(row.id, row.version) : null,
  };
}

/** The given users by id as `viewerId` sees them, for attaching "the friend" to chats. */
export async function socialUsersById(
  db: Kysely<Database>,
  viewerId: string,
  ids: readonly string[],
): Promise<Map<string, SocialUser>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await socialUserQuery(db, viewerId)
    .where('users.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, presentSocialUser(row)]));
}

export async function areFriends(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('friendships')
    .select('user1_id')
    .where((eb) => eb.and(orderedPair(a, b)))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Everyone whose social screens show `userId`: friends, request counterparts, chat partners and
 * shared-plan partners. Read before an account is deleted, so they can be told (ADR 0011).
 */
export async function socialContacts(db: Kysely<Database>, userId: string): Promise<string[]> {
  const pairs = (table: 'friendships' | 'chats') =>
    db
      .selectFrom(table)
      .select(['user1_id as a', 'user2_id as b'])
      .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]));
  const rows = await pairs('friendships')
    .unionAll(pairs('chats'))
    .unionAll(
      db
        .selectFrom('friend_requests')
        .select(['from_user_id as a', 'to_user_id as b'])
        .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)])),
    )
    .unionAll(
      db
        .selectFrom('shared_plans')
        .select(['creator_id as a', 'shared_with_id as b'])
        .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)])),
    )
    .execute();
  return [...new Set(rows.flatMap(({ a, b }) => (a === userId ? [b] : [a])))];
}
