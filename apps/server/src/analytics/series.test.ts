import { describe, expect, it } from 'vitest';

import { daysBetween, fillSeries, percentage, periodBuckets, shortDate } from './series';

describe('periodBuckets', () => {
  it('runs a week from Sunday to Saturday, whichever day today is', () => {
    for (const today of ['2026-11-15', '2026-11-18', '2026-11-21']) {
      expect(periodBuckets('week', today)).toEqual({
        start: '2026-11-15',
        end: '2026-11-21',
        labels: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
        keys: [
          '2026-11-15',
          '2026-11-16',
          '2026-11-17',
          '2026-11-18',
          '2026-11-19',
          '2026-11-20',
          '2026-11-21',
        ],
      });
    }
  });

  it('crosses a month and a year inside one week', () => {
    expect(periodBuckets('week', '2027-01-01')).toMatchObject({
      start: '2026-12-27',
      end: '2027-01-02',
    });
  });

  it.each([
    ['2026-11-21', 30, '2026-11-30'],
    ['2026-12-01', 31, '2026-12-31'],
    ['2027-02-14', 28, '2027-02-28'],
    ['2028-02-29', 29, '2028-02-29'],
  ])('gives the month of %s its %i days', (today, length, end) => {
    const buckets = periodBuckets('month', today);
    expect(buckets.start).toBe(`${today.slice(0, 8)}01`);
    expect(buckets.end).toBe(end);
    expect(buckets.labels).toEqual(Array.from({ length }, (_, index) => String(index + 1)));
    expect(buckets.keys).toHaveLength(length);
    expect(buckets.keys.at(-1)).toBe(end);
  });

  it('groups a year by month, January to December', () => {
    const buckets = periodBuckets('year', '2028-02-29');
    expect(buckets.start).toBe('2028-01-01');
    expect(buckets.end).toBe('2028-12-31');
    expect(buckets.labels).toEqual('Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' '));
    expect(buckets.keys.slice(0, 2)).toEqual(['2028-01', '2028-02']);
    expect(buckets.keys.at(-1)).toBe('2028-12');
  });
});

describe('fillSeries', () => {
  it('puts each count at its key, 0 elsewhere, reading numeric strings as numbers', () => {
    expect(
      fillSeries(
        ['a', 'b', 'c', 'd'],
        [
          { key: 'd', value: '4' },
          { key: 'b', value: 2 },
          { key: 'elsewhere', value: 9 },
        ],
      ),
    ).toEqual([0, 2, 0, 4]);
    expect(fillSeries(['a'], [])).toEqual([0]);
  });
});

describe('daysBetween', () => {
  it('includes both ends and steps over a leap day', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysBetween('2026-11-21', '2026-11-21')).toEqual(['2026-11-21']);
    expect(daysBetween('2026-11-22', '2026-11-21')).toEqual([]);
  });
});

describe('shortDate', () => {
  it.each([
    ['2026-11-21', 'Nov 21'],
    ['2026-01-05', 'Jan 5'],
    ['2028-02-29', 'Feb 29'],
    ['2026-12-31', 'Dec 31'],
  ])('formats %s as %s', (date, label) => {
    expect(shortDate(date)).toBe(label);
  });
});

describe('percentage', () => {
  it('rounds to a whole number and gives 0 for nothing out of nothing', () => {
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(1, 2)).toBe(50);
    expect(percentage(1, 8)).toBe(13);
    expect(percentage(4, 4)).toBe(100);
  });
});
