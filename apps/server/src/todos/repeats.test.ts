import { addDays, formatRepeatRule, LAST_DAY } from '@daywise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../lib/errors';
import {
  acceptRule,
  afterCompletion,
  firstOnOrAfter,
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
    expect(formatRepeatRule(parseRule('byday=MO,TH;freq=weekly;interval=2', 'due'))).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
    );
    expect(formatRepeatRule(parseRule('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12', 'due'))).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12',
    );
    expect(formatRepeatRule(parseRule('FREQ=DAILY;INTERVAL=3;UNTIL=20270101', 'completion'))).toBe(
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
    ['FREQ=DAILY;UNTIL=99991231', 'UNTIL must be a day from 1900-01-01 to 9999-12-30'],
    ['FREQ=DAILY;UNTIL=18991231', 'UNTIL must be a day from 1900-01-01 to 9999-12-30'],
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

  it.each([
    [
      'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2',
      'BYMONTHDAY names no day of the months of BYMONTH (such as 30 February)',
    ],
    [
      'FREQ=YEARLY;BYMONTH=2,4,6;BYMONTHDAY=31,-31',
      'BYMONTHDAY names no day of the months of BYMONTH (such as 30 February)',
    ],
    [
      'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=366',
      'BYSETPOS must be from -5 to 5, not 0: a month of this rule holds at most 5 days',
    ],
    [
      'FREQ=MONTHLY;BYDAY=1MO,-1FR;BYSETPOS=3',
      'BYSETPOS must be from -2 to 2, not 0: a month of this rule holds at most 2 days',
    ],
    [
      'FREQ=YEARLY;BYDAY=MO;BYSETPOS=-54',
      'BYSETPOS must be from -53 to 53, not 0: a year of this rule holds at most 53 days',
    ],
    [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=1,2;BYSETPOS=3',
      'BYSETPOS must be from -2 to 2, not 0: a year of this rule holds at most 2 days',
    ],
    [
      'FREQ=WEEKLY;BYDAY=MO,TH;BYSETPOS=3',
      'BYSETPOS must be from -2 to 2, not 0: a week of this rule holds at most 2 days',
    ],
    [
      'FREQ=DAILY;BYMONTH=2;BYSETPOS=2',
      'BYSETPOS must be from -1 to 1, not 0: a day of this rule holds at most 1 day',
    ],
    [
      'FREQ=YEARLY;BYMONTH=1;BYDAY=6MO',
      "A weekday's number must be from -5 to 5, not 0, with BYMONTH",
    ],
    ['FREQ=DAILY;BYMONTHDAY=13', 'BYMONTHDAY cannot go with a daily rule (say FREQ=MONTHLY)'],
  ])('refuses %s, which never occurs or tests every day (ADR 0022): %s', (rule, detail) => {
    expect(() => acceptRule(rule, 'due')).toThrow(
      new ApiError('VALIDATION_FAILED', `This repeat is not supported: ${detail}.`),
    );
  });

  it('accepts the rules that can occur, and still reads rules stored before', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYMONTH=2,3;BYMONTHDAY=31',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=366',
      'FREQ=YEARLY;BYDAY=53MO',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=YEARLY;BYMONTH=2;BYDAY=5FR',
    ]) {
      expect(formatRepeatRule(acceptRule(rule, 'due')), rule).toBe(rule);
    }
    // Refused now, but a todo may keep it from before: it is read, and its searches are bounded.
    expect(firstOnOrAfter(series('FREQ=DAILY;BYMONTHDAY=13', '2026-11-01'), '2026-11-01')).toBe(
      '2026-11-13',
    );
  });

  it('searches within a bound: a rule whose first day never comes has no occurrence', () => {
    // Every 7 days from a Saturday never falls on a Monday; every 4 years from 2026, no 29 February.
    expect(
      firstOnOrAfter(series('FREQ=DAILY;INTERVAL=7;BYDAY=MO', '2026-11-21'), '2026-11-21'),
    ).toBeNull();
    expect(
      firstOnOrAfter(
        series('FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29', '2026-11-21'),
        '2026-11-21',
      ),
    ).toBeNull();
    // Rare days within the bound are found: 29 February on a Monday, a fifth Friday in February.
    expect(
      firstOnOrAfter(
        series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '2026-11-21'),
        '2026-11-21',
      ),
    ).toBe('2044-02-29');
    expect(
      firstOnOrAfter(series('FREQ=MONTHLY;BYMONTH=2;BYDAY=5FR', '2026-11-21'), '2026-11-21'),
    ).toBe('2036-02-29');
  });

  it('has no occurrence past the last day Daywise accepts', () => {
    const last = series('FREQ=DAILY', LAST_DAY, 'Pacific/Kiritimati');
    expect(firstOnOrAfter(last, LAST_DAY)).toBe(LAST_DAY);
    expect(nextOccurrence(last, LAST_DAY, LAST_DAY)).toBeNull();
    expect(occurrencesBetween(last, '9999-12-01', '9999-12-31')).toEqual([LAST_DAY]);
    expect(firstOnOrAfter(series('FREQ=YEARLY', '9999-01-01'), '9999-01-02')).toBeNull();
    expect(
      afterCompletion(
        series('FREQ=YEARLY;INTERVAL=999', '9990-01-01', 'UTC', 'completion'),
        '9990-01-01',
      ),
    ).toBeNull();
    expect(
      afterCompletion(series('FREQ=DAILY', '9999-12-29', 'Etc/GMT+12', 'completion'), '9999-12-29'),
    ).toBe(LAST_DAY);
  });

  it('answers adversarial rules at once: refused, or searched within the bound (seeded fuzz)', () => {
    const part = fc.oneof(
      fc.constantFrom('FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=MONTHLY', 'FREQ=YEARLY'),
      fc.constantFrom(1, 2, 4, 7, 12, 52, 100, 999).map((n) => `INTERVAL=${n}`),
      fc
        .uniqueArray(
          fc.constantFrom('MO', 'TU', 'WE', 'SU', '1MO', '-1FR', '5FR', '-5SU', '53MO', '-53SU'),
          { minLength: 1, maxLength: 7 },
        )
        .map((days) => `BYDAY=${days.join(',')}`),
      fc
        .uniqueArray(
          fc.integer({ min: -31, max: 31 }).filter((n) => n !== 0),
          { minLength: 1, maxLength: 4 },
        )
        .map((days) => `BYMONTHDAY=${days.join(',')}`),
      fc
        .uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 })
        .map((months) => `BYMONTH=${months.join(',')}`),
      fc
        .uniqueArray(
          fc.integer({ min: -366, max: 366 }).filter((n) => n !== 0),
          { minLength: 1, maxLength: 3 },
        )
        .map((positions) => `BYSETPOS=${positions.join(',')}`),
    );
    const rule = fc
      .tuple(
        fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        fc.uniqueArray(part, { maxLength: 5, selector: (text) => text.split('=')[0] }),
      )
      .map(([freq, parts]) =>
        [`FREQ=${freq}`, ...parts.filter((text) => !text.startsWith('FREQ='))].join(';'),
      );
    const start = fc.constantFrom('2026-11-21', '2024-02-29', '1900-01-01', '9999-06-15');
    const day = /^\d{4}-\d{2}-\d{2}$/;
    fc.assert(
      fc.property(rule, start, fc.constantFrom(...ZONES), (text, first, zone) => {
        let parsed;
        try {
          parsed = acceptRule(text, 'due');
        } catch (error) {
          return error instanceof ApiError && error.status === 400;
        }
        const each = { rule: parsed, from: 'due' as const, start: first, zone };
        const found = firstOnOrAfter(each, first);
        const year = occurrencesBetween(
          each,
          first,
          first < '9999' ? addDays(first, 365) : LAST_DAY,
        );
        const after = found === null ? null : nextOccurrence(each, found, found);
        return [found, after, ...year].every(
          (answer) =>
            answer === null || (day.test(answer) && answer >= first && answer <= LAST_DAY),
        );
      }),
      { seed: 22, numRuns: 400 },
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
            const parsed = acceptRule(text, from);
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
