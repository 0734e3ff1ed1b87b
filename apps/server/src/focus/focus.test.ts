import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN, testClock } from '../../test/helpers';
import {
  captureChannel,
  eachReminderApp,
  pendingJob,
  reminderApp,
  type ReminderTestApp,
  signedIn,
  userIdOf,
} from '../../test/reminder-app';
import type { QueueJob } from '../reminders/queue';

const MINUTE = 60_000;

interface TimerAnswer {
  item: { kind: string; id: string; title: string };
  mode: string;
  phase: string;
  endsAt: string | null;
  paused: boolean;
  remainingMs: number | null;
  focusCount: number;
}

/**
 * The focus timer through its API (ADR 0032), the app's clock moved by hand and the phase-end
 * jobs run directly.
 */
describe.each(ENGINES)('focus timer on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let channel: ReminderTestApp['channel'];
  let cookie: string;
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, channel, cookie, send } = app));

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = cookie) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...SAME_ORIGIN, cookie: as },
    });
  const timer = async () =>
    (await request('GET', '/api/focus')).json<{ timer: TimerAnswer | null }>().timer;
  const act = async (action: string) => {
    const response = await request('POST', `/api/focus/${action}`);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json<TimerAnswer>() : null;
  };
  const todo = async (fields: object = {}) =>
    (await request('POST', '/api/todos', { title: 'Write report', ...fields })).json<{
      id: string;
      focusMinutes: number;
      estimateMinutes: number | null;
    }>();
  /** The todo as the todo list answers it. */
  const todoOf = async (id: string) => {
    const page = (await request('GET', '/api/todos?limit=100')).json<{
      items: { id: string; focusMinutes: number; estimateMinutes: number | null }[];
    }>();
    return page.items.find((each) => each.id === id);
  };
  const focusSetting = (key: string, value: number) =>
    send('PATCH', '/api/settings', { group: 'focus', key, value });
  const start = async (body: object) => {
    const response = await request('POST', '/api/focus/start', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TimerAnswer>();
  };
  const job = async () => pendingJob(ctx.database, `focus:${await userIdOf(ctx, cookie)}`);
  const later = (ms: number) => clock.advance(ms);

  it('runs a pomodoro by the server’s clock: focus, break, and the next focus waiting', async () => {
    const { id } = await todo();
    const started = await start({ todoId: id, mode: 'pomodoro' });
    expect(started).toMatchObject({
      item: { kind: 'todo', id, title: 'Write report' },
      mode: 'pomodoro',
      phase: 'focus',
      endsAt: '2026-11-21T09:25:00.000Z',
      paused: false,
      focusCount: 0,
    });
    expect((await job())?.fireAt).toBe('2026-11-21T09:25:00.000Z');

    later(10 * MINUTE);
    const paused = await act('pause');
    expect(paused).toMatchObject({ paused: true, endsAt: null, remainingMs: 15 * MINUTE });
    expect(await job()).toBeUndefined();
    later(60 * MINUTE);
    expect(await timer()).toMatchObject({ phase: 'focus', paused: true, remainingMs: 15 * MINUTE });

    const resumed = await act('resume');
    expect(resumed?.endsAt).toBe('2026-11-21T10:25:00.000Z');
    expect((await job())?.fireAt).toBe('2026-11-21T10:25:00.000Z');

    // The period ends by itself: recorded whole, and the short break runs from its end.
    later(16 * MINUTE);
    expect(await timer()).toMatchObject({
      phase: 'shortBreak',
      endsAt: '2026-11-21T10:30:00.000Z',
      focusCount: 1,
    });
    expect((await todoOf(id))?.focusMinutes).toBe(25);
    // The break's end leaves the next period waiting for the user.
    later(10 * MINUTE);
    expect(await timer()).toMatchObject({ phase: 'focus', paused: true, remainingMs: 25 * MINUTE });
    expect(await job()).toBeUndefined();
  });

  it('comes to a long break after the set number of periods, by the lengths in settings', async () => {
    await focusSetting('focusMinutes', 1);
    await focusSetting('longBreakEvery', 2);
    await focusSetting('longBreakMinutes', 10);
    const { id } = await todo();
    await start({ todoId: id });
    later(MINUTE);
    expect(await timer()).toMatchObject({ phase: 'shortBreak', focusCount: 1 });
    expect(await act('skip')).toMatchObject({ phase: 'focus', paused: false });
    later(MINUTE);
    const long = await timer();
    expect(long).toMatchObject({ phase: 'longBreak', focusCount: 2 });
    expect(long?.endsAt).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
  });

  it('records what skip and stop end: the minutes focused, nothing for a skip under a minute', async () => {
    const { id } = await todo({ estimateMinutes: 30 });
    await start({ todoId: id });
    later(40_000);
    expect(await act('skip')).toMatchObject({ phase: 'shortBreak', focusCount: 1 });
    expect((await todoOf(id))?.focusMinutes).toBe(0);
    await act('skip');
    later(12 * MINUTE);
    expect(await act('skip')).toMatchObject({ phase: 'shortBreak', focusCount: 2 });
    expect((await todoOf(id))?.focusMinutes).toBe(12);
    await act('skip');
    later(7 * MINUTE + 20_000);
    expect(await act('stop')).toBeNull();
    expect(await timer()).toBeNull();
    expect(await job()).toBeUndefined();
    expect(await todoOf(id)).toMatchObject({ focusMinutes: 19, estimateMinutes: 30 });
  });

  it('runs a stopwatch until stopped, on a plan task, and records its run', async () => {
    const plan = await send('POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [{ title: 'Practise piano' }],
    });
    const taskId = plan.tasks[0]?.id ?? '';
    expect(await start({ taskId, mode: 'stopwatch' })).toMatchObject({
      mode: 'stopwatch',
      endsAt: null,
      remainingMs: null,
      item: { kind: 'task', title: 'Practise piano' },
    });
    expect(await job()).toBeUndefined();
    later(3 * 60 * MINUTE);
    expect((await request('POST', '/api/focus/skip')).statusCode).toBe(409);
    await act('stop');
    const read = (await request('GET', `/api/plans/${plan.id}`)).json<{
      tasks: { focusMinutes: number }[];
    }>();
    expect(read.tasks[0]?.focusMinutes).toBe(180);
  });

  it('refuses wrong requests with 400, 404 and 409, changing nothing', async () => {
    const { id } = await todo();
    const bad = async (url: string, body: object | undefined, status: number, text: RegExp) => {
      const response = await request('POST', url, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).toMatch(text);
    };
    await bad('/api/focus/start', { mode: 'pomodoro' }, 400, /exactly one of todoId and taskId/);
    await bad('/api/focus/start', { todoId: id, taskId: 'x' }, 400, /exactly one/);
    await bad('/api/focus/start', { todoId: id, mode: 'tomato' }, 400, /pomodoro' or 'stopwatch/);
    await bad('/api/focus/start', { todoId: 'missing' }, 404, /Todo not found/);
    await bad('/api/focus/pause', undefined, 409, /No focus timer/);
    expect(await timer()).toBeNull();

    const other = await signedIn(ctx, 'grace@example.com');
    const theirs = (await request('POST', '/api/todos', { title: 'Not yours' }, other)).json<{
      id: string;
    }>();
    await start({ todoId: id });
    later(5 * MINUTE);
    await bad('/api/focus/start', { todoId: theirs.id }, 404, /Todo not found/);
    await bad('/api/focus/resume', undefined, 409, /running already/);
    await act('pause');
    await bad('/api/focus/pause', undefined, 409, /paused already/);
    expect(await timer()).toMatchObject({ item: { id }, paused: true, remainingMs: 20 * MINUTE });

    await bad('/api/todos', { title: 'T', estimateMinutes: 0 }, 400, /estimate/);
    const tooLong = await request('PATCH', `/api/todos/${id}`, { estimateMinutes: 10001 });
    expect(tooLong.statusCode).toBe(400);
    const cleared = await request('PATCH', `/api/todos/${id}`, { estimateMinutes: null });
    expect(cleared.json()).toMatchObject({ estimateMinutes: null });
  });

  it('pushes once when a phase ends, even with no tab open, and not with Task Reminders off', async () => {
    const { id } = await todo();
    await start({ todoId: id });
    const pending = (await job()) as QueueJob;
    later(25 * MINUTE + 1000);
    await ctx.app.reminders.runJob(pending);
    expect(channel.delivered).toMatchObject([
      {
        kind: 'todo',
        itemId: id,
        body: 'Focus period done: Write report. Time for a break.',
        url: '/dashboard/todos',
        tag: 'daywise-focus',
      },
    ]);
    await ctx.app.reminders.runJob(pending);
    expect(channel.delivered).toHaveLength(1);
    expect(await timer()).toMatchObject({ phase: 'shortBreak' });
    const breakJob = (await job()) as QueueJob;
    expect(breakJob.fireAt).toBe('2026-11-21T09:30:00.000Z');

    await send('PATCH', '/api/settings', {
      group: 'notifications',
      key: 'reminders',
      value: false,
    });
    later(5 * MINUTE);
    await ctx.app.reminders.runJob(breakJob);
    expect(channel.delivered).toHaveLength(1);
    expect(await timer()).toMatchObject({ phase: 'focus', paused: true });
  });

  it('sends the break’s end by push and never by email', async () => {
    const clock2 = testClock();
    const email = { ...captureChannel(), name: 'email' };
    const push = { ...captureChannel(), name: 'push' };
    email.deliver = (reminder) => {
      email.delivered.push(reminder);
      return Promise.resolve();
    };
    const other = await reminderApp(engine, { now: clock2.now, channels: [email, push] });
    try {
      const who = await signedIn(other);
      const post = (url: string, payload?: object) =>
        other.app.inject({
          method: 'POST',
          url,
          ...(payload ? { payload } : {}),
          headers: { ...SAME_ORIGIN, cookie: who },
        });
      const { id } = (await post('/api/todos', { title: 'Essay' })).json<{ id: string }>();
      await post('/api/focus/start', { todoId: id });
      await post('/api/focus/skip');
      const pending = await pendingJob(other.database, `focus:${await userIdOf(other, who)}`);
      clock2.advance(5 * MINUTE);
      await other.app.reminders.runJob(pending!);
      expect(push.delivered.map((each) => each.body)).toEqual([
        'Break over. Ready to focus on Essay?',
      ]);
      expect(email.delivered).toEqual([]);
    } finally {
      await other.close();
      await other.drop();
    }
  });

  it('sums the focus minutes per day and estimate against actual in the analytics', async () => {
    await focusSetting('focusMinutes', 20);
    const a = await todo({ title: 'Estimated', estimateMinutes: 30 });
    const b = await todo({ title: 'Not estimated' });
    await start({ todoId: a.id });
    later(20 * MINUTE);
    await act('stop');
    later(24 * 60 * MINUTE);
    await start({ todoId: b.id });
    later(5 * MINUTE);
    await start({ todoId: a.id });
    later(15 * MINUTE);
    await act('stop');
    const response = await request('GET', '/api/analytics/focus?days=7');
    const analytics = response.json<{
      perDay: { datasets: { data: number[] }[] };
      totalMinutes: number;
      estimates: unknown[];
    }>();
    expect(response.statusCode).toBe(200);
    expect(analytics.totalMinutes).toBe(40);
    expect(analytics.perDay.datasets[0]?.data).toHaveLength(7);
    expect(analytics.perDay.datasets[0]?.data.slice(-2)).toEqual([20, 20]);
    expect(analytics.estimates).toEqual([
      { todoId: a.id, title: 'Estimated', estimateMinutes: 30, actualMinutes: 35 },
    ]);
    expect((await request('GET', '/api/analytics/focus?days=12')).statusCode).toBe(400);
  });
});
