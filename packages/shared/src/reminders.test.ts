import { describe, expect, it } from 'vitest';

import { instantAt } from './dates';
import {
  isReminderMoment,
  legacyReminderTime,
  nextReminder,
  nextReminderAt,
  reminderMoments,
  reminderOccurrence,
} from './reminder-moments';
import type { TodoReminder } from './reminders';
import { isReminderTime, reminderNotice } from './reminders';
import { reminderTimeSchema } from './schemas/todos';

const PARIS = 'Europe/Paris';
/** Saturday 21 November 2026, 09:00 in Paris (08:00 UTC). */
const NOW = new Date('2026-11-21T08:00:00Z');
const paris = (date: string, time: string) => instantAt(date, time, PARIS);

describe('isReminderTime', () => {
  it.each(['09:30', '00:00', '23:59', '07:05'])('takes %j', (value) => {
    expect(isReminderTime(value)).toBe(true);
  });

  it.each(['24:00', '7:05', '07:60', ' 18:45 ', '12:00 AM', '1:05 pm', '9:5', 'abc', ''])(
    'refuses %j: the API stores HH:MM only',
    (value) => {
      expect(isReminderTime(value)).toBe(false);
    },
  );

  it('is the rule the API applies', () => {
    for (const value of ['09:30', '23:59', '7:05', '12:00 AM', '24:00']) {
      expect(reminderTimeSchema.safeParse(value).success).toBe(isReminderTime(value));
    }
  });
});

describe('nextReminderAt, in the user’s time zone', () => {
  it('with a due date, fires at the time on that day, not on the next occurrence of the time', () => {
    expect(nextReminderAt({ reminderTime: '12:48', day: '2026-11-27' }, PARIS, NOW)).toEqual(
      paris('2026-11-27', '12:48'),
    );
    // Even when the time of day is still ahead today.
    expect(nextReminderAt({ reminderTime: '17:00', day: '2026-11-23' }, PARIS, NOW)).toEqual(
      paris('2026-11-23', '17:00'),
    );
  });

  it('with a day long gone, does not fire; just passed, fires in 2 seconds', () => {
    expect(nextReminderAt({ reminderTime: '08:00', day: '2026-11-21' }, PARIS, NOW)).toBeNull();
    expect(nextReminderAt({ reminderTime: '12:00', day: '2026-11-20' }, PARIS, NOW)).toBeNull();
    const justAfter = new Date(paris('2026-11-21', '09:00').getTime() + 90_000);
    expect(nextReminderAt({ reminderTime: '09:00', day: '2026-11-21' }, PARIS, justAfter)).toEqual(
      new Date(justAfter.getTime() + 2_000),
    );
  });

  it('without a day, fires at the next occurrence of the time: today, or tomorrow once passed', () => {
    expect(nextReminderAt({ reminderTime: '17:30', day: null }, PARIS, NOW)).toEqual(
      paris('2026-11-21', '17:30'),
    );
    expect(nextReminderAt({ reminderTime: '5:30 pm', day: null }, PARIS, NOW)).toBeNull();
    expect(nextReminderAt({ reminderTime: '08:00', day: null }, PARIS, NOW)).toEqual(
      paris('2026-11-22', '08:00'),
    );
    const late = new Date(paris('2026-11-21', '09:00').getTime() + 90_000);
    expect(nextReminderAt({ reminderTime: '09:00', day: null }, PARIS, late)).toEqual(
      new Date(late.getTime() + 2_000),
    );
    const tooLate = new Date(paris('2026-11-21', '09:00').getTime() + 120_000);
    expect(nextReminderAt({ reminderTime: '09:00', day: null }, PARIS, tooLate)).toEqual(
      paris('2026-11-22', '09:00'),
    );
  });

  it('follows the zone of the setting, not the machine’s', () => {
    // 08:00 UTC is 17:00 in Tokyo: 09:00 there is tomorrow, 17:30 still today.
    expect(nextReminderAt({ reminderTime: '09:00', day: null }, 'Asia/Tokyo', NOW)).toEqual(
      new Date('2026-11-22T00:00:00Z'),
    );
    expect(nextReminderAt({ reminderTime: '17:30', day: null }, 'Asia/Tokyo', NOW)).toEqual(
      new Date('2026-11-21T08:30:00Z'),
    );
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // New York's clocks go forward on Sunday 8 March 2026, so that day has 23 hours.
    const saturday = new Date('2026-03-07T15:00:00Z');
    expect(
      nextReminderAt({ reminderTime: '09:00', day: null }, 'America/New_York', saturday),
    ).toEqual(new Date('2026-03-08T13:00:00Z'));
    const fired = new Date('2026-03-08T13:00:00Z');
    expect(
      nextReminder({ reminderTime: '09:00', day: null }, 'America/New_York', fired, fired)?.at,
    ).toEqual(new Date('2026-03-09T13:00:00Z'));
  });

  it('with a due date but no usable time, fires 30 minutes before the due day begins', () => {
    for (const reminderTime of [null, 'soon']) {
      expect(nextReminderAt({ reminderTime, day: '2026-11-23' }, PARIS, NOW)).toEqual(
        paris('2026-11-22', '23:30'),
      );
    }
    expect(nextReminderAt({ reminderTime: null, day: '2026-11-21' }, PARIS, NOW)).toBeNull();
  });

  it('has none without a time and a day', () => {
    expect(nextReminderAt({ reminderTime: null, day: null }, PARIS, NOW)).toBeNull();
    expect(nextReminderAt({ reminderTime: 'abc', day: null }, PARIS, NOW)).toBeNull();
  });
});

