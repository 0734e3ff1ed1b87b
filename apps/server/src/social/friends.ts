import { QUOTAS, USER_SEARCH_MAX_RESULTS, USER_SEARCH_MIN_LENGTH } from '@daywise/shared';
import type {
  Friend,
  FriendRequest,
  FriendRequestOutcome,
  UserSearchResult,
} from '@daywise/shared/schemas';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { Database, FriendRequestTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { DomainEvent } from '../lib/events';
import { newId } from '../lib/ids';
import { likeContains } from '../lib/like-pattern';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import type { Emitting } from './events';
import {
  areFriends,
  friendIds,
  orderedPair,
  presentSocialUser,
  socialUserQuery,
  visiblePictureVersion,
} from './social';

type RequestRow = Selectable<FriendRequestTable>;

/**
 * The users `searcherId` may find: live, verified accounts other than the searcher
 * whose profile is public, or friends-only and the searcher is a friend. A user without settings
 * is private by default (docs/product/social.md). Sending a request uses the same rule, so a hidden user cannot
 * be asked by guessing their id.
 */
function findableUsers(db: Kysely<Database>, searcherId: string) {
  return socialUserQuery(db, searcherId)
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select((eb) => eb('users.id', 'in', friendIds(db, searcherId)).as('is_friend'))
    .where('users.id', '<>', searcherId)
    .where('users.is_deleted', '=', false)
    .where('users.email_verified', '=', true)
    .where((eb) =>
      eb.or([
        eb('user_settings.profile_visibility', '=', 'public'),
        eb.and([
          eb('user_settings.profile_visibility', '=', 'friends'),
          eb('users.id', 'in', friendIds(db, searcherId)),
        ]),
      ]),
    );
}

/** Name or email contains the text, ignoring case; under 2 characters finds nobody. */
export async function searchUsers(
  db: Kysely<Database>,
  searcherId: string,
  query: string,
): Promise<UserSearchResult[]> {
  const term = query.trim();
  if (term.length < USER_SEARCH_MIN_LENGTH) {
    return [];
  }
  const rows = await findableUsers(db, searcherId)
    .select((eb) =>
      eb(
        'users.id',
        'in',
        db
          .selectFrom('friend_requests')
          .select('to_user_id')
          .where('from_user_id', '=', searcherId),
      ).as('request_sent'),
    )
    .where((eb) =>
      eb.or([
        eb(sql`lower(users.name)`, 'like', likeContains(term)),
        eb(sql`lower(users.email)`, 'like', likeContains(term)),
      ]),
    )
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(USER_SEARCH_MAX_RESULTS)
    .execute();
  return rows.map((row) => ({
    ...presentSocialUser(row),
    friendshipStatus: row.is_friend ? 'friends' : row.request_sent ? 'request_sent' : 'none',
  }));
}

/**
 * Pending requests with their sender's name, email and picture as the receiver (`viewerId`) sees
 * them, as the Friends tab lists them.
 */
function requestQuery(db: Kysely<Database>, viewerId: string) {
  return db
    .selectFrom('friend_requests')
    .innerJoin('users', 'users.id', 'friend_requests.from_user_id')
    .select([
      'friend_requests.id',
      'friend_requests.from_user_id',
      'friend_requests.to_user_id',
      'friend_requests.created_at',
      'users.name',
      'users.email',
    ])
    .select(visiblePictureVersion(db, viewerId));
}

function presentSender(row: Parameters<typeof presentSocialUser>[0]): FriendRequest['sender'] {
  const { name, email, profilePictureUrl } = presentSocialUser(row);
  return { name, email, profilePictureUrl };
}

function presentRequest(row: {
  id: string;
  from_user_id: string;
  to_user_id: string;
  created_at: string;
  name: string;
  email: string;
  version: string | null;
}): FriendRequest {
  return {
    id: row.id,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    sender: presentSender({ ...row, id: row.from_user_id }),
    createdAt: row.created_at,
  };
}

/** Incoming pending requests, newest first. */
export async function listIncomingRequests(
  db: Kysely<Database>,
  userId: string,
): Promise<FriendRequest[]> {
  const rows = await requestQuery(db, userId)
    .where('friend_requests.to_user_id', '=', userId)
    .orderBy('friend_requests.created_at', 'desc')
    .orderBy('friend_requests.id', 'desc')
    .limit(QUOTAS.incomingFriendRequests)
    .execute();
  return rows.map(presentRequest);
}

/** The user's friends, by name. */
export async function listFriends(db: Kysely<Database>, userId: string): Promise<Friend[]> {
  const rows = await socialUserQuery(db, userId)
    .where('users.id', 'in', friendIds(db, userId))
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(QUOTAS.friends)
    .execute();
  return rows.map(presentSocialUser);
}

/**
 * Accepting: the request goes and the friendship begins. A request the other way
 * goes too, so no stale request outlives the friendship.
 */
async function befriend(trx: Transaction<Database>, request: RequestRow, now: Date): Promise<void> {
  const { from_user_id: a, to_user_id: b } = request;
  const friendsOf = (userId: string) =>
    trx
      .selectFrom('friendships')
      .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]));
  await requireUnderQuota(trx, 'friendships', [
    {
      userId: b,
      rows: friendsOf(b),
      max: QUOTAS.friends,
      message: `You can have at most ${QUOTAS.friends} friends.`,
    },
    {
      userId: a,
      rows: friendsOf(a),
      max: QUOTAS.friends,
      message: `This user already has ${QUOTAS.friends} friends.`,
    },
  ]);
  await trx
    .deleteFrom('friend_requests')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    )
    .execute();
  await trx
    .insertInto('friendships')
    .values({ ...orderedPair(a, b), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['user1_id', 'user2_id']).doNothing())
    .execute();
}

