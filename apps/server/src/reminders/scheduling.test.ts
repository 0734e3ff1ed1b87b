import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import {
  deliveryLog,
  eachReminderApp,
  pendingJob,
  type ReminderTestApp,
} from '../../test/reminder-app';
import type { QueueJob } from './queue';

/**
 * When reminders are scheduled and whether a due one is delivered, with the app's clock moved by
 * hand and each job run directly (the runner is not started).
 */
describe.each(ENGINES)('reminder scheduling on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let channel: ReminderTestApp['channel'];
  let cookie: string;
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, channel, cookie, send } = app));
  const setting = async (key: string, value: unknown) => {
    await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    const group = key === 'timezone' ? 'preferences' : 'notifications';
    await send('PATCH', '/api/settings', { group, key, value });
  };
  const todo = (fields: object) => send('POST', '/api/todos', { title: 'Water plants', ...fields });
  const job = (key: string) => pendingJob(ctx.database, key);
  /** Runs the job at `at` on the app's clock. */
  const runAt = async (pending: QueueJob | undefined, at: string) => {
    expect(pending).toBeDefined();
    clock.advance(new Date(at).getTime() - clock.now().getTime());
    await ctx.app.reminders.runJob(pending!);
  };

  it('reminds of a todo with a due date at its time on that day, in the user’s zone, once', async () => {
    await setting('timezone', 'Europe/Paris');
    const { id } = await todo({ dueDate: '2026-11-23', reminderTime: '08:30', description: '' });
    const pending = await job(`todo:${id}`);
    expect(pending?.fireAt).toBe('2026-11-23T07:30:00.000Z');

    await runAt(pending, '2026-11-23T07:30:01.000Z');
    expect(channel.delivered).toEqual([
      {
        userId: pending?.userId,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        kind: 'todo',
        itemId: id,
        title: 'Reminder: Water plants',
        body: 'It is time for this todo.',
        url: '/dashboard/todos',
        fireAt: '2026-11-23T07:30:00.000Z',
      },
    ]);
    // The same job again (a retry, another instance) delivers nothing more.
    await ctx.app.reminders.runJob(pending!);
    expect(channel.delivered).toHaveLength(1);
  });

  it('reminds of a todo without a due date at the next occurrence, then daily', async () => {
    const { id } = await todo({ reminderTime: '08:00', description: 'The ferns too' });
    const first = await job(`todo:${id}`);
    expect(first?.fireAt).toBe('2026-11-22T08:00:00.000Z');

    await runAt(first, '2026-11-22T08:00:00.500Z');
    expect(channel.delivered.map((reminder) => reminder.body)).toEqual(['The ferns too']);
    expect((await job(`todo:${id}`))?.fireAt).toBe('2026-11-23T08:00:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', async () => {
    // New York leaves daylight saving on Sunday 1 November 2026 at 02:00.
    clock.advance(new Date('2026-10-31T12:00:00.000Z').getTime() - clock.now().getTime());
    await setting('timezone', 'America/New_York');
    const daily = await todo({ reminderTime: '09:00' });
    const dated = await todo({ reminderTime: '09:00', dueDate: '2026-11-02' });
    const first = await job(`todo:${daily.id}`);
    expect(first?.fireAt).toBe('2026-10-31T13:00:00.000Z');
    expect((await job(`todo:${dated.id}`))?.fireAt).toBe('2026-11-02T14:00:00.000Z');

    await runAt(first, '2026-10-31T13:00:00.000Z');
    expect((await job(`todo:${daily.id}`))?.fireAt).toBe('2026-11-01T14:00:00.000Z');
  });

  it('moves the reminder when the todo or the time zone changes; the old job sends nothing', async () => {
    const { id } = await todo({ reminderTime: '10:00' });
    const before = await job(`todo:${id}`);
    expect(before?.fireAt).toBe('2026-11-21T10:00:00.000Z');

    await send('PATCH', `/api/todos/${id}`, { reminderTime: '11:15' });
    expect((await job(`todo:${id}`))?.fireAt).toBe('2026-11-21T11:15:00.000Z');
    await setting('timezone', 'Asia/Tokyo');
    // 11:15 in Tokyo (UTC+9) has passed today: tomorrow's.
    expect((await job(`todo:${id}`))?.fireAt).toBe('2026-11-22T02:15:00.000Z');

    await runAt(before, '2026-11-21T10:00:00.000Z');
    expect(channel.delivered).toEqual([]);
  });

  it('cancels the reminder of a completed or deleted todo, and brings it back when un-completed', async () => {
    const { id } = await todo({ reminderTime: '10:00' });
    const pending = await job(`todo:${id}`);
    await send('PATCH', `/api/todos/${id}`, { completed: true });
    expect(await job(`todo:${id}`)).toBeUndefined();
    await send('PATCH', `/api/todos/${id}`, { completed: false });
    expect((await job(`todo:${id}`))?.fireAt).toBe('2026-11-21T10:00:00.000Z');
    await send('DELETE', `/api/todos/${id}`);
    expect(await job(`todo:${id}`)).toBeUndefined();

    await runAt(pending, '2026-11-21T10:00:00.000Z');
    expect(channel.delivered).toEqual([]);
  });

  it('schedules nothing and sends nothing while Task Reminders is off', async () => {
    const { id } = await todo({ reminderTime: '10:00' });
    const pending = await job(`todo:${id}`);
    await setting('reminders', false);
    expect(await job(`todo:${id}`)).toBeUndefined();
    const later = await todo({ reminderTime: '10:30' });
    expect(await job(`todo:${later.id}`)).toBeUndefined();

    await runAt(pending, '2026-11-21T10:00:00.000Z');
    expect(channel.delivered).toEqual([]);

    await setting('reminders', true);
    expect((await job(`todo:${later.id}`))?.fireAt).toBe('2026-11-21T10:30:00.000Z');
  });

  it('sends a reminder up to 15 minutes late, and records one later than that as missed', async () => {
    const onTime = await todo({
      title: 'Late but sent',
      reminderTime: '10:00',
      dueDate: '2026-11-21',
    });
    const tooLate = await todo({ title: 'Missed', reminderTime: '10:00', dueDate: '2026-11-22' });
    const sent = await job(`todo:${onTime.id}`);
    const missed = await job(`todo:${tooLate.id}`);

    // The server was down: each job runs when it comes back.
    await runAt(sent, '2026-11-21T10:14:59.000Z');
    await runAt(missed, '2026-11-22T10:15:01.000Z');
    expect(channel.delivered.map((reminder) => reminder.title)).toEqual([
      'Reminder: Late but sent',
    ]);
    expect(await deliveryLog(ctx.database)).toEqual([
      expect.objectContaining({ fire_at: '2026-11-21T10:00:00.000Z', outcome: 'sent' }),
      expect.objectContaining({ fire_at: '2026-11-22T10:00:00.000Z', outcome: 'missed' }),
    ]);
  });

  it('reminds of a plan task on its plan’s date, and follows the plan’s changes', async () => {
    await setting('timezone', 'Europe/Paris');
    const plan = await send('POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [
        { title: 'Run', reminderTime: '18:00' },
        { title: 'Read', reminderTime: '21:00' },
        { title: 'Rest' },
      ],
    });
    const [run, read, rest] = plan.tasks.map((task) => task.id);
    const pending = await job(`task:${run}`);
    expect(pending?.fireAt).toBe('2026-11-21T17:00:00.000Z');
    expect((await job(`task:${read}`))?.fireAt).toBe('2026-11-21T20:00:00.000Z');
    expect(await job(`task:${rest}`)).toBeUndefined();

    await send('PATCH', `/api/plans/${plan.id}/tasks/${run}`, { completed: true });
    expect(await job(`task:${run}`)).toBeUndefined();
    await send('POST', `/api/plans/${plan.id}/reset`);
    expect((await job(`task:${run}`))?.fireAt).toBe('2026-11-21T17:00:00.000Z');
    await send('PATCH', `/api/plans/${plan.id}/tasks/${rest}`, { reminderTime: '19:30' });
    expect((await job(`task:${rest}`))?.fireAt).toBe('2026-11-21T18:30:00.000Z');
    await send('DELETE', `/api/plans/${plan.id}/tasks/${read}`);
    expect(await job(`task:${read}`)).toBeUndefined();

    await runAt(pending, '2026-11-21T17:00:00.000Z');
    expect(channel.delivered).toEqual([
      expect.objectContaining({
        kind: 'task',
        itemId: run,
        title: 'Reminder: Run',
        body: 'A task of today’s plan is waiting for you.',
        url: '/dashboard/daily-goals',
      }),
    ]);

    await send('DELETE', `/api/plans/${plan.id}`);
    expect(await job(`task:${rest}`)).toBeUndefined();
  });

  it('cancels every reminder of a deleted account', async () => {
    const { id } = await todo({ reminderTime: '10:00' });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await job(`todo:${id}`)).toBeUndefined();
  });
});