describe('a day outside the days Daywise accepts (ADR 0022)', () => {
  it('gets no reminder: its moment could be past the year 9999', () => {
    const newYork = (day: string) =>
      nextReminderAt({ reminderTime: '23:59', day }, 'America/New_York', NOW);
    expect(newYork('9999-12-30')?.toISOString()).toBe('9999-12-31T04:59:00.000Z');
    expect(newYork('9999-12-31')).toBeNull();
    expect(nextReminderAt({ reminderTime: null, day: '0001-01-01' }, PARIS, NOW)).toBeNull();
  });
});

describe('nextReminder after one fired', () => {
  it('repeats a daily time the next day, and never a reminder with a day', () => {
    const fired = paris('2026-11-21', '09:30');
    expect(nextReminder({ reminderTime: '09:30', day: null }, PARIS, fired, fired)).toEqual({
      at: paris('2026-11-22', '09:30'),
      occurrence: paris('2026-11-22', '09:30'),
    });
    expect(
      nextReminder({ reminderTime: '09:30', day: '2026-11-21' }, PARIS, fired, fired),
    ).toBeNull();
  });
});

describe('reminderOccurrence', () => {
  it('names the moment a reminder was for, not the moment it fired', () => {
    const fired = new Date(paris('2026-11-21', '09:31').getTime() + 2_000);
    expect(reminderOccurrence({ reminderTime: '09:30', day: null }, PARIS, fired)).toEqual(
      paris('2026-11-21', '09:30'),
    );
    expect(reminderOccurrence({ reminderTime: '09:30', day: '2026-11-21' }, PARIS, fired)).toEqual(
      paris('2026-11-21', '09:30'),
    );
    // Fired just after midnight for 23:59: yesterday's.
    expect(
      reminderOccurrence({ reminderTime: '23:59', day: null }, PARIS, paris('2026-11-22', '00:00')),
    ).toEqual(paris('2026-11-21', '23:59'));
    // A moment still ahead names no occurrence.
    expect(reminderOccurrence({ reminderTime: null, day: '2026-11-22' }, PARIS, fired)).toBeNull();
    expect(
      reminderOccurrence(
        { reminderTime: null, day: '2026-11-22' },
        PARIS,
        paris('2026-11-21', '23:31'),
      ),
    ).toEqual(paris('2026-11-21', '23:30'));
    expect(reminderOccurrence({ reminderTime: null, day: null }, PARIS, fired)).toBeNull();
  });
});

