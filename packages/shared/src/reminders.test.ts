import { describe, expect, it } from 'vitest';

import { instantAt } from './dates';
import {
  isReminderTime,
  nextReminderAt,
  reminderAfterFiring,
  reminderNotice,
  reminderOccurrence,
} from './reminders';
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
    expect(
      reminderAfterFiring(
        { reminderTime: '09:00', day: null },
        'America/New_York',
        new Date('2026-03-08T13:00:00Z'),
      ),
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

describe('reminderAfterFiring', () => {
  it('repeats a daily time the next day, and never a reminder with a day', () => {
    const fired = paris('2026-11-21', '09:30');
    expect(reminderAfterFiring({ reminderTime: '09:30', day: null }, PARIS, fired)).toEqual(
      paris('2026-11-22', '09:30'),
    );
    expect(
      reminderAfterFiring({ reminderTime: '09:30', day: '2026-11-21' }, PARIS, fired),
    ).toBeNull();
    expect(reminderAfterFiring({ reminderTime: null, day: '2026-11-22' }, PARIS, fired)).toBeNull();
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
    expect(reminderOccurrence({ reminderTime: null, day: '2026-11-22' }, PARIS, fired)).toEqual(
      paris('2026-11-21', '23:30'),
    );
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
