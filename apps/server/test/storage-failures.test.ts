import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ERROR_CODES } from '@daywise/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { buildApp } from '../src/app';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { AppInstance } from '../src/lib/app-instance';
import { accountClient } from './account-client';
import { freePort } from './free-port';
import {
  ENGINES,
  memoryMailer,
  SAME_ORIGIN,
  tempDir,
  TEST_DATABASE_URL,
  type TestApp,
  testConfig,
} from './helpers';
import { createFreshSchema, type ServerProcess, startServer, waitFor } from './server-process';

const UNAVAILABLE_BODY = {
  error: { code: 'UNAVAILABLE', message: ERROR_CODES.UNAVAILABLE.message },
};
const HEALTH_UNAVAILABLE = { status: 'unavailable', database: 'unreachable' };

/** Secrets from the environment, so that start-up writes nothing to a database that refuses it. */
const vapid = webpush.generateVAPIDKeys();
const SECRETS = {
  AUTH_SECRET: 'storage-failures-test-secret-0123456789',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
};

const feedback = (app: AppInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: SAME_ORIGIN,
    payload: { name: 'Ada', email: 'ada@example.com', category: 'Other', feedback: 'Hello' },
  });
const health = (app: AppInstance) => app.inject({ method: 'GET', url: '/api/health' });

/** The app on `database`, with emails captured and its JSON log lines kept for the test. */
async function appOn(database: DatabaseHandle): Promise<TestApp & { log: () => string }> {
  const lines: string[] = [];
  const config = testConfig(SECRETS);
  const mailer = memoryMailer();
  const app = await buildApp(config, {
    database,
    mailer,
    logStream: { write: (line: string) => lines.push(line) },
  });
  await app.ready();
  return { app, database, config, mailer, log: () => lines.join(''), close: () => app.close() };
}

async function migratedSqlite(dataDir: string): Promise<DatabaseHandle> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  return database;
}

/**
 * A migrated database that then takes no more writes: SQLite's `query_only`, which fails writes
 * with SQLITE_READONLY as a file gone read-only does; on PostgreSQL, sessions whose transactions
 * are read-only, as on a replica after a failover (25006).
 */
async function readOnlyDatabase(engine: Engine): Promise<DatabaseHandle> {
  const dataDir = tempDir();
  if (engine === 'sqlite') {
    const database = await migratedSqlite(dataDir);
    await sql`pragma query_only = 1`.execute(database.db);
    return database;
  }
  const databaseUrl = TEST_DATABASE_URL ?? '';
  const schema = await createFreshSchema(databaseUrl, 'storage');
  const writable = openDatabase({ databaseUrl, dataDir, pgSchema: schema });
  await migrateToLatest(writable.db);
  await writable.close();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema} -c default_transaction_read_only=on`);
  return openDatabase({ databaseUrl: url.toString(), dataDir, queryTimeoutMs: 30_000 });
}

describe.each(ENGINES)('a database that refuses writes (%s)', (engine) => {
  let ctx: (TestApp & { log: () => string }) | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers writes 503 in our shape, says why in the log, and health answers 503', async () => {
    ctx = await appOn(await readOnlyDatabase(engine));
    const write = await feedback(ctx.app);
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual(UNAVAILABLE_BODY);
    const cause = engine === 'sqlite' ? 'SQLITE_READONLY' : '25006';
    expect(ctx.log()).toContain(`"msg":"request failed: dependency unavailable (${cause}: `);

    const checked = await health(ctx.app);
    expect(checked.statusCode).toBe(503);
    expect(checked.json()).toEqual(HEALTH_UNAVAILABLE);
    expect(ctx.log()).toMatch(
      new RegExp(`"code":"${cause}[^]*"msg":"health check: database unavailable"`),
    );
  });
});

