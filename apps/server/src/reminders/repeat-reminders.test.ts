import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachReminderApp, pendingJob, type ReminderTestApp } from '../../test/reminder-app';

/**
 * A repeating todo's server reminder follows its next occurrence (issue 15): completing, skipping
 * and undoing move the job in the same transaction, and an ended series has none.
 */
describe.each(ENGINES)('reminders of repeating todos on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let channel: ReminderTestApp['channel'];
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, channel, send } = app));
  const fireAt = async (id: string) => (await pendingJob(ctx.database, `todo:${id}`))?.fireAt;

  it('moves the reminder to the next occurrence, back on Undo, and drops it when the series ends', async () => {
    await send('GET', '/api/settings');
    await send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Europe/Paris',
    });
    const { id } = await send('POST', '/api/todos', {
      title: 'Water plants',
      dueDate: '2026-11-22',
      reminderTime: '08:00',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3;COUNT=3', from: 'due' },
    });
    // 08:00 in Paris is 07:00 UTC in winter.
    expect(await fireAt(id)).toBe('2026-11-22T07:00:00.000Z');

    const pending = await pendingJob(ctx.database, `todo:${id}`);
    clock.advance(new Date('2026-11-22T07:00:00.500Z').getTime() - clock.now().getTime());
    await ctx.app.reminders.runJob(pending!);
    expect(channel.delivered.map((reminder) => reminder.title)).toEqual(['Reminder: Water plants']);

    expect((await send('PATCH', `/api/todos/${id}`, { completed: true })).dueDate).toBe(
      '2026-11-25',
    );
    expect(await fireAt(id)).toBe('2026-11-25T07:00:00.000Z');
    expect((await send('POST', `/api/todos/${id}/skip`)).dueDate).toBe('2026-11-28');
    expect(await fireAt(id)).toBe('2026-11-28T07:00:00.000Z');
    expect((await send('PATCH', `/api/todos/${id}`, { completed: false })).dueDate).toBe(
      '2026-11-25',
    );
    expect(await fireAt(id)).toBe('2026-11-25T07:00:00.000Z');
    await send('POST', `/api/todos/${id}/skip`);
    // The third occurrence done: COUNT=3 is reached, and no reminder is left.
    await send('PATCH', `/api/todos/${id}`, { completed: true });
    expect(await fireAt(id)).toBeUndefined();
  });
});
