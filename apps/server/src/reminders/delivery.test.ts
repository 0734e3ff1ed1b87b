import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';

import {
  createTestDatabase,
  ENGINES,
  SAME_ORIGIN,
  TEST_DATABASE_URL,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers';
import {
  captureChannel,
  createTodo,
  deliveryLog,
  pendingJob,
  reminderApp,
  signedIn,
  thisMinute,
} from '../../test/reminder-app';
import { startSmtpListener } from '../../test/smtp-listener';
import { workerSchemaFor } from './graphile-queue';

/** What every app of a test was, to close them after it. */
const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) {
    await resource.close();
  }
});

async function testDatabase(engine: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const database = await createTestDatabase(engine);
  opened.push({ close: database.drop });
  return database;
}

async function app(engine: 'sqlite' | 'postgres', options: Parameters<typeof reminderApp>[1]) {
  const ctx = await reminderApp(engine, options);
  opened.push({ close: ctx.close });
  return ctx;
}

describe.each(ENGINES)('reminder delivery on %s', (engine) => {
  it('delivers a due reminder through the runner', async () => {
    const channel = captureChannel();
    const ctx = await app(engine, {
      database: (await testDatabase(engine)).database,
      channels: [channel],
    });
    const cookie = await signedIn(ctx);
    await ctx.app.reminders.start();
    const { id } = await createTodo(ctx, cookie, 'Stretch', thisMinute());

    await expect
      .poll(() => channel.delivered.map((reminder) => reminder.itemId), { timeout: 15_000 })
      .toEqual([id]);
    // A daily reminder: tomorrow's is waiting.
    const next = await pendingJob(ctx.database, `todo:${id}`);
    expect(new Date(next?.fireAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('still delivers after a restart between scheduling and the due time', async () => {
    const data = await testDatabase(engine);
    const before = await app(engine, { database: data.database, channels: [captureChannel()] });
    const cookie = await signedIn(before);
    const { id } = await createTodo(before, cookie, 'Call mum', thisMinute());
    await before.close();

    const channel = captureChannel();
    const after = await app(engine, { database: data.openAnother(), channels: [channel] });
    await after.app.reminders.start();
    await expect
      .poll(() => channel.delivered.map((reminder) => reminder.itemId), { timeout: 15_000 })
      .toEqual([id]);
  });
});

describe.runIf(TEST_DATABASE_URL)(
  'reminder delivery with two instances on one PostgreSQL schema',
  () => {
    it('delivers each reminder exactly once', async () => {
      const data = await testDatabase('postgres');
      const first = captureChannel();
      const second = captureChannel();
      const one = await app('postgres', { database: data.database, channels: [first] });
      const two = await app('postgres', { database: data.openAnother(), channels: [second] });
      const cookie = await signedIn(one);
      await Promise.all([one.app.reminders.start(), two.app.reminders.start()]);
      const todos = [];
      for (const title of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
        todos.push(await createTodo(one, cookie, title, thisMinute()));
      }

      const schema = workerSchemaFor(data.database.postgres?.schema);
      const dueJobs = async () => {
        const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from ${sql.id(schema, '_private_jobs')} where run_at <= now()
      `.execute(data.database.db);
        return rows[0]?.count;
      };
      // Every job has run: each fired once and tomorrow's is all that is left.
      await expect
        .poll(async () => (await deliveryLog(data.database)).length, { timeout: 20_000 })
        .toBe(6);
      await expect.poll(dueJobs, { timeout: 10_000 }).toBe(0);
      const delivered = [...first.delivered, ...second.delivered].map(
        (reminder) => reminder.itemId,
      );
      expect(delivered.sort()).toEqual(todos.map((todo) => todo.id).sort());
    });
  },
);

/** A header line as received, unfolded. */
function headerLine(mail: ParsedMail | undefined, key: string): string | undefined {
  return mail?.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
}

/** A real SMTP listener keeping every message it receives, closed after the test. */
async function mailbox() {
  const listener = await startSmtpListener();
  opened.push(listener);
  return listener;
}

describe.each(ENGINES)('reminder emails on %s', (engine) => {
  let box: Awaited<ReturnType<typeof mailbox>>;
  const setup = async () => {
    box = await mailbox();
    const ctx = await app(engine, {
      database: (await testDatabase(engine)).database,
      smtpUrl: box.url,
    });
    const cookie = await signedIn(ctx);
    return { ctx, cookie };
  };
  /** Runs the todo's job now and answers the reminder email that arrives. */
  const remind = async (ctx: TestApp, id: string) => {
    const job = await pendingJob(ctx.database, `todo:${id}`);
    await ctx.app.reminders.runJob(job!);
    return box.messages.filter((mail) => mail.subject?.startsWith('Reminder:'));
  };
  const settingsOf = async (ctx: TestApp, cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json<{
      notifications: { email: boolean };
    }>().notifications;
  const unsubscribe = (ctx: TestApp, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
      headers: SAME_ORIGIN,
    });

  it('sends a reminder email with the item’s link and a one-click way to turn them off', async () => {
    const { ctx, cookie } = await setup();
    const { id } = await createTodo(ctx, cookie, 'Pay rent', '23:59');
    const [mail, ...more] = await remind(ctx, id);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Reminder: Pay rent');
    expect(mail?.text).toContain('It is time for this todo.');
    expect(mail?.text?.split('\n')).toContain('http://daywise.test/dashboard/todos');
    const link = mail?.text
      ?.split('\n')
      .find((line) => line.startsWith('http://daywise.test/unsubscribe#'));
    expect(mail?.html).toContain(`href="${link}"`);
    const token = new URL(link!).hash.slice(1);
    const oneClick = headerLine(mail, 'list-unsubscribe');
    expect(oneClick).toBe(
      `List-Unsubscribe: <http://daywise.test/api/notifications/unsubscribe?token=${token}>`,
    );
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );

    // The link works without a session and turns Email Notifications off.
    const answer = await unsubscribe(ctx, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect(await settingsOf(ctx, cookie)).toEqual({ email: false, reminders: true, review: false });
    // The next reminder sends no email.
    const second = await createTodo(ctx, cookie, 'Pay bills', '23:59');
    expect(await remind(ctx, second.id)).toEqual([mail]);
  });

  it('turns the emails off from a mail client’s one-click unsubscribe', async () => {
    const { ctx, cookie } = await setup();
    const { id } = await createTodo(ctx, cookie, 'Pay rent', '23:59');
    const [mail] = await remind(ctx, id);
    const header = headerLine(mail, 'list-unsubscribe') ?? '';
    const target = new URL(/<(.+)>/.exec(header)?.[1] ?? '');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await settingsOf(ctx, cookie)).toEqual({ email: false, reminders: true, review: false });
  });

  it('refuses a token altered or made for another user, and changes nothing', async () => {
    const { ctx, cookie } = await setup();
    const grace = await signedIn(ctx, 'grace@example.com');
    const { id } = await createTodo(ctx, cookie, 'Pay rent', '23:59');
    const [mail] = await remind(ctx, id);
    const link = mail?.text
      ?.split('\n')
      .find((line) => line.startsWith('http://daywise.test/unsubscribe#'));
    const [user, signature] = new URL(link!).hash.slice(1).split('.') as [string, string];
    const graceId = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/account/session',
        headers: { cookie: grace },
      })
    ).json<{ user: { id: string } }>().user.id;
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    for (const token of [
      `${user}.${flipped}`,
      `${Buffer.from(graceId).toString('base64url')}.${signature}`,
      'not-a-token',
    ]) {
      const answer = await unsubscribe(ctx, token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ error: { code: string } }>().error.code).toBe(
        'UNSUBSCRIBE_LINK_INVALID',
      );
    }
    expect(await settingsOf(ctx, cookie)).toEqual({ email: true, reminders: true, review: false });
    expect(await settingsOf(ctx, grace)).toEqual({ email: true, reminders: true, review: false });
  });
});

