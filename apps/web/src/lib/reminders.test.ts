import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createReminderScheduler, type ReminderTask } from './reminders';

// Dates are built with local-time constructors and the scheduler is given the machine's zone, so
// the tests hold in any time zone. The rule itself is tested in @daywise/shared (reminders.test.ts).
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Saturday 21 November 2026, 09:00 local. */
const NOW = new Date(2026, 10, 21, 9, 0);

function task(overrides: Partial<ReminderTask> = {}): ReminderTask {
  return {
    id: 'todo-1',
    title: 'Pay rent',
    body: 'Reminder for 09:30',
    url: '/dashboard/todos',
    reminderTime: '09:30',
    day: null,
    ...overrides,
  };
}

/** What the user sees for a task: its notification. */
function reminderOf({ title, body, url }: ReminderTask) {
  return { title, body, url };
}

/** Runs the fake clock forward to a local date and time. */
function advanceTo(date: Date) {
  vi.advanceTimersByTime(date.getTime() - Date.now());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(console.warn).mockRestore();
});

describe('createReminderScheduler', () => {
  it('shows each of a todo’s reminders in turn, each named by its own moment (ADR 0030)', () => {
    const show = vi.fn();
    const todo = task({
      reminderTime: null,
      day: '2026-11-21',
      dueTime: '10:00',
      reminders: [{ before: 0 }, { before: 30 }, { before: 90 }],
    });
    createReminderScheduler({ show }).sync([todo], ZONE);

    // 08:30 had passed when it was set: never shown.
    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(todo), {
      itemId: 'todo-1',
      at: new Date(2026, 10, 21, 9, 30),
    });
    advanceTo(new Date(2026, 10, 21, 10, 0));
    expect(show).toHaveBeenLastCalledWith(reminderOf(todo), {
      itemId: 'todo-1',
      at: new Date(2026, 10, 21, 10, 0),
    });
    advanceTo(new Date(2026, 10, 23, 10, 0));
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('shows the reminder at its time, not before', () => {
    const show = vi.fn();
    const todo = task();
    createReminderScheduler({ show }).sync([todo], ZONE);

    advanceTo(new Date(2026, 10, 21, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(todo), expect.anything());
  });

  it('shows a reminder set for 90 seconds ago after 2 seconds', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 9, 31, 30));
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()], ZONE);

    vi.advanceTimersByTime(1_999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The occurrence the server is asked about is 09:30's, not the moment it showed.
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(task()), {
      itemId: 'todo-1',
      at: new Date(2026, 10, 21, 9, 30),
    });
  });

  it('waits until tomorrow for a reminder set for 3 minutes ago', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 9, 33));
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 22, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows each task its own reminder at its own time', () => {
    const show = vi.fn();
    const rent = task();
    const call = task({ id: 'todo-2', title: 'Call mum', reminderTime: '10:15' });
    createReminderScheduler({ show }).sync([rent, call], ZONE);

    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(rent), expect.anything());
    advanceTo(new Date(2026, 10, 21, 10, 15));
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenLastCalledWith(reminderOf(call), expect.anything());
  });

  it('keeps the timer of a task that has not changed when synced again', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 21, 9, 15));
    scheduler.sync([task()], ZONE);
    advanceTo(new Date(2026, 10, 21, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();

    scheduler.sync([task()], ZONE);
    advanceTo(new Date(2026, 10, 22, 9, 29));
    expect(show).toHaveBeenCalledOnce();
  });

  it('reschedules a task whose reminder time changed', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 21, 9, 10));
    scheduler.sync([task({ reminderTime: '10:00' })], ZONE);
    advanceTo(new Date(2026, 10, 21, 9, 59, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows the edited title of a task edited before its reminder', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()], ZONE);

    const edited = task({ title: 'Pay the rent today' });
    scheduler.sync([edited], ZONE);
    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(edited), expect.anything());
  });

  it('never shows the reminder of a task no longer synced (completed or deleted)', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    const kept = task({ id: 'todo-2', title: 'Call mum', reminderTime: '09:45' });
    scheduler.sync([task(), kept], ZONE);

    scheduler.sync([kept], ZONE);
    advanceTo(new Date(2026, 10, 23, 9, 0));
    expect(show).not.toHaveBeenCalledWith(reminderOf(task()), expect.anything());
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenCalledWith(reminderOf(kept), expect.anything());
  });

  it('shows a reminder time again the next day', () => {
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledOnce();
    advanceTo(new Date(2026, 10, 22, 9, 29, 59, 999));
    expect(show).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('shows a reminder set 90 seconds late once that day, then at its time the next day', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 9, 31, 30));
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 22, 9, 29, 59, 999));
    expect(show).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('shows a due-date reminder once, even when synced again right after', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    const todo = task({ reminderTime: null, day: '2026-11-22' });
    scheduler.sync([todo], ZONE);

    advanceTo(new Date(2026, 10, 21, 23, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(todo), expect.anything());

    vi.advanceTimersByTime(30_000);
    scheduler.sync([todo], ZONE);
    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows a todo due on a later day on that day at its time, not at the next occurrence', () => {
    const show = vi.fn();
    // Due Friday 27 November with a 12:48 reminder: 12:48 on the days before is not the moment.
    createReminderScheduler({ show }).sync(
      [task({ reminderTime: '12:48', day: '2026-11-27' })],
      ZONE,
    );

    advanceTo(new Date(2026, 10, 27, 12, 47, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
    advanceTo(new Date(2026, 10, 29, 13, 0));
    expect(show).toHaveBeenCalledOnce();
  });

  it('reschedules every reminder when the time zone setting changes', () => {
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task({ reminderTime: '09:30' })], 'Europe/Paris');
    // In Paris 09:30 is an hour and a half away; in Tokyo (17:00 now) it is tomorrow 00:30 UTC.
    scheduler.sync([task({ reminderTime: '09:30' })], 'Asia/Tokyo');

    advanceTo(new Date('2026-11-22T00:29:59.999Z'));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows nothing for a task whose due-date reminder passed long ago', () => {
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task({ reminderTime: null, day: '2026-11-20' })], ZONE);

    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).not.toHaveBeenCalled();
  });

  it('shows nothing after clearAll', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task(), task({ id: 'todo-2', reminderTime: null, day: '2026-11-22' })], ZONE);

    scheduler.clearAll();
    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).not.toHaveBeenCalled();
  });

  it('keeps showing later reminders after one fails to show', async () => {
    const show = vi.fn().mockRejectedValueOnce(new Error('blocked'));
    const second = task({ id: 'todo-2', title: 'Call mum', reminderTime: '09:45' });
    createReminderScheduler({ show }).sync([task(), second], ZONE);

    await vi.advanceTimersByTimeAsync(new Date(2026, 10, 21, 9, 30).getTime() - Date.now());
    expect(console.warn).toHaveBeenCalledWith(
      'Could not show the reminder: Pay rent',
      expect.any(Error),
    );
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenLastCalledWith(reminderOf(second), expect.anything());

    await vi.advanceTimersByTimeAsync(new Date(2026, 10, 22, 9, 30).getTime() - Date.now());
    expect(show).toHaveBeenCalledTimes(3);
  });

  it('keeps showing reminders after show throws', () => {
    const show = vi.fn(() => {
      throw new Error('no notifications here');
    });
    createReminderScheduler({ show }).sync([task()], ZONE);

    advanceTo(new Date(2026, 10, 22, 9, 30));
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('waits for a reminder beyond the longest timer delay instead of showing it at once', () => {
    const show = vi.fn();
    // 60 days ahead: longer than setTimeout's limit of about 24.8 days.
    createReminderScheduler({ show }).sync([task({ reminderTime: null, day: '2027-01-20' })], ZONE);

    vi.advanceTimersByTime(1);
    expect(show).not.toHaveBeenCalled();
    advanceTo(new Date(2027, 0, 19, 23, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });
});
