import { QUOTAS } from '@daywise/shared';
import type { SharedPlan } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { newId } from '../../src/lib/ids';
import { ENGINES, type TestApp, testClock } from '../helpers';
import { appWithFriends, insertUser, type socialClient, type TestUser } from '../social-client';

/**
 * A user, or a friend, trying to grow a table without bound (ADR 0016). The rows up to the quota
 * are written straight to the database (creating thousands through the API would only slow the
 * test); the request that would pass the quota is refused with 403 and writes nothing.
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
  const rows = async (table: 'todos' | 'user_tags' | 'shared_plans' | 'friend_requests') =>
    (await ctx.database.db.selectFrom(table).select('id').execute()).length;

  it('stops todos at the quota', async () => {
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
    expect((await social.call(ada, 'POST', '/api/todos', { title: 'Last one' })).statusCode).toBe(
      201,
    );
    expectQuota(
      await social.call(ada, 'POST', '/api/todos', { title: 'One too many' }),
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
});