/** What accepting tells both users: the request went and the friendship began. */
function friendshipBegan(request: RequestRow): DomainEvent[] {
  const userIds = [request.from_user_id, request.to_user_id];
  return [
    { type: 'friend-request.removed', userIds, requestId: request.id },
    { type: 'friendship.changed', userIds },
  ];
}

/**
 * Sends a request (ADR 0011) to a user the sender could find by search. If the
 * target has already asked the sender, that request is accepted instead: both want the same.
 */
export async function sendFriendRequest(
  db: Kysely<Database>,
  fromUserId: string,
  toUserId: string,
  now: Date,
): Promise<Emitting<FriendRequestOutcome>> {
  if (fromUserId === toUserId) {
    throw new ApiError('FRIEND_REQUEST_TO_SELF');
  }
  return db.transaction().execute(async (trx) => {
    if (await areFriends(trx, fromUserId, toUserId)) {
      throw new ApiError('ALREADY_FRIENDS');
    }
    // A user the sender could not find answers like a missing one.
    readable(
      await findableUsers(trx, fromUserId).where('users.id', '=', toUserId).executeTakeFirst(),
    );
    const reverse = await trx
      .selectFrom('friend_requests')
      .selectAll()
      .where('from_user_id', '=', toUserId)
      .where('to_user_id', '=', fromUserId)
      .executeTakeFirst();
    if (reverse) {
      await befriend(trx, reverse, now);
      return { result: { id: reverse.id, status: 'accepted' }, events: friendshipBegan(reverse) };
    }
    await requireUnderQuota(trx, 'friend_requests', [
      {
        userId: fromUserId,
        rows: trx.selectFrom('friend_requests').where('from_user_id', '=', fromUserId),
        max: QUOTAS.outgoingFriendRequests,
        message: `You can have at most ${QUOTAS.outgoingFriendRequests} friend requests waiting for an answer.`,
      },
      {
        userId: toUserId,
        rows: trx.selectFrom('friend_requests').where('to_user_id', '=', toUserId),
        max: QUOTAS.incomingFriendRequests,
        message: 'This user has too many friend requests waiting for an answer.',
      },
    ]);
    const row: RequestRow = {
      id: newId(),
      from_user_id: fromUserId,
      to_user_id: toUserId,
      status: 'pending',
      created_at: now.toISOString(),
    };
    // The pair's unique key settles two identical requests sent at once.
    const inserted = await trx
      .insertInto('friend_requests')
      .values(row)
      .onConflict((conflict) => conflict.columns(['from_user_id', 'to_user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new ApiError('FRIEND_REQUEST_EXISTS');
    }
    // Its sender as the receiver sees them, who lists it; the sender's own screens do not.
    const created = await requestQuery(trx, toUserId)
      .where('friend_requests.id', '=', row.id)
      .executeTakeFirstOrThrow();
    return {
      result: { id: row.id, status: 'pending' },
      events: [
        {
          type: 'friend-request.created',
          userIds: [toUserId, fromUserId],
          request: presentRequest(created),
        },
      ],
    };
  });
}

/** Only the receiver accepts (ADR 0011); anyone else's id answers 404. */
export async function acceptFriendRequest(
  db: Kysely<Database>,
  userId: string,
  requestId: string,
  now: Date,
): Promise<Emitting<{ friend: Friend }>> {
  return db.transaction().execute(async (trx) => {
    const request = readable(
      await trx
        .selectFrom('friend_requests')
        .selectAll()
        .where('id', '=', requestId)
        .where('to_user_id', '=', userId)
        .executeTakeFirst(),
    );
    await befriend(trx, request, now);
    const friend = await socialUserQuery(trx, userId)
      .where('users.id', '=', request.from_user_id)
      .executeTakeFirstOrThrow();
    return { result: { friend: presentSocialUser(friend) }, events: friendshipBegan(request) };
  });
}

/** Rejecting removes the request, so the sender may ask again later. */
export async function rejectFriendRequest(
  db: Kysely<Database>,
  userId: string,
  requestId: string,
): Promise<Emitting<void>> {
  const removed = readable(
    await db
      .deleteFrom('friend_requests')
      .where('id', '=', requestId)
      .where('to_user_id', '=', userId)
      .returning('from_user_id')
      .executeTakeFirst(),
  );
  return {
    result: undefined,
    events: [
      { type: 'friend-request.removed', userIds: [removed.from_user_id, userId], requestId },
    ],
  };
}

/** Removing a friend deletes the pair's one row, which ends the friendship for both. */
export async function removeFriend(
  db: Kysely<Database>,
  userId: string,
  friendId: string,
): Promise<Emitting<void>> {
  const removed = await db
    .deleteFrom('friendships')
    .where((eb) => eb.and(orderedPair(userId, friendId)))
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) {
    throw new ApiError('NOT_FOUND');
  }
  return {
    result: undefined,
    events: [{ type: 'friendship.changed', userIds: [userId, friendId] }],
  };
}