describe('SQLite storage failures', () => {
  let ctx: (TestApp & { log: () => string }) | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('a full database file: a write in a transaction answers 503 naming SQLITE_FULL, and nothing of it stays', async () => {
    ctx = await appOn(await migratedSqlite(tempDir()));
    const cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    const headers = { ...SAME_ORIGIN, cookie };
    // The file may not grow by a page more.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(ctx.database.db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(ctx.database.db);

    // Each todo is written in a transaction; the first that needs a new page cannot be.
    let created = 0;
    let refused: Awaited<ReturnType<AppInstance['inject']>> | undefined;
    for (let attempt = 0; attempt < 200 && !refused; attempt += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos',
        headers,
        payload: { title: `Todo ${attempt} ${'x'.repeat(150)}` },
      });
      if (response.statusCode === 201) {
        created += 1;
      } else {
        refused = response;
      }
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual(UNAVAILABLE_BODY);
    expect(ctx.log()).toContain(
      '"msg":"request failed: dependency unavailable (SQLITE_FULL: database or disk is full)"',
    );
    // SQLite rolled the transaction back itself; no second error replaced the first.
    expect(ctx.log()).not.toContain('cannot rollback');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/todos', headers });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(`Todo ${created} `);
  });

  it.each([
    ['removed', (file: string) => fs.rmSync(file)],
    [
      'replaced',
      (file: string) => {
        fs.copyFileSync(file, `${file}.copy`);
        fs.renameSync(`${file}.copy`, file);
      },
    ],
  ])(
    'the database file %s under the running app: health answers 503 saying so',
    async (_, change) => {
      const dataDir = tempDir();
      ctx = await appOn(await migratedSqlite(dataDir));
      expect((await health(ctx.app)).statusCode).toBe(200);

      // SQLite itself goes on reading and writing the copy it holds open.
      change(path.join(dataDir, 'daywise.sqlite'));
      const checked = await health(ctx.app);
      expect(checked.statusCode).toBe(503);
      expect(checked.json()).toEqual(HEALTH_UNAVAILABLE);
      expect(ctx.log()).toMatch(
        /(ENOENT: no such file or directory|was replaced since it was opened)[^]*"msg":"health check: database unavailable"/,
      );
    },
  );
});

/** Whether util-linux's prlimit is here to limit a running process's file size. */
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasPrlimit)(
  'a disk that fails every write, under the server process (SQLite)',
  () => {
    let server: ServerProcess | undefined;
    afterEach(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      server = undefined;
    });

    it('answers 503 naming the I/O error, health answers 503, and both recover with the disk', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const running = (server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: tempDir(),
      }));
      const healthStatus = async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      };
      const sendFeedback = () =>
        fetch(`${base}/api/feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({
            name: 'Ada',
            email: 'ada@example.com',
            category: 'Other',
            feedback: 'Hello',
          }),
        });
      await waitFor(async () => (await healthStatus()) === 200, 30_000, running);

      // A file may no longer grow by a byte (RLIMIT_FSIZE: the write fails, EFBIG), so every commit,
      // which appends to the WAL, fails as on a disk that fails its writes: SQLITE_IOERR_WRITE.
      const limitFileSize = (soft: string) =>
        execFileSync('prlimit', ['--pid', String(running.child.pid), `--fsize=${soft}:`]);
      limitFileSize('1');
      const refused = await sendFeedback();
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual(UNAVAILABLE_BODY);
      // The log comes down its own pipe, and may arrive after the answer.
      const logged = (line: RegExp) => waitFor(() => line.test(running.output()), 10_000, running);
      await logged(/"msg":"request failed: dependency unavailable \(SQLITE_IOERR_WRITE: disk I\/O/);
      await waitFor(async () => (await healthStatus()) === 503, 10_000, running);
      await logged(/"code":"SQLITE_IOERR_WRITE"[^]*"msg":"health check: database unavailable"/);

      limitFileSize('unlimited');
      await waitFor(async () => (await healthStatus()) === 200, 10_000, running);
      expect((await sendFeedback()).status).toBe(201);
    }, 60_000);
  },
);
