import { MESSAGES, QUOTAS } from '@daywise/shared';
import { DAYS_OFF_LIMIT, type SharedPlan } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { newId } from '../../src/lib/ids';
import { orderedPair } from '../../src/social/social';
import { ENGINES, type TestApp, testClock } from '../helpers';
import { browserKeys } from '../push-service';
import { appWithFriends, insertUser, type socialClient, type TestUser } from '../social-client';

/** How many creations race for the last place: enough to interleave, few enough to stay quick. */
const RACERS = 8;

/**
 * A user, or a friend, trying to grow a table without bound (ADR 0016). The rows up to the quota
 * are written straight to the database (creating thousands through the API would only slow the
 * test); the request that would pass the quota is refused with 403 and writes nothing, also when
 * several race for the last place (ADR 0022).
 */
describe.each(ENGINES)('per-user quotas on %s', (engine) => {
  let ctx: TestApp;
  let social: ReturnType<typeof socialClient>;
  let ada: TestUser;
  let bob: TestUser;
  const stamp = '2026-11-21T09:00:00.000Z';

  beforeEach(async () => {
    ({ ctx, social, ada, bob } = await appWithFriends(engine, testClock().now));
  });
  afterEach(() => ctx.close());

  /** Inserts rows in chunks small enough for SQLite's limit on bound variables. */
  const insertMany = async <T>(
    count: number,
    row: (index: number) => T,
    insert: (rows: T[]) => Promise<unknown>,
  ) => {
    for (let start = 0; start < count; start += 2000) {
      const size = Math.min(2000, count - start);
      await insert(Array.from({ length: size }, (_, index) => row(start + index)));
    }
  };
  const expectQuota = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'QUOTA_EXCEEDED', message } });
  };
  const rows = async (
    table:
      | 'todos'
      | 'user_tags'
      | 'shared_plans'
      | 'friend_requests'
      | 'api_tokens'
      | 'push_subscriptions'
      | 'days_off'
      | 'chats',
  ) => (await ctx.database.db.selectFrom(table).select('id').execute()).length;
  type Answer = Awaited<ReturnType<typeof social.call>>;
  /** Sends RACERS creations at once (ADR 0022): with room for one, exactly one may pass. */
  const race = (send: (index: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: RACERS }, (_, index) => send(index)));
  const expectOneWinner = (answers: Answer[], status: number, ...messages: string[]) => {
    expect(answers.filter((answer) => answer.statusCode === status)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== status)) {
      expect(answer.statusCode).toBe(403);
      const { error } = answer.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('QUOTA_EXCEEDED');
      expect(messages).toContain(error.message);
    }
  };
  /** Users nobody signs in as, written in bulk: the other side of friendships and chats. */
  const insertUsers = async (count: number): Promise<string[]> => {
    const ids = Array.from({ length: count }, () => newId());
    await insertMany(
      count,
      (index) => ({
        id: ids[index] ?? '',
        name: `User ${index}`,
        email: `${ids[index] ?? ''}@example.com`,
        email_verified: true,
        image: null,
        created_at: stamp,
        updated_at: stamp,
        email_verified_at: stamp,
        is_deleted: false,
        deleted_at: null,
        restored_at: null,
      }),
      (values) => ctx.database.db.insertInto('users').values(values).execute(),
    );
    return ids;
  };

  it('stops todos at the quota, also when creations race for the last place', async () => {
    await insertMany(
      QUOTAS.todos - 1,
      (index) => ({
        id: newId(),
        user_id: ada.id,
        title: `Todo ${index}`,
        due_date: null,
        reminder_time: null,
        completed_at: null,
        completed_date: null,
        created_at: stamp,
        updated_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('todos').values(values).execute(),
    );
    const answers = await race((index) =>
      social.call(ada, 'POST', '/api/todos', { title: `Racer ${index}` }),
    );
    expectOneWinner(
      answers,
      201,
      `You can have at most ${QUOTAS.todos.toLocaleString('en-US')} todos.`,
    );
    expect(await rows('todos')).toBe(QUOTAS.todos);
    // Bob's quota is his own.
    expect((await social.call(bob, 'POST', '/api/todos', { title: 'Mine' })).statusCode).toBe(201);
  }, 60_000); // a hundred thousand rows to insert first

  it('stops tags at the quota', async () => {
    await insertMany(
      QUOTAS.tags,
      (index) => ({
        id: newId(),
        user_id: ada.id,
        name: `tag ${index}`,
        name_key: `tag ${index}`,
        color: '#3b82f6',
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('user_tags').values(values).execute(),
    );
    expectQuota(
      await social.call(ada, 'POST', '/api/tags', { name: 'One too many' }),
      `You can have at most ${QUOTAS.tags} tags.`,
    );
    expect(await rows('user_tags')).toBe(QUOTAS.tags);
  });

  it('stops shared plans at the quota of either participant, and the list stays bounded', async () => {
    const plan = (index: number, creator: string, sharedWith: string) => ({
      id: newId(),
      creator_id: creator,
      shared_with_id: sharedWith,
      title: `Plan ${index}`,
      description: '',
      date: '2026-11-28',
      status: 'active' as const,
      created_at: stamp,
      updated_at: stamp,
    });
    const carol = await social.signUp('carol@example.com', 'Carol Friend');
    await social.befriend(ada, carol);
    // Bob is full with plans Carol shared with him.
    await social.befriend(carol, bob);
    await insertMany(
      QUOTAS.sharedPlans,
      (index) => plan(index, carol.id, bob.id),
      (values) => ctx.database.db.insertInto('shared_plans').values(values).execute(),
    );
    const body = { title: 'Walk', date: '2026-11-29', friendId: bob.id };
    expectQuota(
      await social.call(ada, 'POST', '/api/shared-plans', body),
      `Your friend already takes part in ${QUOTAS.sharedPlans} shared plans.`,
    );
    expectQuota(
      await social.call(bob, 'POST', '/api/shared-plans', { ...body, friendId: ada.id }),
      `You can take part in at most ${QUOTAS.sharedPlans} shared plans.`,
    );
    expect(await rows('shared_plans')).toBe(QUOTAS.sharedPlans);
    const listed = await social.call(bob, 'GET', '/api/shared-plans');
    expect(listed.json<{ plans: SharedPlan[] }>().plans).toHaveLength(QUOTAS.sharedPlans);
  });

  it('stops friend requests waiting for an answer at the quota', async () => {
    const targets: string[] = [];
    for (let index = 0; index <= QUOTAS.outgoingFriendRequests; index++) {
      targets.push(
        await insertUser(ctx, { name: `User ${index}`, email: `user${index}@example.com` }),
      );
    }
    await insertMany(
      QUOTAS.outgoingFriendRequests,
      (index) => ({
        id: newId(),
        from_user_id: ada.id,
        to_user_id: targets[index] ?? '',
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('friend_requests').values(values).execute(),
    );
    expectQuota(
      await social.call(ada, 'POST', '/api/friend-requests', { toUserId: targets.at(-1) }),
      `You can have at most ${QUOTAS.outgoingFriendRequests} friend requests waiting for an answer.`,
    );
    expect(await rows('friend_requests')).toBe(QUOTAS.outgoingFriendRequests);
  });

  it('keeps every quota exact when creations race for the last place', async () => {
    await insertMany(
      QUOTAS.tags - 1,
      (index) => ({
        id: newId(),
        user_id: ada.id,
        name: `tag ${index}`,
        name_key: `tag ${index}`,
        color: '#3b82f6',
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('user_tags').values(values).execute(),
    );
    expectOneWinner(
      await race((index) => social.call(ada, 'POST', '/api/tags', { name: `Racer ${index}` })),
      201,
      `You can have at most ${QUOTAS.tags} tags.`,
    );
    expect(await rows('user_tags')).toBe(QUOTAS.tags);

    await insertMany(
      QUOTAS.apiTokens - 1,
      (index) => ({
        id: newId(),
        user_id: ada.id,
        name: `Token ${index}`,
        scope: 'read' as const,
        token_hash: newId(),
        created_at: stamp,
        last_used_at: null,
      }),
      (values) => ctx.database.db.insertInto('api_tokens').values(values).execute(),
    );
    expectOneWinner(
      await race((index) =>
        social.call(ada, 'POST', '/api/tokens', { name: `Racer ${index}`, scope: 'read' }),
      ),
      201,
      `You can have at most ${QUOTAS.apiTokens} API tokens. Revoke one you no longer use first.`,
    );
    expect(await rows('api_tokens')).toBe(QUOTAS.apiTokens);

    const { keys } = browserKeys();
    await insertMany(
      QUOTAS.pushSubscriptions - 1,
      (index) => ({
        id: newId(),
        user_id: ada.id,
        endpoint: `https://push.example.com/send/${index}`,
        ...keys,
        device_label: 'Firefox on Linux',
        session_id: null,
        created_at: stamp,
        last_success_at: null,
      }),
      (values) => ctx.database.db.insertInto('push_subscriptions').values(values).execute(),
    );
    expectOneWinner(
      await race((index) =>
        social.call(ada, 'POST', '/api/push/subscriptions', {
          endpoint: `https://push.example.com/send/racer-${index}`,
          keys,
        }),
      ),
      201,
      `You can receive push reminders on at most ${QUOTAS.pushSubscriptions} devices.`,
    );
    expect(await rows('push_subscriptions')).toBe(QUOTAS.pushSubscriptions);

    await insertMany(
      DAYS_OFF_LIMIT - 1,
      () => ({
        id: newId(),
        user_id: ada.id,
        start_date: '2026-12-24',
        end_date: '2026-12-26',
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('days_off').values(values).execute(),
    );
    expectOneWinner(
      await race(() =>
        social.call(ada, 'POST', '/api/days-off', {
          startDate: '2026-12-31',
          endDate: '2027-01-01',
        }),
      ),
      201,
      MESSAGES.daysOffLimit(DAYS_OFF_LIMIT),
    );
    expect(await rows('days_off')).toBe(DAYS_OFF_LIMIT);
  });

  it('keeps friend requests and friendships exact when they race', async () => {
    const targets: string[] = [];
    for (let index = 0; index < RACERS; index++) {
      targets.push(
        await insertUser(ctx, { name: `Racer ${index}`, email: `racer${index}@example.com` }),
      );
    }
    const waiting = await insertUsers(QUOTAS.outgoingFriendRequests - 1);
    await insertMany(
      waiting.length,
      (index) => ({
        id: newId(),
        from_user_id: ada.id,
        to_user_id: waiting[index] ?? '',
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('friend_requests').values(values).execute(),
    );
    expectOneWinner(
      await race((index) =>
        social.call(ada, 'POST', '/api/friend-requests', { toUserId: targets[index] }),
      ),
      201,
      `You can have at most ${QUOTAS.outgoingFriendRequests} friend requests waiting for an answer.`,
    );
    expect(await rows('friend_requests')).toBe(QUOTAS.outgoingFriendRequests);

    // Bob has room for one friend more (Ada is one already); each racer asked him.
    await ctx.database.db.deleteFrom('friend_requests').execute();
    const friends = await insertUsers(QUOTAS.friends - 2);
    await insertMany(
      friends.length,
      (index) => ({ ...orderedPair(bob.id, friends[index] ?? ''), created_at: stamp }),
      (values) => ctx.database.db.insertInto('friendships').values(values).execute(),
    );
    const requestIds = targets.map(() => newId());
    await ctx.database.db
      .insertInto('friend_requests')
      .values(
        targets.map((from, index) => ({
          id: requestIds[index] ?? '',
          from_user_id: from,
          to_user_id: bob.id,
          created_at: stamp,
        })),
      )
      .execute();
    expectOneWinner(
      await race((index) =>
        social.call(bob, 'POST', `/api/friend-requests/${requestIds[index]}/accept`),
      ),
      200,
      `You can have at most ${QUOTAS.friends} friends.`,
    );
    const bobsFriends = await ctx.database.db
      .selectFrom('friendships')
      .select('user1_id')
      .where((eb) => eb.or([eb('user1_id', '=', bob.id), eb('user2_id', '=', bob.id)]))
      .execute();
    expect(bobsFriends).toHaveLength(QUOTAS.friends);
  });

  it('keeps chats and shared plans exact when both sides race', async () => {
    const friends: string[] = [];
    for (let index = 0; index < RACERS; index++) {
      friends.push(
        await insertUser(ctx, { name: `Friend ${index}`, email: `friend${index}@example.com` }),
      );
    }
    await ctx.database.db
      .insertInto('friendships')
      .values(friends.map((friend) => ({ ...orderedPair(ada.id, friend), created_at: stamp })))
      .execute();
    const others = await insertUsers(QUOTAS.chats - 1);
    await insertMany(
      others.length,
      (index) => ({
        id: newId(),
        ...orderedPair(ada.id, others[index] ?? ''),
        last_message: null,
        last_message_at: null,
        created_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('chats').values(values).execute(),
    );
    expectOneWinner(
      await race((index) => social.call(ada, 'POST', '/api/chats', { friendId: friends[index] })),
      201,
      `You can have at most ${QUOTAS.chats} chats.`,
    );
    expect(await rows('chats')).toBe(QUOTAS.chats);

    // Ada takes part in one shared plan fewer than the quota; she and Bob create plans with each
    // other at the same moment, each locking both of them (in one order, or they would deadlock).
    await insertMany(
      QUOTAS.sharedPlans - 1,
      (index) => ({
        id: newId(),
        creator_id: ada.id,
        shared_with_id: others[index] ?? '',
        title: `Plan ${index}`,
        description: '',
        date: '2026-11-28',
        status: 'active' as const,
        created_at: stamp,
        updated_at: stamp,
      }),
      (values) => ctx.database.db.insertInto('shared_plans').values(values).execute(),
    );
    const body = { title: 'Walk', date: '2026-11-29' };
    expectOneWinner(
      await race((index) =>
        index % 2 === 0
          ? social.call(ada, 'POST', '/api/shared-plans', { ...body, friendId: bob.id })
          : social.call(bob, 'POST', '/api/shared-plans', { ...body, friendId: ada.id }),
      ),
      201,
      `You can take part in at most ${QUOTAS.sharedPlans} shared plans.`,
      `Your friend already takes part in ${QUOTAS.sharedPlans} shared plans.`,
    );
    expect(await rows('shared_plans')).toBe(QUOTAS.sharedPlans);
  });
});
