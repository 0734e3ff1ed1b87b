import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, expect } from 'vitest';

import { buildApp } from '../src/app';
import type { DatabaseHandle, Engine } from '../src/db/database';
import { createMailer, type Mailer } from '../src/mail/mailer';
import type { DueReminder, ReminderChannel } from '../src/reminders/channels';
import { workerSchemaFor } from '../src/reminders/graphile-queue';
import type { QueueJob } from '../src/reminders/queue';
import { accountClient } from './account-client';
import {
  createTestDatabase,
  memoryMailer,
  SAME_ORIGIN,
  type TestApp,
  testClock,
  testConfig,
} from './helpers';

/** A channel that keeps what it was given. */
export function captureChannel(): ReminderChannel & { delivered: DueReminder[] } {
  const delivered: DueReminder[] = [];
  return {
    name: 'capture',
    delivered,
    deliver: (reminder) => {
      delivered.push(reminder);
      return Promise.resolve();
    },
  };
}

export interface ReminderAppOptions {
  now?: () => Date;
  /** Environment variables beside the test defaults (testConfig): METRICS_*, OUTBOUND_ALLOW_PRIVATE. */
  env?: Record<string, string>;
  /** The channels; the app's own (email) when left out. */
  channels?: ReminderChannel[];
  /** Sends every email over SMTP too (while keeping it in `mailer.sent`). */
  smtpUrl?: string;
  /** Another instance on this database (from `TestDatabase.openAnother`). */
  database?: DatabaseHandle;
  /** Loopback fake services outbound requests may reach (AppDependencies). */
  outboundAllowedOrigins?: string[];
  /** Keeps the app's JSON log lines here (otherwise it logs nothing). */
  logLines?: string[];
  /** The wait after an event webhook's first failed try (AppDependencies). */
  eventWebhookRetryBaseMs?: number;
}

/**
 * An app for the reminder tests: like createTestApp, with the reminder channels chosen, emails
 * optionally sent over real SMTP, and a second instance possible on the same data. `close`
 * closes the app (and its database handle); dropping the data is left to `drop`.
 */
export async function reminderApp(
  engine: Engine,
  options: ReminderAppOptions = {},
): Promise<TestApp & { drop: () => Promise<void> }> {
  const testDatabase = options.database ? undefined : await createTestDatabase(engine);
  const database = options.database ?? testDatabase!.database;
  const config = testConfig({
    ...options.env,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  const memory = memoryMailer();
  const smtp: Mailer | undefined = options.smtpUrl
    ? createMailer({
        smtpUrl: options.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        logger: pino({ level: 'silent' }),
      })
    : undefined;
  const mailer = {
    ...memory,
    send: async (to: string, content: Parameters<Mailer['send']>[1]) => {
      await memory.send(to, content);
      await smtp?.send(to, content);
    },
    close: () => smtp?.close(),
  };
  const app = await buildApp(config, {
    database,
    mailer,
    ...(options.logLines
      ? { logStream: { write: (line: string) => options.logLines?.push(line) } }
      : { logger: false }),
    redisKeyPrefix: `reminders-${Math.random().toString(36).slice(2)}`,
    ...(options.now ? { now: options.now } : {}),
    ...(options.channels ? { reminderChannels: options.channels } : {}),
    ...(options.outboundAllowedOrigins
      ? { outboundAllowedOrigins: options.outboundAllowedOrigins }
      : {}),
    ...(options.eventWebhookRetryBaseMs === undefined
      ? {}
      : { eventWebhookRetryBaseMs: options.eventWebhookRetryBaseMs }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    close: () => app.close(),
    drop: async () => {
      await testDatabase?.drop();
    },
  };
}

/** Signs a user up in `ctx` and answers their session cookie. */
export async function signedIn(ctx: TestApp, email = 'ada@example.com'): Promise<string> {
  return (await accountClient(ctx).signUpAndVerify(email)) ?? '';
}

/** The signed-in user's id. */
export async function userIdOf(ctx: TestApp, cookie: string): Promise<string> {
  const session = await ctx.app.inject({
    method: 'GET',
    url: '/api/account/session',
    headers: { cookie },
  });
  return session.json<{ user: { id: string } }>().user.id;
}

/**
 * The minute now in `timeZone` as a reminder time (HH:MM): a reminder at it has just passed, so
 * it fires REMINDER_LATE_DELAY_MS from now.
 */
export function thisMinute(timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());
}

/** Creates a todo as the user's page does and answers its id. */
export async function createTodo(
  ctx: TestApp,
  cookie: string,
  title: string,
  reminderTime: string,
  fields: { dueDate?: string } = {},
): Promise<{ id: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/todos',
    payload: { title, reminderTime, ...fields },
    headers: { ...SAME_ORIGIN, cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

/** The pending reminder job of an item, as the queue keeps it, or undefined. */
export async function pendingJob(
  database: DatabaseHandle,
  key: string,
): Promise<QueueJob | undefined> {
  if (database.postgres) {
    const schema = workerSchemaFor(database.postgres.schema);
    const exists = await sql<{ found: string | null }>`
      select to_regclass(${`${schema}._private_jobs`})::text as found
    `.execute(database.db);
    if (!exists.rows[0]?.found) {
      return undefined;
    }
    const { rows } = await sql<{ payload: QueueJob }>`
      select payload from ${sql.id(schema, '_private_jobs')} where key = ${key}
    `.execute(database.db);
    return rows[0]?.payload;
  }
  const row = await database.db
    .selectFrom('reminder_jobs')
    .select('payload')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as QueueJob) : undefined;
}

/** The delivery log's rows, oldest first. */
export function deliveryLog(database: DatabaseHandle) {
  return database.db
    .selectFrom('reminder_deliveries')
    .select(['key', 'fire_at', 'outcome'])
    .orderBy('fire_at')
    .execute();
}

/** What the reminder tests read off an answer: a todo's or plan's id, date and tasks, a claim's verdict. */
export interface ReminderAnswer {
  id: string;
  dueDate: string;
  show: boolean;
  tasks: { id: string }[];
}

/** A reminder app for one test, its clock moved by hand, its deliveries captured, a user signed in. */
export interface ReminderTestApp {
  ctx: TestApp & { drop: () => Promise<void> };
  clock: ReturnType<typeof testClock>;
  channel: ReturnType<typeof captureChannel>;
  cookie: string;
  /** A request from our origin as the signed-in user; an answer other than 2xx fails the test. */
  send: (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<ReminderAnswer>;
}

/**
 * Gives each test of the suite its own reminder app on `engine` (from Saturday 21 November 2026,
 * 09:00 UTC, with a capturing channel), handed to `use` before the test and dropped after it.
 */
export function eachReminderApp(engine: Engine, use: (app: ReminderTestApp) => void): void {
  let current: ReminderTestApp | undefined;
  beforeEach(async () => {
    const clock = testClock(new Date('2026-11-21T09:00:00.000Z'));
    const channel = captureChannel();
    const ctx = await reminderApp(engine, { now: clock.now, channels: [channel] });
    const cookie = await signedIn(ctx);
    const send: ReminderTestApp['send'] = async (method, url, payload) => {
      const response = await ctx.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return (response.body ? response.json() : {}) as ReminderAnswer;
    };
    current = { ctx, clock, channel, cookie, send };
    use(current);
  });
  afterEach(async () => {
    await current?.ctx.close();
    await current?.ctx.drop();
  });
}
