import { ERROR_CODES } from '@daywise/shared';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { accountClient } from './account-client';
import { freePort } from './free-port';
import { memoryMailer, tempDir, TEST_DATABASE_URL, type TestApp, testConfig } from './helpers';
import {
  answers,
  createFreshSchema,
  type ServerProcess,
  startServer,
  waitFor,
} from './server-process';
import { type ProxyMode, startTcpProxy, type TcpProxy } from './tcp-proxy';

const UNAVAILABLE_BODY = {
  error: { code: 'UNAVAILABLE', message: ERROR_CODES.UNAVAILABLE.message },
};

/** A proxy in front of the test database's server. */
function proxyFor(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  return startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
}

/** The app on a fresh schema, reaching PostgreSQL only through a proxy the test can cut. */
async function appBehindProxy(
  databaseUrl: string,
): Promise<TestApp & { proxy: TcpProxy; schema: string }> {
  const proxy = await proxyFor(databaseUrl);
  const schema = await createFreshSchema(databaseUrl, 'outage');
  const database = openDatabase({
    databaseUrl: proxy.url(databaseUrl),
    dataDir: tempDir(),
    pgSchema: schema,
  });
  await migrateToLatest(database.db);
  const config = testConfig();
  const mailer = memoryMailer();
  const app = await buildApp(config, { database, mailer, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    proxy,
    schema,
    close: async () => {
      await app.close();
      await proxy.close();
    },
  };
}

/** Runs `request`, returning its response and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ response: T; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

/** Polls `check` until it holds, failing after `deadlineMs`. */
async function eventually(check: () => Promise<boolean>, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${deadlineMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL outages (TEST_DATABASE_URL)', () => {
  let ctx: (TestApp & { proxy: TcpProxy; schema: string }) | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it.each<ProxyMode>(['silent', 'refuse'])(
    'when PostgreSQL goes %s: 503 promptly in our shape, nothing written, and recovery by itself',
    async (mode) => {
      ctx = await appBehindProxy(TEST_DATABASE_URL ?? '');
      const { app, proxy } = ctx;
      const client = accountClient(ctx);
      const cookie = await client.signUpAndVerify();
      const headers = { cookie: cookie ?? '', origin: ctx.config.appUrl };
      const listTodos = () => app.inject({ method: 'GET', url: '/api/todos', headers });
      expect((await listTodos()).statusCode).toBe(200);

      proxy.setMode(mode);

      const health = await timed(() => app.inject({ method: 'GET', url: '/api/health' }));
      expect(health.response.statusCode).toBe(503);
      expect(health.response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      expect(health.ms).toBeLessThan(1500);

      // The session lookup is the first query of a signed-in request: it must be 503, not 500.
      const read = await timed(listTodos);
      expect(read.response.statusCode).toBe(503);
      expect(read.response.json()).toEqual(UNAVAILABLE_BODY);
      expect(read.ms).toBeLessThan(3000);

      const write = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/todos',
          headers,
          payload: { title: 'Written during the outage' },
        }),
      );
      expect(write.response.statusCode).toBe(503);
      expect(write.response.json()).toEqual(UNAVAILABLE_BODY);
      expect(write.ms).toBeLessThan(3000);

      proxy.setMode('pass');

      await eventually(
        async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
        10_000,
      );
      await eventually(async () => (await listTodos()).statusCode === 200, 10_000);
      const todos = (await listTodos()).json<{ items?: unknown[] } | unknown[]>();
      expect(JSON.stringify(todos)).not.toContain('Written during the outage');
    },
    30_000,
  );
});

describe.skipIf(!TEST_DATABASE_URL)('a write in flight when PostgreSQL goes silent', () => {
  let ctx: (TestApp & { proxy: TcpProxy; schema: string }) | undefined;
  let admin: pg.Client | undefined;
  afterEach(async () => {
    await admin?.end();
    await ctx?.close();
    ctx = admin = undefined;
  });

  it('answers 503 within one query time limit, not two, and the app recovers', async () => {
    ctx = await appBehindProxy(TEST_DATABASE_URL ?? '');
    const { app, proxy, schema } = ctx;
    const cookie = await accountClient(ctx).signUpAndVerify();
    const headers = { cookie: cookie ?? '', origin: ctx.config.appUrl };
    const listTodos = () => app.inject({ method: 'GET', url: '/api/todos', headers });

    // A lock taken past the proxy holds the todo's insert inside its transaction, so that the
    // database goes silent while the write is under way.
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('begin');
    await admin.query(`lock table ${schema}.todos in share mode`);
    const inFlight = timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/todos',
        headers,
        payload: { title: 'Written as the database went silent' },
      }),
    );
    const held = admin;
    await eventually(async () => {
      const { rows } = await held.query<{ waiting: number }>(
        'select count(*)::int as waiting from pg_locks where relation = $1::regclass and not granted',
        [`${schema}.todos`],
      );
      return (rows[0]?.waiting ?? 0) > 0;
    }, 10_000);
    proxy.setMode('silent');

    // The insert times out after QUERY_TIMEOUT_MS; its ROLLBACK must not wait as long again on
    // the same silent connection.
    const write = await inFlight;
    expect(write.response.statusCode).toBe(503);
    expect(write.response.json()).toEqual(UNAVAILABLE_BODY);
    expect(write.ms).toBeLessThan(3500);
    await held.query('rollback');

    proxy.setMode('pass');
    await eventually(async () => (await listTodos()).statusCode === 200, 10_000);
    expect(JSON.stringify((await listTodos()).json())).not.toContain('went silent');
  }, 30_000);
});

describe.skipIf(!TEST_DATABASE_URL)('start-up while PostgreSQL is unreachable', () => {
  let proxy: TcpProxy | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    server = proxy = undefined;
  });

  /** The server process on a fresh schema, reaching PostgreSQL through `proxy`. */
  async function startBehind(databaseUrl: string, env: Record<string, string> = {}) {
    proxy = await proxyFor(databaseUrl);
    const url = new URL(proxy.url(databaseUrl));
    url.searchParams.set(
      'options',
      `-c search_path=${await createFreshSchema(databaseUrl, 'outage')}`,
    );
    const port = await freePort();
    proxy.setMode('refuse');
    server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DATABASE_URL: url.toString(),
      ...env,
    });
    return { proxy, server, health: `http://127.0.0.1:${port}/api/health` };
  }

  it('retries with backoff, logging each attempt, and starts once the database answers', async () => {
    const started = await startBehind(TEST_DATABASE_URL ?? '');
    await waitFor(
      () => started.server.output().includes('Database unreachable (attempt 2:'),
      15_000,
      started.server,
    );
    expect(started.server.output()).toContain('retrying in 500 ms');
    started.proxy.setMode('pass');
    await waitFor(() => answers(started.health), 20_000, started.server);
  }, 40_000);

  it('gives up after DATABASE_STARTUP_TIMEOUT_MS and exits 1 saying why', async () => {
    const started = await startBehind(TEST_DATABASE_URL ?? '', {
      DATABASE_STARTUP_TIMEOUT_MS: '1000',
    });
    expect(await started.server.exited).toBe(1);
    expect(started.server.output()).toContain(
      'Daywise cannot start. The database did not answer within 1000 ms (DATABASE_STARTUP_TIMEOUT_MS)',
    );
  }, 30_000);
});
