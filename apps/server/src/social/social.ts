import type { SocialUser } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

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

/** Users with what the social screens show of them; callers add the filters. */
export function socialUserQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('profile_pictures', 'profile_pictures.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'profile_pictures.version']);
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

/** The given users by id, for attaching "the friend" to chats. */
export async function socialUsersById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, SocialUser>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await socialUserQuery(db)
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
