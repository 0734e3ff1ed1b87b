import { MESSAGES } from '@daywise/shared';
import type { Chat, Message, SharedPlan, SharedPlanTask } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp, testClock } from '../helpers';
import { appWithFriends, type SocialClient, socialRows, type TestUser } from '../social-client';

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object];

/**
 * What a former friend and an outsider can do with shared plans and chats (ADR 0016): an
 * outsider cannot tell someone else's plan from a missing one; after unfriending, a plan and a
 * chat stay readable and deletable, but neither side can change them.
 */
describe.each(ENGINES)('access after a friendship ends on %s', (engine) => {
  let ctx: TestApp;
  let social: SocialClient;
  let ada: TestUser;
  let bob: TestUser;
  let plan: SharedPlan;
  let task: SharedPlanTask;

  beforeEach(async () => {
    ({ ctx, social, ada, bob } = await appWithFriends(engine, testClock().now));
    plan = (
      await social.call(ada, 'POST', '/api/shared-plans', {
        title: 'Trip',
        date: '2026-11-28',
        friendId: bob.id,
      })
    ).json<SharedPlan>();
    task = (
      await social.call(bob, 'POST', `/api/shared-plans/${plan.id}/tasks`, { title: 'Pack' })
    ).json<SharedPlanTask>();
  });
  afterEach(() => ctx.close());

  const snapshot = () => socialRows(ctx);
  const unfriend = async () => {
    expect((await social.call(bob, 'DELETE', `/api/friends/${ada.id}`)).statusCode).toBe(204);
  };
  const planWrites = (planId: string, taskId: string): Call[] => [
    ['PATCH', `/api/shared-plans/${planId}`, { title: 'Taken over' }],
    ['POST', `/api/shared-plans/${planId}/tasks`, { title: 'Injected' }],
    ['PATCH', `/api/shared-plans/${planId}/tasks/${taskId}`, { completed: true }],
    ['PATCH', `/api/shared-plans/${planId}/tasks/${taskId}`, { title: 'Renamed' }],
    ['DELETE', `/api/shared-plans/${planId}/tasks/${taskId}`],
  ];

  it('gives an outsider the same 404 for a plan of two others as for a missing one', async () => {
    const eve = await social.signUp('eve@example.com', 'Eve Outsider');
    const before = await snapshot();
    for (const planId of [plan.id, 'f'.repeat(32)]) {
      const calls: Call[] = [
        ['GET', `/api/shared-plans/${planId}`],
        ['DELETE', `/api/shared-plans/${planId}`],
        ...planWrites(planId, task.id),
      ];
      for (const [method, url, body] of calls) {
        const response = await social.call(eve, method, url, body);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
        expect(response.json()).toEqual({
          error: { code: 'SHARED_PLAN_NOT_FOUND', message: 'Shared plan not found' },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a shared plan readable but unchangeable for both once they unfriend', async () => {
    await unfriend();
    const before = await snapshot();
    for (const user of [ada, bob]) {
      for (const [method, url, body] of planWrites(plan.id, task.id)) {
        const response = await social.call(user, method, url, body);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
        expect(response.json()).toEqual({
          error: { code: 'NOT_FRIENDS', message: MESSAGES.friendsOnly },
        });
      }
      const read = await social.call(user, 'GET', `/api/shared-plans/${plan.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<SharedPlan>().tasks.map((item) => item.title)).toEqual(['Pack']);
    }
    expect(await snapshot()).toEqual(before);

    // Either of them may still clear it away.
    expect((await social.call(bob, 'DELETE', `/api/shared-plans/${plan.id}`)).statusCode).toBe(204);
    expect(
      (await social.call(ada, 'GET', '/api/shared-plans')).json<{ plans: SharedPlan[] }>().plans,
    ).toEqual([]);
  });

  it('lets them change the plan again once they are friends again', async () => {
    await unfriend();
    await social.befriend(ada, bob);
    const added = await social.call(ada, 'POST', `/api/shared-plans/${plan.id}/tasks`, {
      title: 'Tickets',
    });
    expect(added.statusCode).toBe(201);
  });

  it('keeps a chat readable but lets neither send nor edit once they unfriend', async () => {
    const chat = (await social.call(ada, 'POST', '/api/chats', { friendId: bob.id })).json<Chat>();
    const url = `/api/chats/${chat.id}/messages`;
    const sent = (await social.call(ada, 'POST', url, { content: 'Hi' })).json<Message>();
    await unfriend();
    const before = await snapshot();
    const refused: [TestUser, Call][] = [
      [ada, ['POST', url, { content: 'Still there?' }]],
      [bob, ['POST', url, { content: 'No' }]],
      [ada, ['PATCH', `${url}/${sent.id}`, { content: 'Edited after' }]],
    ];
    for (const [user, [method, path, body]] of refused) {
      const response = await social.call(user, method, path, body);
      expect({ method, path, status: response.statusCode }).toEqual({ method, path, status: 403 });
      expect(response.json()).toEqual({
        error: { code: 'NOT_FRIENDS', message: MESSAGES.friendsOnly },
      });
    }
    expect(await snapshot()).toEqual(before);
    const history = await social.call(bob, 'GET', url);
    expect(history.json<{ messages: Message[] }>().messages.map((m) => m.content)).toEqual(['Hi']);
    // Her own words stay hers to remove.
    expect((await social.call(ada, 'DELETE', `${url}/${sent.id}`)).statusCode).toBe(204);
  });
});
