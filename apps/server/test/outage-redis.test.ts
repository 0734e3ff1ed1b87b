import { AUTH_RATE_LIMIT, ERROR_CODES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import type { AppInstance } from '../src/lib/app-instance';
import { accountClient, loginBurst } from './account-client';
import {
  createTestApp,
  createTestDatabase,
  memoryMailer,
  SAME_ORIGIN,
  TEST_REDIS_URL,
  type TestApp,
  testConfig,
  type TestDatabase,
} from './helpers';
import { connectRealtime, listenForRealtime, type TestSocket } from './realtime-client';
import { waitFor } from './server-process';
import { type ProxyMode, startTcpProxy, type TcpProxy } from './tcp-proxy';

const REDIS_URL = TEST_REDIS_URL ?? '';

function uniquePrefix(): string {
  return `test-outage-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

async function proxyForRedis(): Promise<TcpProxy> {
  const target = new URL(REDIS_URL);
  return startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
}

async function timed<T>(request: () => Promise<T>): Promise<{ response: T; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

const feedback = (app: AppInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: SAME_ORIGIN,
    payload: { name: 'Ada', email: 'ada@example.com', category: 'Other', feedback: 'Hello' },
  });

describe.skipIf(!TEST_REDIS_URL)('Redis outages: rate limits and health (TEST_REDIS_URL)', () => {
  let proxy: TcpProxy | undefined;
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    await proxy?.close();
    ctx = proxy = undefined;
  });

  async function appBehindProxy(): Promise<{ ctx: TestApp; proxy: TcpProxy }> {
    proxy = await proxyForRedis();
    ctx = await createTestApp('sqlite', { env: { REDIS_URL: proxy.url(REDIS_URL) } });
    return { ctx, proxy };
  }

  it('with Redis refusing, 35 parallel logins to one account still meet the limit (per instance)', async () => {
    const { ctx, proxy } = await appBehindProxy();
    proxy.setMode('refuse');
    const attempts = await loginBurst(ctx, 35);
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMIT.perEmail.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      35 - AUTH_RATE_LIMIT.perEmail.max,
    );
    const limited = attempts.find((response) => response.statusCode === 429);
    expect(limited?.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: ERROR_CODES.RATE_LIMITED.message },
    });
  });

  it.each<ProxyMode>(['silent', 'refuse'])(
    'with Redis %s, a rate-limited route answers promptly and still limits',
    async (mode) => {
      const { ctx, proxy } = await appBehindProxy();
      proxy.setMode(mode);
      const answers = [];
      for (let i = 0; i <= PUBLIC_FORM_RATE_LIMIT.max; i += 1) {
        answers.push(await timed(() => feedback(ctx.app)));
      }
      expect(answers.map((answer) => answer.response.statusCode)).toEqual([
        ...Array<number>(PUBLIC_FORM_RATE_LIMIT.max).fill(201),
        429,
      ]);
      // The first call may wait out one Redis command timeout (1 s); later ones do not wait.
      expect(answers[0]?.ms).toBeLessThan(1800);
      for (const answer of answers.slice(1)) {
        expect(answer.ms).toBeLessThan(500);
      }
    },
    20_000,
  );

  it.each<ProxyMode>(['silent', 'refuse'])(
    'with Redis %s, health says degraded (200) within about a second, and ok once it is back',
    async (mode) => {
      const { ctx, proxy } = await appBehindProxy();
      const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect((await health()).json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });

      proxy.setMode(mode);
      const during = await timed(health);
      expect(during.response.statusCode).toBe(200);
      expect(during.response.json()).toEqual({
        status: 'degraded',
        database: 'ok',
        redis: 'unreachable',
      });
      expect(during.ms).toBeLessThan(1500);

      proxy.setMode('pass');
      await waitFor(async () => (await health()).json<{ redis: string }>().redis === 'ok', 15_000);
    },
    30_000,
  );
});

/** Frames of `socket` so far, without consuming them. */
const hasFrame = (socket: TestSocket, frame: object) =>
  socket.pending.some((value) => JSON.stringify(value) === JSON.stringify(frame));

describe.skipIf(!TEST_REDIS_URL)('Redis outages: realtime (TEST_REDIS_URL)', () => {
  const resources: { close: () => Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const resource of resources.reverse()) {
      await resource.close();
    }
    resources.length = 0;
  });

  /** Instance A reaches Redis through a proxy the test cuts; instance B directly. Same data. */
  async function twoInstances() {
    const proxy = await proxyForRedis();
    const database: TestDatabase = await createTestDatabase('sqlite');
    const redisKeyPrefix = uniquePrefix();
    const mailer = memoryMailer();
    const start = async (redisUrl: string, handle: TestDatabase['database']) => {
      const config = testConfig({ REDIS_URL: redisUrl });
      const app = await buildApp(config, {
        database: handle,
        mailer,
        logger: false,
        redisKeyPrefix,
      });
      resources.push({ close: () => app.close() });
      return { app, config, url: await listenForRealtime(app) };
    };
    resources.push({ close: () => database.drop() }, proxy);
    const a = await start(proxy.url(REDIS_URL), database.database);
    const b = await start(REDIS_URL, database.openAnother());
    const watcher = new Redis(REDIS_URL);
    resources.push({ close: () => watcher.quit() });
    await waitFor(async () => {
      const [, listeners] = (await watcher.pubsub('NUMSUB', `${redisKeyPrefix}:realtime`)) as [
        string,
        number,
      ];
      return listeners === 2;
    }, 5000);
    const api = accountClient({ app: a.app, mailer, config: a.config } as TestApp);
    const cookie = (await api.signUpAndVerify()) ?? '';
    const { user } = (await api.get('/api/account/session', cookie)).json<{
      user: { id: string };
    }>();
    const onA = await connectRealtime(a.url, cookie);
    const onB = await connectRealtime(b.url, cookie);
    resources.push({
      close: async () => {
        onA.socket.close();
        onB.socket.close();
        await Promise.all([onA.closed, onB.closed]);
      },
    });
    return { proxy, a: a.app, b: b.app, userId: user.id, onA, onB };
  }

  it.each<ProxyMode>(['silent', 'refuse'])(
    'with Redis %s: a failed publish tells local sockets to resync, and after the outage every socket is told to and events flow again',
    async (mode) => {
      const { proxy, a, b, userId, onA, onB } = await twoInstances();
      proxy.setMode(mode);

      // B still reaches Redis; A's sockets miss what B publishes meanwhile.
      b.realtime.publish([userId], { type: 'chat.changed', chatId: 'missed-by-a' });
      await waitFor(() => hasFrame(onB, { type: 'chat.changed', chatId: 'missed-by-a' }), 5000);

      // A cannot publish: its own sockets are told at once (within the command timeout).
      const started = performance.now();
      a.realtime.publish([userId], { type: 'chat.changed', chatId: 'lost' });
      await waitFor(() => hasFrame(onA, { type: 'resync' }), 3000);
      expect(performance.now() - started).toBeLessThan(2500);
      expect(hasFrame(onA, { type: 'chat.changed', chatId: 'missed-by-a' })).toBe(false);

      onA.pending.length = 0;
      onB.pending.length = 0;
      proxy.setMode('pass');

      // A's subscription comes back by itself and tells its sockets what they may have missed.
      await waitFor(() => hasFrame(onA, { type: 'resync' }), 15_000);
      // Events from B reach A's sockets again.
      b.realtime.publish([userId], { type: 'chat.changed', chatId: 'after' });
      await waitFor(() => hasFrame(onA, { type: 'chat.changed', chatId: 'after' }), 5000);
      // A's next publish goes through and, since one failed, B's sockets are told to resync too.
      await waitFor(() => {
        a.realtime.publish([userId], { type: 'chat.changed', chatId: 'from-a' });
        return hasFrame(onB, { type: 'chat.changed', chatId: 'from-a' });
      }, 15_000);
      await waitFor(() => hasFrame(onB, { type: 'resync' }), 5000);
    },
    60_000,
  );
});
