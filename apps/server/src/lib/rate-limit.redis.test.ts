import { PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import {
  createTestApp,
  createTestDatabase,
  memoryMailer,
  SAME_ORIGIN,
  TEST_REDIS_URL,
  testConfig,
} from '../../test/helpers';
import { buildApp } from '../app';
import type { AppInstance } from './app-instance';
import { withinPerUserLimit } from './rate-limit';

// Needs a Redis server: runs when TEST_REDIS_URL is set (.ci/run sets it).
describe.skipIf(!TEST_REDIS_URL)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  it('count a client across two instances together', async () => {
    const redisKeyPrefix = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const env = { REDIS_URL: TEST_REDIS_URL };
    const first = await createTestApp('sqlite', { env, redisKeyPrefix });
    const second = await createTestApp('sqlite', { env, redisKeyPrefix });
    const post = (ctx: typeof first) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: SAME_ORIGIN,
        payload: {
          name: 'Ada',
          email: 'ada@example.com',
          category: 'Other',
          feedback: 'Hello',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_FORM_RATE_LIMIT.max + 1; i += 1) {
      statuses.push((await post(i % 2 === 0 ? first : second)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(PUBLIC_FORM_RATE_LIMIT.max).fill(201), 429]);
    await first.close();
    await second.close();
  });

  it('count a user across two instances together, for checks that answer rather than refuse', async () => {
    const redisKeyPrefix = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const env = { REDIS_URL: TEST_REDIS_URL };
    const instances = [
      await createTestApp('sqlite', { env, redisKeyPrefix }),
      await createTestApp('sqlite', { env, redisKeyPrefix }),
    ];
    const checks = instances.map(({ app }) =>
      withinPerUserLimit(app, 'drawn-pages', { max: 3, windowMs: 60_000 }),
    );
    // A request as the check reads it: the user is passed beside it.
    const request = () => ({ ip: '127.0.0.1', routeOptions: { config: {} } }) as FastifyRequest;
    const answers: boolean[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await checks[i % 2]!(request(), 'user-1'));
    }
    expect(answers).toEqual([true, true, true, false, false]);
    expect(await checks[1]!(request(), 'user-2')).toBe(true);
    await Promise.all(instances.map((instance) => instance.close()));
  });

  it('keeps deployments with different REDIS_KEY_PREFIX values apart', async () => {
    const run = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const start = async (prefix: string) => {
      const database = await createTestDatabase('sqlite');
      const app = await buildApp(
        testConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `${prefix}-${run}` }),
        { database: database.database, mailer: memoryMailer(), logger: false },
      );
      return {
        app,
        close: async () => {
          await app.close();
          await database.drop();
        },
      };
    };
    const post = (app: AppInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: SAME_ORIGIN,
        payload: { name: 'Ada', email: 'ada@example.com', category: 'Other', feedback: 'Hello' },
      });
    const staging = await start('staging');
    const production = await start('production');
    for (let i = 0; i < PUBLIC_FORM_RATE_LIMIT.max; i += 1) {
      expect((await post(staging.app)).statusCode).toBe(201);
    }
    expect((await post(staging.app)).statusCode).toBe(429);
    // The same client, counted afresh by the other deployment.
    expect((await post(production.app)).statusCode).toBe(201);
    await staging.close();
    await production.close();
  });
});
