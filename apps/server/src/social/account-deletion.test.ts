import type { Chat, SharedPlan } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, type TestApp } from '../../test/helpers';
import { type SocialClient, socialClient } from '../../test/social-client';

describe.each(ENGINES)('account deletion and social data on %s', (engine) => {
  let ctx: TestApp;
  let social: SocialClient;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    social = socialClient(ctx);
  });
  afterEach(() => ctx.close());

  it('removes requests, friendships, chats with messages and shared plans with tasks', async () => {
    const ada = await social.signUp('ada@example.com', 'Ada Lovelace');
    const bob = await social.signUp('bob@example.com', 'Bob Builder');
    const carol = await social.signUp('carol@example.com', 'Carol Pending');
    const dan = await social.signUp('dan@example.com', 'Dan Bystander');
    const eve = await social.signUp('eve@example.com', 'Eve Stranger');
    await social.befriend(ada, bob);
    await social.befriend(bob, dan);
    await social.call(ada, 'POST', '/api/friend-requests', { toUserId: carol.id });
    await social.call(dan, 'POST', '/api/friend-requests', { toUserId: ada.id });
    const chat = (await social.call(bob, 'POST', '/api/chats', { friendId: ada.id })).json<Chat>();
    await social.call(ada, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hi Bob' });
    const plan = (
      await social.call(bob, 'POST', '/api/shared-plans', {
        title: 'Ours',
        date: '2026-11-28',
        friendId: ada.id,
      })
    ).json<SharedPlan>();
    await social.call(ada, 'POST', `/api/shared-plans/${plan.id}/tasks`, { title: 'Task' });
    // Bob's own social life with Dan stays.
    const kept = (await social.call(bob, 'POST', '/api/chats', { friendId: dan.id })).json<Chat>();

    const told: string[] = [];
    for (const user of [bob, carol, dan, eve]) {
      ctx.app.realtime.subscribe(user.id, (event) => told.push(`${user.id} ${event.type}`));
    }

    expect((await social.call(ada, 'DELETE', '/api/account')).statusCode).toBe(200);
    // Everyone whose screens showed Ada is told; Eve, a stranger, is not.
    expect(told.sort()).toEqual(
      [bob, carol, dan].map((user) => `${user.id} friendship.changed`).sort(),
    );

    const list = async (url: string) => (await social.call(bob, 'GET', url)).json<object>();
    expect(await list('/api/friends')).toEqual({
      friends: [expect.objectContaining({ id: dan.id })],
    });
    expect(await list('/api/chats')).toEqual({ chats: [expect.objectContaining({ id: kept.id })] });
    expect(await list('/api/shared-plans')).toEqual({ plans: [] });
    expect((await social.call(bob, 'GET', `/api/chats/${chat.id}/messages`)).statusCode).toBe(404);
    expect((await social.call(bob, 'GET', `/api/shared-plans/${plan.id}`)).statusCode).toBe(404);
    expect(
      (await social.call(carol, 'GET', '/api/friend-requests')).json<{ requests: [] }>().requests,
    ).toEqual([]);
    expect((await social.call(bob, 'GET', '/api/users/search?q=ada')).json()).toEqual({
      results: [],
    });

    const db = ctx.database.db;
    expect(await db.selectFrom('messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('shared_plan_tasks').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('friend_requests').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('friendships').select('user1_id').execute()).toHaveLength(1);
  });
});
