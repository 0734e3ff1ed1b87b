import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../lib/errors';
import {
  afterCompletion,
  firstOnOrAfter,
  formatRule,
  nextOccurrence,
  occurrencesBetween,
  parseRule,
  type RepeatSeries,
} from './repeats';

const series = (
  rule: string,
  start: string,
  zone = 'Europe/Paris',
  from: 'due' | 'completion' = 'due',
): RepeatSeries => ({ rule: parseRule(rule, from), from, start, zone });

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];

describe('repeat occurrences', () => {
  it.each(ZONES)(
    'lands on the same days in every zone, across month ends and leap years (%s)',
    (zone) => {
      const table: [string, string, string, string, string[]][] = [
        // rule, start, from, to, occurrences
        [
          'FREQ=MONTHLY;BYMONTHDAY=-1',
          '2024-01-31',
          '2024-01-01',
          '2024-05-31',
          ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31'],
        ],
        [
          'FREQ=MONTHLY;BYMONTHDAY=-1',
          '2025-01-31',
          '2025-01-01',
          '2025-03-31',
          ['2025-01-31', '2025-02-28', '2025-03-31'],
        ],
        // A day a month lacks is skipped, as RFC 5545 says; 'last day' is BYMONTHDAY=-1.
        [
          'FREQ=MONTHLY',
          '2026-01-31',
          '2026-01-01',
          '2026-06-30',
          ['2026-01-31', '2026-03-31', '2026-05-31'],
        ],
        [
          'FREQ=MONTHLY;BYMONTHDAY=1',
          '2026-11-01',
          '2026-11-01',
          '2027-02-01',
          ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'],
        ],
        [
          'FREQ=YEARLY',
          '2024-02-29',
          '2024-01-01',
          '2032-12-31',
          ['2024-02-29', '2028-02-29', '2032-02-29'],
        ],
        [
          'FREQ=MONTHLY;BYDAY=-1FR',
          '2026-01-01',
          '2026-01-01',
          '2026-03-31',
          ['2026-01-30', '2026-02-27', '2026-03-27'],
        ],
        [
          'FREQ=MONTHLY;BYDAY=1MO',
          '2026-01-01',
          '2026-01-01',
          '2026-03-31',
          ['2026-01-05', '2026-02-02', '2026-03-02'],
        ],
        [
          'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
          '2026-01-01',
          '2026-01-01',
          '2026-03-31',
          ['2026-01-30', '2026-02-27', '2026-03-31'],
        ],
        [
          'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
          '2026-11-02',
          '2026-11-01',
          '2026-11-30',
          ['2026-11-02', '2026-11-05', '2026-11-16', '2026-11-19', '2026-11-30'],
        ],
        // Weekdays across the end of daylight saving in Europe and the US.
        [
          'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
          '2026-10-23',
          '2026-10-23',
          '2026-11-03',
          [
            '2026-10-23',
            '2026-10-26',
            '2026-10-27',
            '2026-10-28',
            '2026-10-29',
            '2026-10-30',
            '2026-11-02',
            '2026-11-03',
          ],
        ],
        // Every day across the spring change (Europe 29 March, US 8 March, Sydney 5 April 2026).
        [
          'FREQ=DAILY',
          '2026-03-27',
          '2026-03-27',
          '2026-03-31',
          ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'],
        ],
        [
          'FREQ=DAILY;INTERVAL=3',
          '2026-03-06',
          '2026-03-06',
          '2026-03-15',
          ['2026-03-06', '2026-03-09', '2026-03-12', '2026-03-15'],
        ],
        [
          'FREQ=DAILY;INTERVAL=2',
          '2026-04-03',
          '2026-04-03',
          '2026-04-09',
          ['2026-04-03', '2026-04-05', '2026-04-07', '2026-04-09'],
        ],
        [
          'FREQ=DAILY;UNTIL=20261124',
          '2026-11-21',
          '2026-11-01',
          '2026-12-31',
          ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'],
        ],
        [
          'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=-1',
          '2026-01-01',
          '2026-01-01',
          '2028-12-31',
          ['2026-03-31', '2027-03-31', '2028-03-31'],
        ],
      ];
      for (const [rule, start, from, to, expected] of table) {
        expect(occurrencesBetween(series(rule, start, zone), from, to), rule).toEqual(expected);
      }
    },
  );

  it('finds the first occurrence on or after a day, and none past UNTIL', () => {
    expect(firstOnOrAfter(series('FREQ=WEEKLY;BYDAY=MO', '2026-11-18'), '2026-11-18')).toBe(
      '2026-11-23',
    );
    expect(firstOnOrAfter(series('FREQ=MONTHLY;BYMONTHDAY=1', '2026-11-21'), '2026-11-21')).toBe(
      '2026-12-01',
    );
    expect(
      firstOnOrAfter(series('FREQ=DAILY;UNTIL=20261122', '2026-11-21'), '2026-11-23'),
    ).toBeNull();
    // February never has a 30th: no occurrence, and no failure.
    expect(
      firstOnOrAfter(series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01'), '2026-01-01'),
    ).toBeNull();
  });

  it('moves on from due: the first occurrence after the one done, not before today', () => {
    const everyThird = series('FREQ=DAILY;INTERVAL=3', '2026-11-01', 'America/New_York');
    expect(nextOccurrence(everyThird, '2026-11-01', '2026-11-01')).toBe('2026-11-04');
    // Done late: the next is the first of the series from today.
    expect(nextOccurrence(everyThird, '2026-11-01', '2026-11-09')).toBe('2026-11-10');
    expect(nextOccurrence(everyThird, '2026-11-01', '2026-11-10')).toBe('2026-11-10');
    // Done a day early: the one after it.
    expect(nextOccurrence(everyThird, '2026-11-04', '2026-11-03')).toBe('2026-11-07');
  });

  it('moves on from completion by the calendar: a month after 31 January is 29 February', () => {
    expect(
      afterCompletion(
        series('FREQ=MONTHLY', '2024-01-31', 'Asia/Kolkata', 'completion'),
        '2024-01-31',
      ),
    ).toBe('2024-02-29');
    expect(
      nextOccurrence(
        series('FREQ=DAILY;INTERVAL=3', '2026-11-01', 'Australia/Sydney', 'completion'),
        '2026-11-01',
        '2026-11-05',
      ),
    ).toBe('2026-11-08');
    expect(
      afterCompletion(
        series('FREQ=WEEKLY;INTERVAL=2', '2026-10-20', 'Europe/Paris', 'completion'),
        '2026-10-20',
      ),
    ).toBe('2026-11-03');
    expect(
      afterCompletion(
        series('FREQ=YEARLY;UNTIL=20261231', '2026-01-01', 'UTC', 'completion'),
        '2026-06-01',
      ),
    ).toBeNull();
  });
});

describe('repeat rules', () => {
  it('accepts the supported parts and stores them in one order', () => {
    expect(formatRule(parseRule('byday=MO,TH;freq=weekly;interval=2', 'due'))).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
    );
    expect(formatRule(parseRule('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12', 'due'))).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12',
    );
    expect(formatRule(parseRule('FREQ=DAILY;INTERVAL=3;UNTIL=20270101', 'completion'))).toBe(
      'FREQ=DAILY;INTERVAL=3;UNTIL=20270101',
    );
  });

  it.each([
    ['FREQ=HOURLY', 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['INTERVAL=2', 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['FREQ=DAILY;INTERVAL=0', 'INTERVAL must list whole numbers from 1 to 999, not 0'],
    ['FREQ=DAILY;INTERVAL=1000', 'INTERVAL must list whole numbers from 1 to 999, not 0'],
    ['FREQ=DAILY;COUNT=1001', 'COUNT must list whole numbers from 1 to 1000, not 0'],
    [
      'FREQ=WEEKLY;BYDAY=1MO',
      'A weekday with a number (such as 1MO) needs a monthly or yearly rule',
    ],
    ['FREQ=MONTHLY;BYDAY=6MO', "A weekday's number must be from -5 to 5, not 0"],
    ['FREQ=MONTHLY;BYDAY=XX', 'BYDAY must list weekdays such as MO,TH or, monthly, 1MO or -1FR'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY must list whole numbers from -31 to 31, not 0'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY must list whole numbers from -31 to 31, not 0'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'BYMONTHDAY cannot go with a weekly rule'],
    ['FREQ=YEARLY;BYMONTH=13', 'BYMONTH must list whole numbers from 1 to 12, not 0'],
    ['FREQ=DAILY;BYSETPOS=1', 'BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH'],
    ['FREQ=DAILY;UNTIL=20260230', 'UNTIL must be a date such as 20261231'],
    ['FREQ=DAILY;UNTIL=20260101T000000Z', 'UNTIL must be a date such as 20261231'],
    [
      'FREQ=DAILY;COUNT=2;UNTIL=20270101',
      'a repeat ends either after a number of times (COUNT) or on a date (UNTIL)',
    ],
    ['FREQ=DAILY;FREQ=WEEKLY', 'FREQ is given twice'],
    ['FREQ=DAILY;BYHOUR=9', "'BYHOUR=9' is not allowed"],
    ['FREQ=DAILY;WKST=SU', "'WKST=SU' is not allowed"],
    ['DTSTART=20260101;FREQ=DAILY', "'DTSTART=20260101' is not allowed"],
    ['FREQ=DAILY;INTERVAL=', 'INTERVAL needs a value'],
  ])('refuses %s: %s', (rule, detail) => {
    expect(() => parseRule(rule, 'due')).toThrow(
      new ApiError('VALIDATION_FAILED', `This repeat is not supported: ${detail}.`),
    );
  });

  it('takes only FREQ and INTERVAL (and an end) counted from completion', () => {
    expect(() => parseRule('FREQ=WEEKLY;BYDAY=MO', 'completion')).toThrow(
      'a repeat counted from completion takes only FREQ and INTERVAL',
    );
  });

  it('answers any text with a rule or a 400, never anything else', () => {
    const part = fc.oneof(
      fc.constantFrom(
        'FREQ',
        'INTERVAL',
        'BYDAY',
        'BYMONTHDAY',
        'BYMONTH',
        'BYSETPOS',
        'COUNT',
        'UNTIL',
        'X',
      ),
    );
    const value = fc.oneof(
      fc.constantFrom(
        'DAILY',
        'WEEKLY',
        'MONTHLY',
        'YEARLY',
        'MO',
        '-1FR',
        '1MO,3WE',
        '-1',
        '31',
        '20270229',
        '0',
        '',
      ),
      fc.integer({ min: -2000, max: 2000 }).map(String),
      fc.string({ maxLength: 8 }),
    );
    const rule = fc
      .array(fc.tuple(part, value), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.map(([name, v]) => `${name}=${v}`).join(';'));
    fc.assert(
      fc.property(
        rule,
        fc.constantFrom<'due' | 'completion'>('due', 'completion'),
        (text, from) => {
          try {
            const parsed = parseRule(text, from);
            // Whatever is accepted can be asked for its dates.
            const answered = firstOnOrAfter(
              { rule: parsed, from, start: '2026-11-21', zone: 'Europe/Paris' },
              '2026-11-21',
            );
            return answered === null || /^\d{4}-\d{2}-\d{2}$/.test(answered);
          } catch (error) {
            return error instanceof ApiError && error.status === 400;
          }
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });
});
