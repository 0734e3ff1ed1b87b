import { REALTIME_CLOSE } from '@daywise/shared';
import type { CalendarFeed, CreatedApiToken } from '@daywise/shared/schemas';
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
  'disabling an account across two instances on one PostgreSQL and one Redis',
  () => {
    const redisKeyPrefix = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL });
    const mailer = memoryMailer();
    let database: TestDatabase;
    let first: AppInstance;
    let second: AppInstance;
    const urls: string[] = [];

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

    it("ends the user's open tab, token and feed on the other instance within a second", async () => {
      const onFirst = { app: first, mailer, config } as TestApp;
      const api = accountClient(onFirst);
      const ada = (await api.signUpAndVerify('ada@example.com')) ?? '';
      const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
      const bobId = (await api.get('/api/account/session', bob)).json<{ user: { id: string } }>()
        .user.id;
      const token = (
        await sendAs(onFirst, bob, 'POST', '/api/tokens', { name: 'Script', scope: 'read' })
      ).json<CreatedApiToken>().secret;
      const feed = new URL(
        (await sendAs(onFirst, bob, 'POST', '/api/calendar-feed/rotate')).json<CalendarFeed>()
          .url ?? '',
      );
      // Bob's tab is open on the second instance: its session is cached there, its socket open.
      const todos = () => second.inject({ url: '/api/todos', headers: { cookie: bob } });
      const withToken = () =>
        second.inject({ url: '/api/todos', headers: { authorization: `Bearer ${token}` } });
      expect((await todos()).statusCode).toBe(200);
      expect((await withToken()).statusCode).toBe(200);
      expect((await second.inject({ url: feed.pathname })).statusCode).toBe(200);
      const socket = await connectRealtime(urls[1] ?? '', bob);

      const disabledAt = performance.now();
      const disabled = await sendAs(onFirst, ada, 'POST', `/api/admin/users/${bobId}/disable`);
      expect(disabled.statusCode).toBe(200);
      expect(await socket.closed).toBe(REALTIME_CLOSE.sessionEnded);
      await vi.waitFor(
        async () => {
          expect((await todos()).statusCode).toBe(401);
          expect((await withToken()).statusCode).toBe(401);
          expect((await second.inject({ url: feed.pathname })).statusCode).toBe(404);
        },
        { timeout: 1000, interval: 20 },
      );
      expect(performance.now() - disabledAt).toBeLessThan(1000);
    });
  },
);
