import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { AppInstance } from '../src/lib/app-instance';
import type { Mailer } from '../src/mail/mailer';
import type { EmailContent } from '../src/mail/templates';
import { SCHEMA_PREFIX_ENV } from './global-setup';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** The engines every data test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_APP_URL = 'http://daywise.test';

export function tempDir(prefix = 'daywise-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestDatabase {
  database: DatabaseHandle;
  /** Opens another handle on the same data (a second server instance). */
  openAnother: () => DatabaseHandle;
  /** Removes what the test created (the PostgreSQL schema, the SQLite folder). */
  drop: () => Promise<void>;
}

/**
 * A fresh, empty database: a new SQLite file, or a new schema in the PostgreSQL test database so
 * that test files running in parallel never see each other's rows. Under Vitest the schemas are
 * dropped when the whole run ends (test/global-setup.ts explains why); elsewhere (the benches)
 * `drop` removes the schema at once.
 */
export async function createTestDatabase(engine: Engine, migrate = true): Promise<TestDatabase> {
  const dataDir = tempDir();
  let open: () => DatabaseHandle;
  let dropSchema = async () => undefined as void;
  if (engine === 'postgres') {
    if (!TEST_DATABASE_URL) {
      throw new Error('TEST_DATABASE_URL is needed for PostgreSQL tests');
    }
    const runPrefix = process.env[SCHEMA_PREFIX_ENV];
    const schema = uniqueName(runPrefix ?? 'test');
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // Generous limits: the suite runs many files in parallel on few cores, where a blocked event
    // loop makes a client-side timer fire late and spuriously. The outage tests open their own
    // databases with the production limits.
    open = () =>
      openDatabase({
        databaseUrl: TEST_DATABASE_URL,
        dataDir,
        pgSchema: schema,
        queryTimeoutMs: 30_000,
        connectTimeoutMs: 10_000,
      });
    if (!runPrefix) {
      dropSchema = async () => {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      };
    }
  } else {
    open = () => openDatabase({ dataDir });
  }
  const database = open();
  if (migrate) {
    await migrateToLatest(database.db);
  }
  return {
    database,
    openAnother: open,
    drop: async () => {
      await database.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mailer that keeps what it would have sent. */
export function memoryMailer(): Mailer & { sent: { to: string; content: EmailContent }[] } {
  const sent: { to: string; content: EmailContent }[] = [];
  return {
    sent,
    send: (to, content) => {
      sent.push({ to, content });
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  const dir = tempDir();
  return loadConfig(
    { DATA_DIR: dir, APP_URL: TEST_APP_URL, WEB_DIST_DIR: path.join(dir, 'web'), ...env },
    path.join(dir, 'web'),
  );
}

export interface TestApp {
  app: AppInstance;
  database: DatabaseHandle;
  config: Config;
  mailer: ReturnType<typeof memoryMailer>;
  close: () => Promise<void>;
}

/** buildApp on a fresh database, with emails captured in memory. */
export async function createTestApp(
  engine: Engine,
  options: {
    env?: Record<string, string | undefined>;
    redisKeyPrefix?: string;
    now?: () => Date;
    /** Off only where a test measures the running app's speed (bench/). */
    checkJsonAnswers?: boolean;
    /** Loopback fake services outbound requests may reach (AppDependencies). */
    outboundAllowedOrigins?: string[];
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(engine);
  const config = testConfig(options.env);
  const mailer = memoryMailer();
  const app = await buildApp(config, {
    database: testDatabase.database,
    mailer,
    logger: false,
    redisKeyPrefix: options.redisKeyPrefix ?? uniqueName('test'),
    ...(options.now ? { now: options.now } : {}),
    checkJsonAnswers: options.checkJsonAnswers ?? true,
    ...(options.outboundAllowedOrigins
      ? { outboundAllowedOrigins: options.outboundAllowedOrigins }
      : {}),
  });
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    config,
    mailer,
    close: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/** Headers of a request sent by our own pages. */
export const SAME_ORIGIN = { origin: TEST_APP_URL };

/** A clock a test moves by hand. */
export function testClock(start = new Date('2026-11-21T09:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}
