import { REALTIME_CLOSE } from '@daywise/shared';
import type { List, SavedFiltersAnswer, Todo } from '@daywise/shared/schemas';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { accountClient } from '../../test/account-client';
import {
  createTestDatabase,
  memoryMailer,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
  testConfig,
  type TestDatabase,
} from '../../test/helpers';
import { connectRealtime, listenForRealtime } from '../../test/realtime-client';
import { sendAs } from '../../test/signed-in';
import { buildApp } from '../app';
import type { AppInstance } from '../lib/app-instance';

// Needs PostgreSQL and Redis: runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run).
describe.skipIf(!TEST_REDIS_URL || !TEST_DATABASE_URL)(
  'realtime across two instances on one PostgreSQL and one Redis',
  () => {
    const redisKeyPrefix = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL });
    let database: TestDatabase;
    let first: AppInstance;
    let second: AppInstance;
    const urls: string[] = [];
    const mailer = memoryMailer();

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const start = async (handle: TestDatabase['database']) => {
        const app = await buildApp(config, {
          database: handle,
          mailer,
          logger: false,
          redisKeyPrefix,
        });
        urls.push(await listenForRealtime(app));
        return app;
      };
      first = await start(database.database);
      second = await start(database.openAnother());
      // Both instances hear the channel before anything is published on it.
      const redis = new Redis(TEST_REDIS_URL ?? '');
      await vi.waitFor(async () => {
        const [, listeners] = (await redis.pubsub('NUMSUB', `${redisKeyPrefix}:realtime`)) as [
          string,
          number,
        ];
        expect(listeners).toBe(2);
      });
      await redis.quit();
    });
    afterAll(async () => {
      await first.close();
      await second.close();
      await database.drop();
    });

    /** Account requests to the first instance. */
    const firstApi = () => accountClient({ app: first, mailer, config } as TestApp);

    it('delivers an event published on one instance to sockets on both, exactly once', async () => {
      const api = firstApi();
      const cookie = (await api.signUpAndVerify()) ?? '';
      const { user } = (await api.get('/api/account/session', cookie)).json<{
        user: { id: string };
      }>();
      const onFirst = await connectRealtime(urls[0] ?? '', cookie);
      const onSecond = await connectRealtime(urls[1] ?? '', cookie);
      first.realtime.publish([user.id], { type: 'chat.changed', chatId: 'one' });
      first.realtime.publish([user.id], { type: 'chat.changed', chatId: 'two' });
      for (const socket of [onFirst, onSecond]) {
        expect(await socket.next()).toEqual({ type: 'chat.changed', chatId: 'one' });
        expect(await socket.next()).toEqual({ type: 'chat.changed', chatId: 'two' });
      }
      // A duplicate of 'one' or 'two' would have arrived before the answer to a later ping.
      for (const socket of [onFirst, onSecond]) {
        socket.socket.send(JSON.stringify({ type: 'ping' }));
        expect(await socket.next()).toEqual({ type: 'pong' });
      }
    });

    it('closes a socket on one instance when its session ends on the other', async () => {
      const api = firstApi();
      const cookie = (await api.signUpAndVerify('bob@example.com')) ?? '';
      const onSecond = await connectRealtime(urls[1] ?? '', cookie);
      expect((await api.post('/api/account/logout', {}, cookie)).statusCode).toBe(200);
      expect(await onSecond.closed).toBe(REALTIME_CLOSE.sessionEnded);
    });

    it("keeps the saved filters' counts right on both instances, whichever writes", async () => {
      const cookie = (await firstApi().signUpAndVerify('carol@example.com')) ?? '';
      const send = (app: AppInstance, method: 'POST' | 'PATCH', url: string, payload: object) =>
        sendAs({ app } as TestApp, cookie, method, url, payload);
      const count = async (app: AppInstance) =>
        (await app.inject({ method: 'GET', url: '/api/filters', headers: { cookie } }))
          .json<SavedFiltersAnswer>()
          .filters.map((filter) => filter.openCount);
      await send(first, 'POST', '/api/filters', { name: 'Reports', query: 'search: report' });
      // Both instances keep what each todo matches from here on.
      expect(await count(first)).toEqual([0]);
      expect(await count(second)).toEqual([0]);
      const todo = (await send(first, 'POST', '/api/todos', { title: 'Report' })).json<Todo>();
      for (const app of [second, first]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([1]));
      }
      await send(second, 'PATCH', `/api/todos/${todo.id}`, { title: 'Call' });
      for (const app of [first, second]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([0]));
      }
      // A list no filter names, then a filter naming it: each instance counts only that filter,
      // and keeps the other's count and matches.
      const work = (await send(second, 'POST', '/api/lists', { name: 'Work' })).json<List>();
      await send(first, 'POST', '/api/filters', { name: 'Work', query: '#Work' });
      for (const app of [first, second]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([0, 0]));
      }
      await send(second, 'PATCH', `/api/todos/${todo.id}`, { title: 'Report', listId: work.id });
      for (const app of [first, second]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([1, 1]));
      }
      // The list renamed: the filter naming it finds none.
      await send(first, 'PATCH', `/api/lists/${work.id}`, { name: 'Home' });
      for (const app of [second, first]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([1, 0]));
      }
      await send(first, 'PATCH', `/api/todos/${todo.id}`, { title: 'Call' });
      for (const app of [first, second]) {
        await vi.waitFor(async () => expect(await count(app)).toEqual([0, 0]));
      }
    });
  },
);