describe.each(ENGINES)('one delivery per occurrence, tabs and server alike, on %s', (engine) => {
  const claim = (ctx: TestApp, cookie: string, itemId: string, occurrence: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/reminders/claim',
      payload: { kind: 'todo', itemId, occurrence },
      headers: { ...SAME_ORIGIN, cookie },
    });
  const shows = async (ctx: TestApp, cookie: string, itemId: string, occurrence: string) => {
    const answer = await claim(ctx, cookie, itemId, occurrence);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ show: boolean }>().show;
  };

  it('a tab opened after the server delivered shows nothing; of two tabs, one shows it', async () => {
    const channel = captureChannel();
    const ctx = await app(engine, {
      database: (await testDatabase(engine)).database,
      channels: [channel],
    });
    const cookie = await signedIn(ctx);

    const delivered = await createTodo(ctx, cookie, 'Call Grandma', '23:59');
    const job = await pendingJob(ctx.database, `todo:${delivered.id}`);
    await ctx.app.reminders.runJob(job!);
    expect(channel.delivered.map((reminder) => reminder.title)).toEqual(['Reminder: Call Grandma']);
    expect(await shows(ctx, cookie, delivered.id, job!.fireAt)).toBe(false);

    const inTabs = await createTodo(ctx, cookie, 'Water the ferns', '23:59');
    const tabJob = await pendingJob(ctx.database, `todo:${inTabs.id}`);
    expect(await shows(ctx, cookie, inTabs.id, tabJob!.fireAt)).toBe(true);
    expect(await shows(ctx, cookie, inTabs.id, tabJob!.fireAt)).toBe(false);
    // Shown in a tab: the server sends it nowhere else.
    await ctx.app.reminders.runJob(tabJob!);
    expect(channel.delivered).toHaveLength(1);
  });

  it('names a reminder set for now by its minute, whoever fires it', async () => {
    const channel = captureChannel();
    const ctx = await app(engine, {
      database: (await testDatabase(engine)).database,
      channels: [channel],
    });
    const cookie = await signedIn(ctx);
    const minute = thisMinute();
    const { id } = await createTodo(ctx, cookie, 'Stretch', minute);
    const job = await pendingJob(ctx.database, `todo:${id}`);
    await ctx.app.reminders.runJob(job!);
    expect(channel.delivered).toHaveLength(1);
    // The tab's timer fired 2 s after its own sync, but the occurrence is the minute's.
    const occurrence = `${new Date().toISOString().slice(0, 11)}${minute}:00.000Z`;
    expect(await shows(ctx, cookie, id, occurrence)).toBe(false);
  });

  it('leaves a reminder no channel reaches to the open tab', async () => {
    const ctx = await app(engine, { database: (await testDatabase(engine)).database });
    const cookie = await signedIn(ctx);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { group: 'notifications', key: 'email', value: false },
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { id } = await createTodo(ctx, cookie, 'Pay rent', '23:59');
    const job = await pendingJob(ctx.database, `todo:${id}`);
    await ctx.app.reminders.runJob(job!);
    expect(await deliveryLog(ctx.database)).toEqual([]);
    expect(await shows(ctx, cookie, id, job!.fireAt)).toBe(true);
  });

  it("refuses another user's item and a malformed claim", async () => {
    const ctx = await app(engine, {
      database: (await testDatabase(engine)).database,
      channels: [captureChannel()],
    });
    const cookie = await signedIn(ctx);
    const grace = await signedIn(ctx, 'grace@example.com');
    const { id } = await createTodo(ctx, cookie, 'Pay rent', '23:59');
    const occurrence = new Date().toISOString();
    expect((await claim(ctx, grace, id, occurrence)).statusCode).toBe(404);
    expect((await claim(ctx, cookie, id, 'yesterday')).statusCode).toBe(400);
    // Not an occurrence near now (the device's clock is off): shown, and nothing a client sends
    // fills the log.
    for (const days of [-3, 7]) {
      const far = new Date(Date.now() + days * 24 * 60 * 60_000).toISOString();
      expect(await shows(ctx, cookie, id, far)).toBe(true);
      expect(await shows(ctx, cookie, id, far)).toBe(true);
    }
    expect(await deliveryLog(ctx.database)).toEqual([]);
    // A dated reminder's occurrence is its moment, whatever later instant is sent for it; an
    // instant before it names none (ADR 0030: an item may have several moments).
    const today = new Date().toISOString().slice(0, 10);
    const dated = await createTodo(ctx, cookie, 'Stretch', '23:59', { dueDate: today });
    const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
    const before = new Date(Date.parse(`${today}T23:59:00.000Z`) - 1000).toISOString();
    expect(await shows(ctx, cookie, dated.id, before)).toBe(true);
    expect(await deliveryLog(ctx.database)).toEqual([]);
    expect(await shows(ctx, cookie, dated.id, nextWeek)).toBe(true);
    expect(await shows(ctx, cookie, dated.id, `${today}T23:59:02.000Z`)).toBe(false);
    expect(await deliveryLog(ctx.database)).toHaveLength(1);
  });
});
