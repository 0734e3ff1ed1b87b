import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createReminderScheduler,
  nextReminderAt,
  parseReminderTime,
  type ReminderTask,
} from './reminders';

// Dates are built with local-time constructors, so the tests hold in any time zone.
/** Saturday 21 November 2026, 09:00 local. */
const NOW = new Date(2026, 10, 21, 9, 0);

function task(overrides: Partial<ReminderTask> = {}): ReminderTask {
  return {
    id: 'todo-1',
    title: 'Pay rent',
    body: 'Reminder for 09:30',
    url: '/dashboard/todos',
    reminderTime: '09:30',
    dueDate: null,
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

describe('parseReminderTime', () => {
  it.each([
    ['09:30', 9, 30],
    ['7:05', 7, 5],
    ['00:00', 0, 0],
    ['23:59', 23, 59],
    [' 18:45 ', 18, 45],
  ])('reads %j on the 24-hour clock', (value, hours, minutes) => {
    expect(parseReminderTime(value)).toEqual({ hours, minutes });
  });

  it('reads the 12-hour clock: 12 AM is hour 0, PM adds 12 except at 12', () => {
    expect(parseReminderTime('12:00 AM')).toEqual({ hours: 0, minutes: 0 });
    expect(parseReminderTime('12:30 PM')).toEqual({ hours: 12, minutes: 30 });
    expect(parseReminderTime('1:05 pm')).toEqual({ hours: 13, minutes: 5 });
    expect(parseReminderTime('11:59PM')).toEqual({ hours: 23, minutes: 59 });
    expect(parseReminderTime('09:15 am')).toEqual({ hours: 9, minutes: 15 });

    for (const invalid of ['24:00', '7:60', '13:00 PM', '0:30 AM', '9:5', '9:30 xm', 'abc', '']) {
      expect(parseReminderTime(invalid), invalid).toBeNull();
    }
  });
});

describe('nextReminderAt', () => {
  it('is today when the time is still ahead', () => {
    expect(nextReminderAt('17:30', null, NOW)).toEqual(new Date(2026, 10, 21, 17, 30));
    expect(nextReminderAt('5:30 pm', null, NOW)).toEqual(new Date(2026, 10, 21, 17, 30));
  });

  it('rolls to tomorrow when the time has passed today', () => {
    expect(nextReminderAt('08:00', null, NOW)).toEqual(new Date(2026, 10, 22, 8, 0));
  });

  it('alerts 2 seconds from now when the time passed less than 2 minutes ago', () => {
    const now = new Date(2026, 10, 21, 9, 1, 30);
    expect(nextReminderAt('09:00', null, now)).toEqual(new Date(2026, 10, 21, 9, 1, 32));
  });

  it('rolls to tomorrow when the time passed 2 minutes ago or more', () => {
    expect(nextReminderAt('09:00', null, new Date(2026, 10, 21, 9, 2))).toEqual(
      new Date(2026, 10, 22, 9, 0),
    );
    expect(nextReminderAt('09:00', null, new Date(2026, 10, 21, 9, 3))).toEqual(
      new Date(2026, 10, 22, 9, 0),
    );
  });

  it('falls back to 30 minutes before the due day starts', () => {
    expect(nextReminderAt(null, '2026-11-23', NOW)).toEqual(new Date(2026, 10, 22, 23, 30));
    expect(nextReminderAt('soon', '2026-11-23', NOW)).toEqual(new Date(2026, 10, 22, 23, 30));
  });

  it('alerts 2 seconds from now when the due-date reminder passed less than 2 minutes ago', () => {
    const now = new Date(2026, 10, 22, 23, 31);
    expect(nextReminderAt(null, '2026-11-23', now)).toEqual(new Date(2026, 10, 22, 23, 31, 2));
  });

  it('has no reminder when the due-date reminder passed long ago, or without time and date', () => {
    expect(nextReminderAt(null, '2026-11-21', NOW)).toBeNull();
    expect(nextReminderAt(null, '2026-11-22', new Date(2026, 10, 21, 23, 32))).toBeNull();
    expect(nextReminderAt(null, null, NOW)).toBeNull();
    expect(nextReminderAt('abc', null, NOW)).toBeNull();
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // Clocks go forward on Sunday 8 March 2026, so that day has 23 hours.
      const now = new Date(2026, 2, 7, 10, 0);
      const next = nextReminderAt('09:00', null, now);
      expect(next).toEqual(new Date(2026, 2, 8, 9, 0));
      expect(next?.getHours()).toBe(9);
    } finally {
      if (zone === undefined) {
        delete process.env.TZ;
      } else {
        process.env.TZ = zone;
      }
    }
  });
});

describe('createReminderScheduler', () => {
  it('shows the reminder at its time, not before', () => {
    const show = vi.fn();
    const todo = task();
    createReminderScheduler({ show }).sync([todo]);

    advanceTo(new Date(2026, 10, 21, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(todo));
  });

  it('shows a reminder set for 90 seconds ago after 2 seconds', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 9, 31, 30));
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()]);

    vi.advanceTimersByTime(1_999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('waits until tomorrow for a reminder set for 3 minutes ago', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 9, 33));
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()]);

    advanceTo(new Date(2026, 10, 22, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows each task its own reminder at its own time', () => {
    const show = vi.fn();
    const rent = task();
    const call = task({ id: 'todo-2', title: 'Call mum', reminderTime: '10:15 AM' });
    createReminderScheduler({ show }).sync([rent, call]);

    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(rent));
    advanceTo(new Date(2026, 10, 21, 10, 15));
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenLastCalledWith(reminderOf(call));
  });

  it('keeps the timer of a task that has not changed when synced again', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()]);

    advanceTo(new Date(2026, 10, 21, 9, 15));
    scheduler.sync([task()]);
    advanceTo(new Date(2026, 10, 21, 9, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();

    scheduler.sync([task()]);
    advanceTo(new Date(2026, 10, 22, 9, 29));
    expect(show).toHaveBeenCalledOnce();
  });

  it('reschedules a task whose reminder time changed', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()]);

    advanceTo(new Date(2026, 10, 21, 9, 10));
    scheduler.sync([task({ reminderTime: '10:00' })]);
    advanceTo(new Date(2026, 10, 21, 9, 59, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows the edited title of a task edited before its reminder', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task()]);

    const edited = task({ title: 'Pay the rent today' });
    scheduler.sync([edited]);
    advanceTo(new Date(2026, 10, 21, 9, 30));
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(edited));
  });

  it('never shows the reminder of a task no longer synced (completed or deleted)', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    const kept = task({ id: 'todo-2', title: 'Call mum', reminderTime: '09:45' });
    scheduler.sync([task(), kept]);

    scheduler.sync([kept]);
    advanceTo(new Date(2026, 10, 23, 9, 0));
    expect(show).not.toHaveBeenCalledWith(reminderOf(task()));
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenCalledWith(reminderOf(kept));
  });

  it('shows a reminder time again the next day', () => {
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task()]);

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
    createReminderScheduler({ show }).sync([task()]);

    advanceTo(new Date(2026, 10, 22, 9, 29, 59, 999));
    expect(show).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('shows a due-date reminder once, even when synced again right after', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    const todo = task({ reminderTime: null, dueDate: '2026-11-22' });
    scheduler.sync([todo]);

    advanceTo(new Date(2026, 10, 21, 23, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(reminderOf(todo));

    vi.advanceTimersByTime(30_000);
    scheduler.sync([todo]);
    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows nothing for a task whose due-date reminder passed long ago', () => {
    const show = vi.fn();
    createReminderScheduler({ show }).sync([task({ reminderTime: null, dueDate: '2026-11-20' })]);

    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).not.toHaveBeenCalled();
  });

  it('shows nothing after clearAll', () => {
    const show = vi.fn();
    const scheduler = createReminderScheduler({ show });
    scheduler.sync([task(), task({ id: 'todo-2', reminderTime: null, dueDate: '2026-11-22' })]);

    scheduler.clearAll();
    advanceTo(new Date(2026, 10, 25, 9, 0));
    expect(show).not.toHaveBeenCalled();
  });

  it('keeps showing later reminders after one fails to show', async () => {
    const show = vi.fn().mockRejectedValueOnce(new Error('blocked'));
    const second = task({ id: 'todo-2', title: 'Call mum', reminderTime: '09:45' });
    createReminderScheduler({ show }).sync([task(), second]);

    await vi.advanceTimersByTimeAsync(new Date(2026, 10, 21, 9, 30).getTime() - Date.now());
    expect(console.warn).toHaveBeenCalledWith(
      'Could not show the reminder: Pay rent',
      expect.any(Error),
    );
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(show).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenLastCalledWith(reminderOf(second));

    await vi.advanceTimersByTimeAsync(new Date(2026, 10, 22, 9, 30).getTime() - Date.now());
    expect(show).toHaveBeenCalledTimes(3);
  });

  it('keeps showing reminders after show throws', () => {
    const show = vi.fn(() => {
      throw new Error('no notifications here');
    });
    createReminderScheduler({ show }).sync([task()]);

    advanceTo(new Date(2026, 10, 22, 9, 30));
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('waits for a reminder beyond the longest timer delay instead of showing it at once', () => {
    const show = vi.fn();
    // 60 days ahead: longer than setTimeout's limit of about 24.8 days.
    createReminderScheduler({ show }).sync([task({ reminderTime: null, dueDate: '2027-01-20' })]);

    vi.advanceTimersByTime(1);
    expect(show).not.toHaveBeenCalled();
    advanceTo(new Date(2027, 0, 19, 23, 29, 59, 999));
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });
});
