import type { Chat, Message, SharedPlan, SharedPlanTask } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, type TestApp } from '../../test/helpers';
import {
  type SocialClient,
  socialClient,
  socialRows,
  type TestUser,
} from '../../test/social-client';

/**
 * A third user, signed in and friends with both, tries every chat, message, plan and
 * task id of the other two. Everything is refused and nothing changes.
 */
describe.each(ENGINES)('a third user on %s', (engine) => {
  let ctx: TestApp;
  let social: SocialClient;
  let ada: TestUser;
  let bob: TestUser;
  let mallory: TestUser;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    social = socialClient(ctx);
    ada = await social.signUp('ada@example.com', 'Ada Lovelace');
    bob = await social.signUp('bob@example.com', 'Bob Builder');
    mallory = await social.signUp('mallory@example.com', 'Mallory Meddler');
    await social.befriend(ada, bob);
    await social.befriend(mallory, ada);
    await social.befriend(mallory, bob);
  });
  afterEach(() => ctx.close());

  /** Everything in the database that the matrix must leave as it was. */
  const snapshot = () => socialRows(ctx);

  it('cannot read, send to, edit, delete or mark read the chat of two others (404)', async () => {
    const chat = (await social.call(ada, 'POST', '/api/chats', { friendId: bob.id })).json<Chat>();
    const fromAda = (
      await social.call(ada, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Secret' })
    ).json<Message>();
    const fromBob = (
      await social.call(bob, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Reply' })
    ).json<Message>();
    // Mallory's own chat with Ada, to try the others' message ids through it.
    const own = (
      await social.call(mallory, 'POST', '/api/chats', { friendId: ada.id })
    ).json<Chat>();
    const before = await snapshot();

    const attempts: [string, string, object?][] = [
      ['GET', `/api/chats/${chat.id}/messages`],
      ['GET', `/api/chats/${chat.id}/messages?before=${fromBob.id}`],
      ['POST', `/api/chats/${chat.id}/messages`, { content: 'Injected' }],
      ['POST', `/api/chats/${chat.id}/read`],
      ['DELETE', `/api/chats/${chat.id}`],
      ...[fromAda, fromBob].flatMap((message): [string, string, object?][] => [
        ['PATCH', `/api/chats/${chat.id}/messages/${message.id}`, { content: 'Changed' }],
        ['DELETE', `/api/chats/${chat.id}/messages/${message.id}`],
        ['PATCH', `/api/chats/${own.id}/messages/${message.id}`, { content: 'Changed' }],
        ['DELETE', `/api/chats/${own.id}/messages/${message.id}`],
      ]),
      ['GET', `/api/chats/${own.id}/messages?before=${fromAda.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await social.call(mallory, method as 'GET', url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }

    expect(
      (await social.call(mallory, 'GET', '/api/chats')).json<{ chats: Chat[] }>().chats,
    ).toEqual([expect.objectContaining({ id: own.id })]);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot read or change the shared plan or tasks of two others (404, as if missing)', async () => {
    const plan = (
      await social.call(ada, 'POST', '/api/shared-plans', {
        title: 'Ours',
        date: '2026-11-28',
        friendId: bob.id,
      })
    ).json<SharedPlan>();
    const task = (
      await social.call(bob, 'POST', `/api/shared-plans/${plan.id}/tasks`, { title: 'Private' })
    ).json<SharedPlanTask>();
    const own = (
      await social.call(mallory, 'POST', '/api/shared-plans', {
        title: 'Mine',
        date: '2026-11-28',
        friendId: ada.id,
      })
    ).json<SharedPlan>();
    const before = await snapshot();

    const denied: [string, string, object?][] = [
      ['GET', `/api/shared-plans/${plan.id}`],
      ['PATCH', `/api/shared-plans/${plan.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/shared-plans/${plan.id}`],
      ['POST', `/api/shared-plans/${plan.id}/tasks`, { title: 'Injected' }],
      ['PATCH', `/api/shared-plans/${plan.id}/tasks/${task.id}`, { completed: true }],
      ['PATCH', `/api/shared-plans/${plan.id}/tasks/missing`, { completed: true }],
      ['DELETE', `/api/shared-plans/${plan.id}/tasks/${task.id}`],
    ];
    for (const [method, url, body] of denied) {
      const response = await social.call(mallory, method as 'GET', url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.json()).toEqual({
        error: { code: 'SHARED_PLAN_NOT_FOUND', message: 'Shared plan not found' },
      });
    }
    // The others' task id through Mallory's own plan is simply not one of its tasks.
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await social.call(
        mallory,
        method,
        `/api/shared-plans/${own.id}/tasks/${task.id}`,
        method === 'PATCH' ? { title: 'Renamed' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'TASK_NOT_FOUND', message: 'Task not found' },
      });
    }

    const listed = (await social.call(mallory, 'GET', '/api/shared-plans')).json<{
      plans: SharedPlan[];
    }>().plans;
    expect(listed.map((item) => item.id)).toEqual([own.id]);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot accept or reject a request meant for someone else', async () => {
    const carol = await social.signUp('carol@example.com', 'Carol New');
    const { id } = (
      await social.call(ada, 'POST', '/api/friend-requests', { toUserId: carol.id })
    ).json<{ id: string }>();
    for (const action of ['accept', 'reject']) {
      const response = await social.call(mallory, 'POST', `/api/friend-requests/${id}/${action}`);
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await ctx.database.db.selectFrom('friend_requests').select('id').execute()).map(
        (row) => row.id,
      ),
    ).toEqual([id]);
  });
});
