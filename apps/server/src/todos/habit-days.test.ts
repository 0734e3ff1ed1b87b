import { addDays } from '@daywise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type DayOffRange, habitOf, type OccurrenceRecord } from '../habits/habit';
import { habitDays } from './habit-count';
import { occurrencesBetween, parseRule, type RepeatSeries } from './repeats';

/**
 * A habit counted from the days habitDays reads (ADR 0022) is the habit counted from every
 * occurrence of the series, as it was counted before: checked on seeded random series, records
 * and days off.
 */
describe('the days a habit is counted from', () => {
  const RULES = [
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
  ];
  const TODAY = '2026-11-21';
  const day = (offset: number) => addDays('2023-11-21', offset);

  it('gives the habit every occurrence gives', () => {
    // What happens to the occurrences from some point on, in runs: long runs done on time earn
    // freezes, and runs of misses use them and break the streak.
    const fate = fc.constantFrom('done', 'done', 'late', 'skipped', 'missed', 'missed');
    const fates = fc
      .array(fc.tuple(fate, fc.integer({ min: 1, max: 30 })), { maxLength: 12 })
      .map((runs) => runs.flatMap(([each, length]) => Array<typeof each>(length).fill(each)));
    const dayOff = fc
      .tuple(fc.integer({ min: 0, max: 1100 }), fc.integer({ min: 0, max: 40 }))
      .map(([start, length]): DayOffRange => ({ start: day(start), end: day(start + length) }));
    fc.assert(
      fc.property(
        fc.constantFrom(...RULES),
        fc.integer({ min: 0, max: 400 }).map(day),
        fc.integer({ min: 0, max: 100 }),
        fates,
        fc.uniqueArray(fc.integer({ min: 0, max: 1100 }).map(day), { maxLength: 5 }),
        fc.array(dayOff, { maxLength: 4 }),
        (rule, start, skipped, fates, ahead, daysOff) => {
          const series: RepeatSeries = {
            rule: parseRule(rule, 'due'),
            from: 'due',
            start,
            zone: 'Europe/Paris',
          };
          const upTo = addDays(TODAY, -1);
          const occurrences = occurrencesBetween(series, start, upTo);
          const records: OccurrenceRecord[] = [];
          fates.forEach((each, index) => {
            const date = occurrences[skipped + index];
            if (date !== undefined && each !== 'missed') {
              const outcome = each === 'skipped' ? 'skipped' : 'done';
              records.push({ date, outcome, on: each === 'late' ? addDays(date, 2) : date });
            }
          });
          // Some done ahead of days that are no occurrence.
          for (const date of ahead.filter((each) => !occurrences.includes(each))) {
            records.push({ date, outcome: 'done', on: addDays(date, -1) });
          }
          const dates = records.map((each) => each.date);
          const counted = habitOf({
            scheduled: habitDays(series, [...dates].sort()[0], dates, daysOff, upTo),
            records,
            daysOff,
            today: TODAY,
          });
          const everyOccurrence = habitOf({
            scheduled: occurrences,
            records,
            daysOff,
            today: TODAY,
          });
          expect(counted).toEqual(everyOccurrence);
        },
      ),
      { seed: 22, numRuns: 300 },
    );
  });

  it('reads a few days after a record made long ago, not every day since', () => {
    const series: RepeatSeries = {
      rule: parseRule('FREQ=DAILY', 'due'),
      from: 'due',
      start: '1900-01-01',
      zone: 'UTC',
    };
    expect(habitDays(series, '1900-01-01', ['1900-01-01', '2026-11-19'], [], '2026-11-20')).toEqual(
      ['1900-01-02', '1900-01-03', '1900-01-04', '1900-01-05', '2026-11-20'],
    );
    // Days off are stepped over: the misses counted are the first ones after them.
    expect(
      habitDays(
        series,
        '1900-01-01',
        ['1900-01-01'],
        [{ start: '1900-01-02', end: '1900-12-31' }],
        '2026-11-20',
      ),
    ).toEqual(['1901-01-01', '1901-01-02', '1901-01-03', '1901-01-04']);
  });
});
