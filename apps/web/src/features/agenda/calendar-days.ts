import { addDays } from '@daywise/shared';

import type { WeekStart } from '../../lib/week-start';

/**
 * The calendar's days (ADR 0031): which days a month's grid and a week show, in the week start
 * the user chose (or their locale's). Days are YYYY-MM-DD on the calendar, as the server answers them.
 */

/** 1 Monday … 7 Sunday. */
function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/** The first day of the week `day` falls in. */
export function weekStartOf(day: string, weekStart: WeekStart): string {
  return addDays(day, -((weekdayOf(day) - weekStart + 7) % 7));
}

/** The seven days of the week `day` falls in. */
export function weekDays(day: string, weekStart: WeekStart): string[] {
  const first = weekStartOf(day, weekStart);
  return Array.from({ length: 7 }, (_, index) => addDays(first, index));
}

/** The first of the month `day` falls in. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The first of the month `months` after (or before) the month of `day`. */
export function addMonths(day: string, months: number): string {
  const value = new Date(`${monthStart(day)}T00:00:00Z`);
  value.setUTCMonth(value.getUTCMonth() + months);
  return value.toISOString().slice(0, 10);
}

/**
 * A month's grid: whole weeks from the week holding its first day to the week holding its last,
 * four to six of them (42 days at most, what one read of the calendar may span).
 */
export function monthGrid(day: string, weekStart: WeekStart): string[][] {
  const first = monthStart(day);
  const last = addDays(addMonths(day, 1), -1);
  const weeks: string[][] = [];
  for (let start = weekStartOf(first, weekStart); start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start, weekStart));
  }
  return weeks;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(day: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    formats.set(key, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}

/** 'November 2026' */
export const monthTitle = (day: string) => format(day, { month: 'long', year: 'numeric' });

/** 'Nov 23 – 29, 2026', or across months and years as needed (Intl's range format). */
export function weekTitle(days: readonly string[]): string {
  const first = days[0] ?? '';
  const last = days.at(-1) ?? first;
  const range = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return range.formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`));
}

/** 'Mon' */
export const weekdayName = (day: string) => format(day, { weekday: 'short' });

/** 'Monday, November 30' (a day's name in full, for labels). */
export const dayLabel = (day: string) =>
  format(day, { weekday: 'long', month: 'long', day: 'numeric' });
