import { describe, expect, it } from 'vitest';

import {
  addDays,
  FIRST_DAY,
  instantAt,
  isCalendarDay,
  isRealDate,
  isTimeZone,
  LAST_DAY,
  monthOf,
  startOfDayIn,
  todayIn,
  weekOf,
} from './dates';

describe('dates', () => {
  it('takes real days from 1900-01-01 to 9999-12-30 (ADR 0022)', () => {
    for (const day of [FIRST_DAY, '2024-02-29', LAST_DAY]) {
      expect(isCalendarDay(day), day).toBe(true);
    }
    for (const day of [
      '1899-12-31',
      '9999-12-31',
      '0000-01-01',
      '2026-02-30',
      '2026-13-01',
      '26-11-21',
      '+010000-01-01',
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    // Every moment of the range, in the zones furthest from UTC, is an instant of 0001 to 9999.
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Etc/GMT-14']) {
      expect(startOfDayIn(FIRST_DAY, zone).toISOString()).toMatch(/^(1899|1900)-/);
      expect(instantAt(LAST_DAY, '23:59', zone).toISOString()).toMatch(/^9999-/);
    }
  });

  it('knows today in a time zone, not the machine’s', () => {
    const lateEveningInNewYork = new Date('2026-11-22T03:30:00Z');
    expect(todayIn('America/New_York', lateEveningInNewYork)).toBe('2026-11-21');
    expect(todayIn('Europe/Berlin', lateEveningInNewYork)).toBe('2026-11-22');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-22');
  });

  it('answers each time zone for itself however many it has seen, and refuses an unknown one', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of [...zones, ...zones]) {
      const expected = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(now);
      expect(todayIn(zone, now)).toBe(expected);
    }
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-11-23');
    expect(todayIn('Pacific/Pago_Pago', now)).toBe('2026-11-22');
    expect(() => todayIn('Mars/Olympus_Mons', now)).toThrow(RangeError);
    expect(() => todayIn('Mars/Olympus_Mons', now)).toThrow(RangeError);
  });

  it('turns the day at midnight to the second, in zones whose offsets are not whole hours', () => {
    const turns = [
      // Kathmandu is 5:45 ahead of UTC.
      { zone: 'Asia/Kathmandu', midnight: '2026-11-22T18:15:00Z', before: '2026-11-22' },
      // Monrovia kept 0:44:30 behind UTC until 1972.
      { zone: 'Africa/Monrovia', midnight: '1971-06-01T00:44:30Z', before: '1971-05-31' },
    ];
    for (const { zone, midnight, before } of turns) {
      const instant = new Date(midnight).getTime();
      expect(todayIn(zone, new Date(instant - 1000))).toBe(before);
      expect(todayIn(zone, new Date(instant - 1))).toBe(before);
      expect(todayIn(zone, new Date(instant))).toBe(addDays(before, 1));
      expect(todayIn(zone, new Date(instant - 1))).toBe(before);
    }
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the Sunday-to-Saturday week of a date', () => {
    expect(weekOf('2026-11-21')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekOf('2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });

  it('finds the month of a date, leap years included', () => {
    expect(monthOf('2026-11-21')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('knows when a day begins in a time zone, across daylight saving', () => {
    expect(startOfDayIn('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(startOfDayIn('2026-11-21', 'America/New_York').toISOString()).toBe(
      '2026-11-21T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // New York springs forward at 02:00 on 8 March 2026 and falls back on 1 November.
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-11-21', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-20T18:30:00.000Z',
    );
    expect(startOfDayIn('2026-11-21', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });
});

describe('instantAt', () => {
  it.each([
    // [zone, day, time, instant]
    ['Europe/Paris', '2026-11-21', '09:00', '2026-11-21T08:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-27', '12:48', '2026-11-27T07:18:00.000Z'],
    ['America/New_York', '2026-07-01', '12:00', '2026-07-01T16:00:00.000Z'],
    // The clock jumps 02:00 → 03:00: a skipped time happens on the far side of the jump.
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    ['Europe/Paris', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    // The day of the jump, after it, runs on the new offset.
    ['America/New_York', '2026-03-08', '12:00', '2026-03-08T16:00:00.000Z'],
    // The clock goes back: a time that happens twice is the first of the two.
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Europe/Paris', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    // Half-hour zones and changes.
    ['Australia/Lord_Howe', '2026-10-04', '02:30', '2026-10-03T15:30:00.000Z'],
    ['Asia/Kathmandu', '2026-01-01', '00:00', '2025-12-31T18:15:00.000Z'],
  ])('in %s, %s at %s is %s', (zone, day, time, instant) => {
    expect(instantAt(day, time, zone).toISOString()).toBe(instant);
  });
});

describe('isTimeZone', () => {
  it('knows the zones Intl knows, and nothing else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('isRealDate', () => {
  it('takes any real date, where isCalendarDay takes only the days Daywise accepts', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('9999-12-31')).toBe(true);
    expect(isCalendarDay('9999-12-31')).toBe(false);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('26-1-1')).toBe(false);
  });
});
