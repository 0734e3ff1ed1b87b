import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachReminderApp, pendingJob, type ReminderTestApp } from '../../test/reminder-app';
import type { QueueJob } from './queue';

/**
 * The review reminder (issue 33, ADR 0033): at the end of the user's day while Review Reminder is
 * on, with the app's clock moved by hand and each job run directly.
 */
describe.each(ENGINES)('the review reminder on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let channel: ReminderTestApp['channel'];
  let cookie: string;
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, channel, cookie, send } = app));

  const setting = async (group: string, key: string, value: unknown) => {
    await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    await send('PATCH', '/api/settings', { group, key, value });
  };
  const userId = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json<{
      id: string;
    }>().id;
  const job = async () => pendingJob(ctx.database, `review:${await userId()}`);
  const runAt = async (pending: QueueJob | undefined, at: string) => {
    expect(pending).toBeDefined();
    clock.advance(new Date(at).getTime() - clock.now().getTime());
    await ctx.app.reminders.runJob(pending!);
  };

  it('reminds at the end of the user’s day, in their zone, once, and then the next day', async () => {
    // Saturday 21 November 2026, 09:00 UTC; Paris is an hour ahead.
    await setting('preferences', 'timezone', 'Europe/Paris');
    expect(await job()).toBeUndefined();
    await setting('notifications', 'review', true);
    const first = await job();
    expect(first?.fireAt).toBe('2026-11-21T19:00:00.000Z');

    await runAt(first, '2026-11-21T19:00:02.000Z');
    expect(channel.delivered).toEqual([
      {
        userId: await userId(),
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        kind: 'review',
        itemId: await userId(),
        title: 'Time to review your day',
        body: 'See what you did today, and move what is left to tomorrow or another day.',
        url: '/dashboard/review',
        fireAt: '2026-11-21T19:00:00.000Z',
      },
    ]);
    // A retry, or another instance, delivers nothing more; the next day's job waits.
    await ctx.app.reminders.runJob(first!);
    expect(channel.delivered).toHaveLength(1);
    expect((await job())?.fireAt).toBe('2026-11-22T19:00:00.000Z');
  });

  it('follows the day’s end, and stops when switched off', async () => {
    await setting('notifications', 'review', true);
    await setting('preferences', 'dayEnd', '22:30');
    const moved = await job();
    expect(moved?.fireAt).toBe('2026-11-21T22:30:00.000Z');
    // A job for an end the user has since moved delivers nothing.
    await setting('preferences', 'dayEnd', '21:00');
    await runAt(moved, '2026-11-21T22:30:00.000Z');
    expect(channel.delivered).toEqual([]);

    await setting('notifications', 'review', false);
    expect(await job()).toBeUndefined();
  });

  it('sends nothing more than 15 minutes late, and nothing once switched off', async () => {
    await setting('notifications', 'review', true);
    const pending = await job();
    await runAt(pending, '2026-11-21T20:16:00.000Z');
    expect(channel.delivered).toEqual([]);
    expect((await job())?.fireAt).toBe('2026-11-22T20:00:00.000Z');
    const next = await job();
    await setting('notifications', 'review', false);
    await runAt(next, '2026-11-22T20:00:00.000Z');
    expect(channel.delivered).toEqual([]);
  });
});
