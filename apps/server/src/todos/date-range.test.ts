import { FIRST_DAY, LAST_DAY, MESSAGES } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import {
  captureChannel,
  pendingJob,
  reminderApp,
  signedIn,
  thisMinute,
  userIdOf,
} from '../../test/reminder-app';
import { newId } from '../lib/ids';

/**
 * Every date the API takes lies from 1900-01-01 to 9999-12-30 (ADR 0022): each moment of those
 * days, in every time zone, is an instant of the years 0001 to 9999, which both databases store
 * and which sort as text.
 */
describe.each(ENGINES)('the days a date may name, on %s', (engine) => {
  let ctx: TestApp & { drop: () => Promise<void> };
  let channel: ReturnType<typeof captureChannel>;
  let cookie: string;

  beforeEach(async () => {
    channel = captureChannel();
    ctx = await reminderApp(engine, { channels: [channel] });
    cookie = await signedIn(ctx);
  });
  afterEach(async () => {
    await ctx.close();
    await ctx.drop();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const created = async (payload: object) => {
    const response = await send('POST', '/api/todos', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const setZone = async (zone: string) => {
    await get('/api/settings');
    const response = await send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: zone,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const outOfRange = MESSAGES.dateOutOfRange(FIRST_DAY, LAST_DAY);

  it('refuses a day past 9999-12-30 or before 1900 wherever a date is taken, and takes both ends', async () => {
    const refused = [
      ['/api/todos', { title: 'Far', dueDate: '9999-12-31' }, 'dueDate'],
      ['/api/todos', { title: 'Old', dueDate: '1899-12-31' }, 'dueDate'],
      ['/api/days-off', { startDate: '9999-12-31', endDate: '9999-12-31' }, 'startDate'],
    ] as const;
    for (const [url, payload, field] of refused) {
      const response = await send('POST', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { [field]: outOfRange } },
      });
    }
    const report = await get('/api/exports/report?from=9999-12-01&to=9999-12-31');
    expect(report.statusCode).toBe(400);
    const until = await send('POST', '/api/todos', {
      title: 'Forever',
      dueDate: '2026-11-21',
      repeat: { rule: 'FREQ=DAILY;UNTIL=99991231', from: 'due' },
    });
    expect(until.statusCode).toBe(400);
    expect(until.json()).toMatchObject({
      error: {
        message: 'This repeat is not supported: UNTIL must be a day from 1900-01-01 to 9999-12-30.',
      },
    });

    const last = await created({ title: 'Last', dueDate: LAST_DAY });
    await created({ title: 'First', dueDate: FIRST_DAY });
    const moved = await send('PATCH', `/api/todos/${last}`, { dueDate: '9999-12-31' });
    expect(moved.statusCode).toBe(400);
    const todos = (await get('/api/todos')).json<{ items: { title: string; dueDate: string }[] }>();
    expect(todos.items.map((todo) => [todo.title, todo.dueDate]).sort()).toEqual([
      ['First', FIRST_DAY],
      ['Last', LAST_DAY],
    ]);
    // A repeating todo on the last day has no occurrence after it: done, it is done for good.
    const daily = await created({
      title: 'Daily',
      dueDate: LAST_DAY,
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    const done = await send('PATCH', `/api/todos/${daily}`, { completed: true });
    expect(done.json()).toMatchObject({ completed: true, dueDate: LAST_DAY });
  });

  it('imports no archive holding a day past the range', async () => {
    await created({ title: 'Last', dueDate: LAST_DAY });
    const archive = (await get('/api/exports/archive')).body;
    const preview = (text: string) => {
      const body = multipartFile('file', 'daywise.json', 'application/json', Buffer.from(text));
      return ctx.app.inject({
        method: 'POST',
        url: '/api/imports/preview',
        payload: body.payload,
        headers: { ...body.headers, ...SAME_ORIGIN, cookie },
      });
    };
    expect((await preview(archive)).statusCode).toBe(200);
    const beyond = await preview(
      archive.replace(`"dueDate":"${LAST_DAY}"`, '"dueDate":"9999-12-31"'),
    );
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      error: { code: 'IMPORT_FILE_INVALID', message: MESSAGES.importBadArchive },
    });
  });

  it('reminds on 9999-12-30 in any zone, never at once, and lets a day stored past it be', async () => {
    await setZone('America/New_York');
    const far = await created({ title: 'Far', dueDate: LAST_DAY, reminderTime: '23:59' });
    const fireAt = async (id: string) => (await pendingJob(ctx.database, `todo:${id}`))?.fireAt;
    expect(await fireAt(far)).toBe('9999-12-31T04:59:00.000Z');
    await setZone('Pacific/Kiritimati');
    expect(await fireAt(far)).toBe('9999-12-30T09:59:00.000Z');
    await setZone('Etc/GMT+12');
    expect(await fireAt(far)).toBe('9999-12-31T11:59:00.000Z');

    // A todo written before the range was enforced, due on the last day of 9999: its moment at
    // 23:59 west of UTC is in the year 10000. It gets no reminder, and moving west is no 500.
    const userId = await userIdOf(ctx, cookie);
    const stored = newId();
    const stamp = new Date().toISOString();
    await ctx.database.db
      .insertInto('todos')
      .values({
        id: stored,
        user_id: userId,
        title: 'Stored long ago',
        description: '',
        priority: 'low',
        due_date: '9999-12-31',
        reminder_time: '23:59',
        completed: false,
        completed_at: null,
        completed_date: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await setZone('America/Los_Angeles');
    expect(await fireAt(stored)).toBeUndefined();
    expect(await fireAt(far)).toBe('9999-12-31T07:59:00.000Z');
    const renamed = await send('PATCH', `/api/todos/${stored}`, { title: 'Still here' });
    expect(renamed.json()).toMatchObject({ title: 'Still here', dueDate: '9999-12-31' });

    // The runner sends a reminder due now, and neither of those.
    await ctx.app.reminders.start();
    const now = await created({ title: 'Now', reminderTime: thisMinute('America/Los_Angeles') });
    await expect
      .poll(() => channel.delivered.map((reminder) => reminder.itemId), { timeout: 15_000 })
      .toContain(now);
    expect(channel.delivered.map((reminder) => reminder.itemId)).toEqual([now]);
  });
});
