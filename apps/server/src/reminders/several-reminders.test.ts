import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestDatabase, ENGINES, SAME_ORIGIN, TEST_DATABASE_URL } from '../../test/helpers';
import {
  captureChannel,
  deliveryLog,
  eachReminderApp,
  pendingJob,
  reminderApp,
  type ReminderTestApp,
  signedIn,
  thisMinute,
} from '../../test/reminder-app';
import { workerSchemaFor } from './graphile-queue';
import type { QueueJob } from './queue';

/**
 * A todo's several reminders from the server (issue 32, ADR 0030): one job per todo for its next
 * reminder, the one after scheduled as it runs, each moment delivered once (also with a tab, and
 * with two instances), moved when the due date, time or reminders change, and never one that had
 * passed when it was set.
 */
describe.each(ENGINES)('several reminders on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let channel: ReminderTestApp['channel'];
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, channel, send } = app));
  const zone = async (timezone: string) => {
    await send('GET', '/api/settings');
    await send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: timezone,
    });
  };
  const todo = (fields: object) => send('POST', '/api/todos', { title: 'Dentist', ...fields });
  const job = (id: string) => pendingJob(ctx.database, `todo:${id}`);
  /** Runs the todo's pending job at its time (plus `late` ms) on the app's clock. */
  const runNext = async (id: string, late = 0): Promise<QueueJob> => {
    const pending = await job(id);
    expect(pending).toBeDefined();
    clock.advance(new Date(pending!.fireAt).getTime() + late - clock.now().getTime());
    await ctx.app.reminders.runJob(pending!);
    return pending!;
  };
  const sentAt = () => channel.delivered.map((reminder) => reminder.fireAt);
  /**
   * Whether the todo has no job after `ran` (run by hand, a job stays in SQLite's table until the
   * runner, which is not started here, deletes it).
   */
  const noJobAfter = async (id: string, ran: QueueJob) => {
    const left = await job(id);
    return left === undefined || JSON.stringify(left) === JSON.stringify(ran);
  };

  it('delivers each reminder in turn, in the user’s zone, then has none left', async () => {
    await zone('Europe/Paris');
    const { id } = await todo({
      dueDate: '2026-11-23',
      dueTime: '10:00',
      reminders: [
        { before: 60 },
        { before: 10 },
        { at: '2026-11-22T12:00:00.000Z' },
        { before: 0 },
      ],
    });
    // 10:00 in Paris is 09:00 UTC: 60 and 10 minutes before are 08:00 and 08:50.
    expect((await job(id))?.fireAt).toBe('2026-11-22T12:00:00.000Z');
    let ran: QueueJob | undefined;
    for (const expected of [
      '2026-11-22T12:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:50:00.000Z',
      '2026-11-23T09:00:00.000Z',
    ]) {
      ran = await runNext(id, 500);
      expect(ran.fireAt).toBe(expected);
    }
    expect(await noJobAfter(id, ran!)).toBe(true);
    expect(sentAt()).toEqual([
      '2026-11-22T12:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:50:00.000Z',
      '2026-11-23T09:00:00.000Z',
    ]);
    expect((await deliveryLog(ctx.database)).map((row) => row.key)).toEqual([
      `todo:${id}@2026-11-22T12:00:00.000Z`,
      `todo:${id}@2026-11-23T08:00:00.000Z`,
      `todo:${id}@2026-11-23T08:50:00.000Z`,
      `todo:${id}@2026-11-23T09:00:00.000Z`,
    ]);
  });

  it('counts days on the calendar across a clock change', async () => {
    // New York's clocks go back at 02:00 on Sunday 1 November 2026.
    clock.advance(new Date('2026-10-30T12:00:00.000Z').getTime() - clock.now().getTime());
    await zone('America/New_York');
    const { id } = await todo({
      dueDate: '2026-11-01',
      dueTime: '09:00',
      reminders: [{ before: 60 }, { before: 1440 }],
    });
    // A day before is 09:00 on Saturday (EDT, UTC-4); an hour before is 08:00 on Sunday (EST).
    expect((await runNext(id)).fireAt).toBe('2026-10-31T13:00:00.000Z');
    expect((await runNext(id)).fireAt).toBe('2026-11-01T13:00:00.000Z');
    expect(channel.delivered).toHaveLength(2);
  });

  it('moves the next reminder when the due date, time or reminders change; an old job sends nothing', async () => {
    const { id } = await todo({
      dueDate: '2026-11-22',
      dueTime: '10:00',
      reminders: [{ before: 30 }],
    });
    const first = await job(id);
    expect(first?.fireAt).toBe('2026-11-22T09:30:00.000Z');

    await send('PATCH', `/api/todos/${id}`, { dueTime: '11:00' });
    expect((await job(id))?.fireAt).toBe('2026-11-22T10:30:00.000Z');
    await send('PATCH', `/api/todos/${id}`, { dueDate: '2026-11-24' });
    expect((await job(id))?.fireAt).toBe('2026-11-24T10:30:00.000Z');
    await send('PATCH', `/api/todos/${id}`, { reminders: [{ before: 1440 }, { before: 5 }] });
    expect((await job(id))?.fireAt).toBe('2026-11-23T11:00:00.000Z');
    await send('PATCH', `/api/todos/${id}`, { reminders: [] });
    expect(await job(id)).toBeUndefined();

    clock.advance(new Date(first!.fireAt).getTime() - clock.now().getTime());
    await ctx.app.reminders.runJob(first!);
    expect(channel.delivered).toEqual([]);
  });

  it('never sends a reminder that had passed when it was set', async () => {
    // 09:00 now: 10 minutes before 09:05 passed five minutes ago.
    const soon = await todo({
      dueDate: '2026-11-21',
      dueTime: '09:05',
      reminders: [{ before: 10 }, { at: '2026-11-20T09:00:00.000Z' }, { before: 0 }],
    });
    expect((await job(soon.id))?.fireAt).toBe('2026-11-21T09:05:00.000Z');
    const past = await todo({
      dueDate: '2026-11-21',
      dueTime: '08:00',
      reminders: [{ before: 0 }],
    });
    expect(await job(past.id)).toBeUndefined();
    // One set for this very minute (passed by seconds) still fires, at once.
    clock.advance(30_000);
    const now = await todo({ dueDate: '2026-11-21', dueTime: '09:00', reminders: [{ before: 0 }] });
    expect((await job(now.id))?.fireAt).toBe('2026-11-21T09:00:32.000Z');

    await runNext(soon.id);
    await runNext(now.id);
    expect(channel.delivered.map((reminder) => [reminder.itemId, reminder.fireAt])).toEqual([
      [soon.id, '2026-11-21T09:05:00.000Z'],
      [now.id, '2026-11-21T09:00:32.000Z'],
    ]);
    expect(await deliveryLog(ctx.database)).toHaveLength(2);
  });

  it('gives every occurrence of a repeating todo its own reminders', async () => {
    const { id } = await todo({
      dueDate: '2026-11-22',
      dueTime: '08:00',
      reminders: [{ before: 30 }, { before: 0 }],
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    await runNext(id);
    expect(await noJobAfter(id, await runNext(id))).toBe(true);
    expect((await send('PATCH', `/api/todos/${id}`, { completed: true })).dueDate).toBe(
      '2026-11-23',
    );
    await runNext(id);
    await runNext(id);
    expect(sentAt()).toEqual([
      '2026-11-22T07:30:00.000Z',
      '2026-11-22T08:00:00.000Z',
      '2026-11-23T07:30:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
  });

  it('delivers each moment once between the server and the tabs', async () => {
    const { id } = await todo({
      dueDate: '2026-11-22',
      dueTime: '10:00',
      reminders: [{ before: 60 }, { before: 0 }],
    });
    const claim = (occurrence: string) =>
      send('POST', '/api/notifications/reminders/claim', { kind: 'todo', itemId: id, occurrence });
    await runNext(id);
    // The tab opened after the email: nothing to show for 09:00.
    expect((await claim('2026-11-22T09:00:00.000Z')).show).toBe(false);
    // A tab shows 10:00 first: the server sends nothing for it.
    clock.advance(new Date('2026-11-22T10:00:00.000Z').getTime() - clock.now().getTime());
    expect((await claim('2026-11-22T10:00:00.000Z')).show).toBe(true);
    await runNext(id);
    expect(sentAt()).toEqual(['2026-11-22T09:00:00.000Z']);
    expect((await deliveryLog(ctx.database)).map((row) => row.key)).toEqual([
      `todo:${id}@2026-11-22T09:00:00.000Z`,
      `todo:${id}@2026-11-22T10:00:00.000Z`,
    ]);
  });
});

describe.runIf(TEST_DATABASE_URL)('several reminders with two instances on PostgreSQL', () => {
  const opened: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) {
      await resource.close();
    }
  });

  it('delivers every reminder of every todo exactly once', async () => {
    const data = await createTestDatabase('postgres');
    opened.push({ close: data.drop });
    const first = captureChannel();
    const second = captureChannel();
    const one = await reminderApp('postgres', { database: data.database, channels: [first] });
    opened.push(one);
    const two = await reminderApp('postgres', { database: data.openAnother(), channels: [second] });
    opened.push(two);
    const cookie = await signedIn(one);
    await Promise.all([one.app.reminders.start(), two.app.reminders.start()]);
    // Each todo has two moments in this minute's grace: at its due time, and half a minute ago.
    const dueDate = new Date().toISOString().slice(0, 10);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      const response = await one.app.inject({
        method: 'POST',
        url: '/api/todos',
        payload: {
          title,
          dueDate,
          dueTime: thisMinute(),
          reminders: [{ before: 0 }, { at: new Date(Date.now() - 30_000).toISOString() }],
        },
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }

    await expect
      .poll(async () => (await deliveryLog(data.database)).length, { timeout: 20_000 })
      .toBe(8);
    const schema = workerSchemaFor(data.database.postgres?.schema);
    await expect
      .poll(
        async () =>
          (
            await sql<{ count: number }>`
              select count(*)::int as count from ${sql.id(schema, '_private_jobs')}
            `.execute(data.database.db)
          ).rows[0]?.count,
        { timeout: 10_000 },
      )
      .toBe(0);
    const delivered = [...first.delivered, ...second.delivered].map((reminder) => reminder.itemId);
    expect(delivered.sort()).toEqual([...ids, ...ids].sort());
  });
});