describe('reminderNotice', () => {
  it("says the title, the description or the kind's own text, and opens the item's page", () => {
    expect(reminderNotice('todo', { title: 'Pay rent', description: '' })).toEqual({
      title: 'Reminder: Pay rent',
      body: 'It is time for this todo.',
      url: '/dashboard/todos',
    });
    expect(reminderNotice('task', { title: 'Run', description: '5 km' })).toEqual({
      title: 'Reminder: Run',
      body: '5 km',
      url: '/dashboard/daily-goals',
    });
    expect(reminderNotice('task', { title: 'Run', description: '' }).body).toBe(
      'A task of today’s plan is waiting for you.',
    );
  });
});

describe("a todo's reminders (ADR 0030)", () => {
  const NEW_YORK = 'America/New_York';
  const ny = (date: string, time: string) => instantAt(date, time, NEW_YORK);
  const todo = (
    reminders: TodoReminder[],
    dueTime: string | null = '09:00',
    day = '2026-11-25',
  ) => ({
    reminderTime: null,
    day,
    dueTime,
    reminders,
  });

  it('counts minutes back from the due date and time, and takes instants as they are', () => {
    expect(
      reminderMoments(
        todo([{ before: 10 }, { at: '2026-11-24T12:00:00.000Z' }, { before: 0 }, { before: 60 }]),
        PARIS,
      ),
    ).toEqual([
      new Date('2026-11-24T12:00:00.000Z'),
      paris('2026-11-25', '08:00'),
      paris('2026-11-25', '08:50'),
      paris('2026-11-25', '09:00'),
    ]);
  });

  it('counts whole days on the calendar: a day before is the same time, across a clock change', () => {
    // New York's clocks go back an hour at 02:00 on Sunday 1 November 2026.
    const sunday = todo(
      [{ before: 1440 }, { before: 1440 + 30 }, { before: 7 * 1440 }],
      '09:00',
      '2026-11-01',
    );
    expect(reminderMoments(sunday, NEW_YORK)).toEqual([
      ny('2026-10-25', '09:00'),
      ny('2026-10-31', '08:30'),
      ny('2026-10-31', '09:00'),
    ]);
    // 25 real hours lie between 09:00 on 31 October and 09:00 on 1 November.
    expect(ny('2026-11-01', '09:00').getTime() - ny('2026-10-31', '09:00').getTime()).toBe(
      25 * 3_600_000,
    );
  });

  it('counts minutes within a day as real minutes, across a clock change', () => {
    // Clocks go forward at 02:00 on 8 March 2026: 90 real minutes before 03:30 is 01:00.
    const spring = todo([{ before: 90 }], '03:30', '2026-03-08');
    expect(reminderMoments(spring, NEW_YORK)).toEqual([
      new Date(ny('2026-03-08', '03:30').getTime() - 90 * 60_000),
    ]);
    expect(reminderMoments(spring, NEW_YORK)[0]).toEqual(ny('2026-03-08', '01:00'));
  });

  it('has no moment before the due time without a due time or a day, and one reminder per moment', () => {
    expect(reminderMoments(todo([{ before: 10 }], null), PARIS)).toEqual([]);
    expect(
      reminderMoments(
        { reminderTime: null, day: null, dueTime: null, reminders: [{ before: 0 }] },
        PARIS,
      ),
    ).toEqual([]);
    expect(
      reminderMoments(
        todo([{ before: 0 }, { at: paris('2026-11-25', '09:00').toISOString() }]),
        PARIS,
      ),
    ).toEqual([paris('2026-11-25', '09:00')]);
  });

  it('ignores the reminder time a todo with a due date reads as: it is no reminder of its own', () => {
    expect(reminderMoments({ ...todo([]), reminderTime: '08:00' }, PARIS)).toEqual([]);
  });

  it('fires the first moment still ahead, then each after it, skipping those long passed', () => {
    const schedule = todo([{ before: 60 }, { before: 10 }, { before: 0 }]);
    const now = paris('2026-11-25', '08:30');
    expect(nextReminder(schedule, PARIS, now)).toEqual({
      at: paris('2026-11-25', '08:50'),
      occurrence: paris('2026-11-25', '08:50'),
    });
    const fired = paris('2026-11-25', '08:50');
    expect(nextReminder(schedule, PARIS, fired, fired)?.occurrence).toEqual(
      paris('2026-11-25', '09:00'),
    );
    expect(
      nextReminder(schedule, PARIS, paris('2026-11-25', '09:00'), paris('2026-11-25', '09:00')),
    ).toBeNull();
  });

  it('fires a moment passed within the grace at once, still named by its own moment', () => {
    const schedule = todo([{ before: 10 }]);
    const now = new Date(paris('2026-11-25', '08:50').getTime() + 30_000);
    expect(nextReminder(schedule, PARIS, now)).toEqual({
      at: new Date(now.getTime() + 2_000),
      occurrence: paris('2026-11-25', '08:50'),
    });
    expect(nextReminder(schedule, PARIS, new Date(now.getTime() + 120_000))).toBeNull();
  });

  it('keeps the daily time of a todo without a due date beside its reminders at instants', () => {
    const schedule = {
      reminderTime: '09:30',
      day: null,
      dueTime: null,
      reminders: [{ at: paris('2026-11-21', '12:00').toISOString() }],
    };
    expect(nextReminderAt(schedule, PARIS, NOW)).toEqual(paris('2026-11-21', '09:30'));
    const fired = paris('2026-11-21', '09:30');
    expect(nextReminder(schedule, PARIS, fired, fired)?.occurrence).toEqual(
      paris('2026-11-21', '12:00'),
    );
    const noon = paris('2026-11-21', '12:00');
    expect(nextReminder(schedule, PARIS, noon, noon)?.occurrence).toEqual(
      paris('2026-11-22', '09:30'),
    );
  });

  it('names each moment as its own occurrence, and only moments', () => {
    const schedule = todo([{ before: 60 }, { before: 0 }]);
    expect(reminderOccurrence(schedule, PARIS, paris('2026-11-25', '08:01'))).toEqual(
      paris('2026-11-25', '08:00'),
    );
    expect(isReminderMoment(schedule, PARIS, paris('2026-11-25', '09:00'))).toBe(true);
    expect(isReminderMoment(schedule, PARIS, paris('2026-11-25', '08:30'))).toBe(false);
    expect(isReminderMoment(schedule, 'Asia/Tokyo', paris('2026-11-25', '09:00'))).toBe(false);
  });
});

describe('legacyReminderTime', () => {
  const read = (over: Partial<Parameters<typeof legacyReminderTime>[0]>) =>
    legacyReminderTime({
      day: '2026-11-25',
      dueTime: '09:00',
      reminders: [],
      dailyTime: null,
      ...over,
    });

  it('reads the earliest reminder on the due date counted from the due time', () => {
    expect(read({ reminders: [{ before: 0 }] })).toBe('09:00');
    expect(read({ reminders: [{ before: 10 }, { before: 75 }, { before: 1440 }] })).toBe('07:45');
    expect(read({ reminders: [{ before: 540 }] })).toBe('00:00');
  });

  it('reads nothing from instants, from reminders on other days, or without a due time', () => {
    expect(read({ reminders: [{ at: '2026-11-25T08:00:00.000Z' }] })).toBeNull();
    expect(read({ reminders: [{ before: 541 }] })).toBeNull();
    expect(read({ dueTime: null, reminders: [{ before: 0 }] })).toBeNull();
  });

  it('reads the daily time of a todo without a due date', () => {
    expect(read({ day: null, dueTime: null, dailyTime: '07:15' })).toBe('07:15');
  });
});
