import { addDays } from '@daywise/shared';
import { describe, expect, it } from 'vitest';

import { habitOf, type OccurrenceRecord } from './habit';

/** Every day from `from` to `to`, both included. */
function days(from: string, to: string): string[] {
  const all: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    all.push(day);
  }
  return all;
}

const done = (date: string, on = date): OccurrenceRecord => ({ date, outcome: 'done', on });
const skipped = (date: string): OccurrenceRecord => ({ date, outcome: 'skipped', on: date });

describe('a habit', () => {
  it('is empty with nothing scheduled', () => {
    expect(habitOf({ scheduled: [], records: [], daysOff: [], today: '2026-11-21' })).toEqual({
      streak: 0,
      best: 0,
      freezes: 0,
      done: 0,
    });
  });

  it('counts occurrences done on time in a row; today not yet done changes nothing', () => {
    const scheduled = days('2026-11-01', '2026-11-05');
    const records = scheduled.slice(0, 4).map((day) => done(day));
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-05' })).toEqual({
      streak: 4,
      best: 4,
      freezes: 0,
      done: 4,
    });
  });

  it('goes back to 0 on a miss without a freeze, keeping the best', () => {
    const scheduled = days('2026-11-01', '2026-11-06');
    const records = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05'].map((day) =>
      done(day),
    );
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-06' })).toEqual({
      streak: 1,
      best: 3,
      freezes: 0,
      done: 4,
    });
    // A day later the 6th is missed too.
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-07' }).streak).toBe(0);
  });

  it('counts one done late as missed, though done', () => {
    const scheduled = ['2026-11-01', '2026-11-02'];
    const records = [done('2026-11-01'), done('2026-11-02', '2026-11-03')];
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-04' })).toEqual({
      streak: 0,
      best: 1,
      freezes: 0,
      done: 2,
    });
  });

  it('counts one done ahead of its date as on time', () => {
    const records = [done('2026-11-01'), done('2026-11-02', '2026-11-01')];
    expect(
      habitOf({ scheduled: ['2026-11-01'], records, daysOff: [], today: '2026-11-01' }).streak,
    ).toBe(2);
  });

  it('neither breaks nor extends a streak on a skipped occurrence', () => {
    const scheduled = days('2026-11-01', '2026-11-04');
    const records = [
      done('2026-11-01'),
      done('2026-11-02'),
      skipped('2026-11-03'),
      done('2026-11-04'),
    ];
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-05' })).toEqual({
      streak: 3,
      best: 3,
      freezes: 0,
      done: 3,
    });
  });

  it('earns a freeze for every 7 on time in a row, keeps at most 3, and spends one on a miss', () => {
    const scheduled = days('2026-10-01', '2026-10-29');
    const records = scheduled.map((day) => done(day));
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-10-30' })).toEqual({
      streak: 29,
      best: 29,
      freezes: 3,
      done: 29,
    });
    const seven = days('2026-11-01', '2026-11-10');
    const missedTwo = seven.filter((day) => day !== '2026-11-08' && day !== '2026-11-09');
    expect(
      habitOf({
        scheduled: seven,
        records: missedTwo.map((day) => done(day)),
        daysOff: [],
        today: '2026-11-11',
      }),
    ).toEqual({ streak: 1, best: 7, freezes: 0, done: 8 });
  });

  it('keeps the streak over a missed occurrence covered by a freeze', () => {
    const scheduled = days('2026-11-01', '2026-11-10');
    const records = scheduled.filter((day) => day !== '2026-11-08').map((day) => done(day));
    expect(habitOf({ scheduled, records, daysOff: [], today: '2026-11-11' })).toEqual({
      streak: 9,
      best: 9,
      freezes: 0,
      done: 9,
    });
  });

  it('simulates a month with a week off: the days off neither break nor extend it', () => {
    // Every day of November 2026, done on time but for the days off (14-20) and the 25th.
    const scheduled = days('2026-11-01', '2026-11-30');
    const daysOff = [{ start: '2026-11-14', end: '2026-11-20' }];
    const records = scheduled
      .filter((day) => (day < '2026-11-14' || day > '2026-11-20') && day !== '2026-11-25')
      .map((day) => done(day));
    const habit = (today: string) =>
      habitOf({
        scheduled: scheduled.filter((day) => day <= today),
        records: records.filter((record) => record.date < today),
        daysOff,
        today,
      });
    // Thirteen in a row by the 14th: one freeze earned on the 7th.
    expect(habit('2026-11-14')).toEqual({ streak: 13, best: 13, freezes: 1, done: 13 });
    // The week off changes nothing.
    expect(habit('2026-11-21')).toEqual({ streak: 13, best: 13, freezes: 1, done: 13 });
    // The 21st makes 14: a second freeze.
    expect(habit('2026-11-22')).toEqual({ streak: 14, best: 14, freezes: 2, done: 14 });
    // The 25th missed: a freeze covers it.
    expect(habit('2026-11-26')).toEqual({ streak: 17, best: 17, freezes: 1, done: 17 });
    expect(habit('2026-12-01')).toEqual({ streak: 22, best: 22, freezes: 2, done: 22 });
    // Without the days off, the week missed uses both freezes and then breaks it.
    expect(
      habitOf({
        scheduled: days('2026-11-01', '2026-11-21'),
        records: records.filter((record) => record.date <= '2026-11-21'),
        daysOff: [],
        today: '2026-11-22',
      }),
    ).toEqual({ streak: 1, best: 13, freezes: 0, done: 14 });
  });

  it('goes on from a habit counted up to an earlier day', () => {
    const start = { streak: 5, best: 8, freezes: 1, done: 20 };
    expect(
      habitOf({ scheduled: ['2026-11-20'], records: [], daysOff: [], today: '2026-11-21', start }),
    ).toEqual({ streak: 5, best: 8, freezes: 0, done: 20 });
    expect(
      habitOf({
        scheduled: ['2026-11-19', '2026-11-20'],
        records: [],
        daysOff: [],
        today: '2026-11-21',
        start,
      }),
    ).toEqual({ streak: 0, best: 8, freezes: 0, done: 20 });
  });
});
