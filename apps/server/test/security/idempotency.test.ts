import type { Chat } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_TTL_MS } from '../../src/lib/idempotency';
import { ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../helpers';
import { appWithFriends, type socialClient, type TestUser } from '../social-client';

/**
 * A client whose connection dropped after the server committed retries with the same
 * Idempotency-Key (ADR 0016): it gets the first answer back and nothing is written twice. A retry
 * after the server itself died mid-write is test/crash.test.ts (ADR 0022).
 */
describe.each(ENGINES)('Idempotency-Key on creating writes on %s', (engine) => {
  let ctx: TestApp;
  let social: ReturnType<typeof socialClient>;
  let ada: TestUser;
  let bob: TestUser;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    ({ ctx, social, ada, bob } = await appWithFriends(engine, clock.now));
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: object, key?: string, user = ada) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        ...SAME_ORIGIN,
        cookie: user.cookie,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
    });
  const count = async (table: 'todos' | 'daily_plans' | 'messages' | 'shared_plans' | 'days_off') =>
    (await ctx.database.db.selectFrom(table).select('id').execute()).length;
  const todoCount = () => count('todos');
  const KEY = '2f1c7c1e-6a4b-4d7e-9a57-0f3d2b8c9e11';

  it('answers a repeat with the first answer and writes once, on every creating route', async () => {
    const chat = (await social.call(ada, 'POST', '/api/chats', { friendId: bob.id })).json<Chat>();
    const shared = (
      await post('/api/shared-plans', { title: 'Trip', date: '2026-11-28', friendId: bob.id })
    ).json<{ id: string }>();
    const cases: [string, object, () => Promise<number>][] = [
      ['/api/todos', { title: 'Write' }, todoCount],
      ['/api/plans', { title: 'Day', tasks: [{ title: 'Read' }] }, () => count('daily_plans')],
      [`/api/chats/${chat.id}/messages`, { content: 'Hi' }, () => count('messages')],
      [
        '/api/shared-plans',
        { title: 'Walk', date: '2026-11-29', friendId: bob.id },
        () => count('shared_plans'),
      ],
      [
        `/api/shared-plans/${shared.id}/tasks`,
        { title: 'Pack' },
        async () =>
          (await ctx.database.db.selectFrom('shared_plan_tasks').select('id').execute()).length,
      ],
      [
        '/api/days-off',
        { startDate: '2026-12-24', endDate: '2026-12-26' },
        () => count('days_off'),
      ],
    ];
    for (const [index, [url, body, rows]] of cases.entries()) {
      const key = `${KEY.slice(0, -2)}${index}0`;
      const before = await rows();
      const first = await post(url, body, key);
      expect(first.statusCode, url).toBe(201);
      const again = await post(url, body, key);
      expect(again.statusCode, url).toBe(201);
      expect(again.json(), url).toEqual(first.json());
      expect(await rows(), url).toBe(before + 1);
    }
  });

  it('refuses the same key with a different request with 422 and writes nothing', async () => {
    expect((await post('/api/todos', { title: 'Write' }, KEY)).statusCode).toBe(201);
    for (const [url, body] of [
      ['/api/todos', { title: 'Something else' }],
      ['/api/plans', { title: 'Day', tasks: [{ title: 'Read' }] }],
    ] as const) {
      const reused = await post(url, body, KEY);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: 'This Idempotency-Key was already used for a different request.',
        },
      });
    }
    expect(await todoCount()).toBe(1);
    expect(await count('daily_plans')).toBe(0);
  });

  it('answers 409 for a claim left without its answer by a version before ADR 0022', async () => {
    expect((await post('/api/todos', { title: 'Write' }, KEY)).statusCode).toBe(201);
    // Such a version claimed the key in its own commit and stored the answer after the write's.
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ status: null, response: null })
      .where('key', '=', KEY)
      .execute();
    const repeat = await post('/api/todos', { title: 'Write' }, KEY);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({
      error: {
        code: 'IDEMPOTENCY_IN_PROGRESS',
        message: 'A request with this Idempotency-Key is still being processed.',
      },
    });
    expect(await todoCount()).toBe(1);
  });

  it('writes once when the same request is sent several times at once, and answers each', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/todos', { title: 'Write' }, KEY)),
    );
    // A repeat waits for the first attempt's transaction and gets its answer (ADR 0022).
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await todoCount()).toBe(1);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it', 'semi;colon;key']) {
      const response = await post('/api/todos', { title: 'Write' }, key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe(
        'IDEMPOTENCY_KEY_INVALID',
      );
    }
    expect(await todoCount()).toBe(0);
  });

  it('runs a refused write again on retry, and keeps keys apart per user', async () => {
    const day = { title: 'Day', tasks: [{ title: 'Read' }] };
    expect((await post('/api/plans', day)).statusCode).toBe(201);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await post('/api/plans', day, KEY);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('CONFLICT');
    }
    // Bob's key is his own, even with the same value.
    expect((await post('/api/plans', day, KEY, bob)).statusCode).toBe(201);
    expect(await count('daily_plans')).toBe(2);
  });

  it('forgets a key after a day', async () => {
    expect((await post('/api/todos', { title: 'Write' }, KEY)).statusCode).toBe(201);
    clock.advance(IDEMPOTENCY_TTL_MS + 1);
    const later = await post('/api/todos', { title: 'Another day' }, KEY);
    expect(later.statusCode).toBe(201);
    expect(await todoCount()).toBe(2);
  });
});
