import { addDays, MONTH_SHORT, monthOf, weekOf } from '@daywise/shared';
import type { ChartPeriod } from '@daywise/shared/schemas';

/** The week chart's labels; weeks run Sunday to Saturday. */
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Every date from `start` to `end`, both included, oldest first. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/**
 * A chart period's bars: what each is called, and the key the SQL groups by for it (a date, or
 * YYYY-MM for the year), with the first and last day the period covers (weeks
 * Sunday to Saturday, months first to last day, years 1 January to 31 December).
 */
export interface PeriodBuckets {
  start: string;
  end: string;
  labels: string[];
  keys: string[];
}

export function periodBuckets(period: ChartPeriod, today: string): PeriodBuckets {
  if (period === 'week') {
    const { start, end } = weekOf(today);
    return { start, end, labels: [...WEEKDAY_LABELS], keys: daysBetween(start, end) };
  }
  if (period === 'month') {
    const { start, end } = monthOf(today);
    const keys = daysBetween(start, end);
    return { start, end, labels: keys.map((day) => String(Number(day.slice(8)))), keys };
  }
  const year = today.slice(0, 4);
  return {
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    labels: [...MONTH_SHORT],
    keys: MONTH_SHORT.map((_, index) => `${year}-${String(index + 1).padStart(2, '0')}`),
  };
}

/**
 * One number per key, in the keys' order: the SQL only returns the buckets that have rows, so
 * the empty ones are filled with 0 here. Counts may arrive as strings (PostgreSQL numeric).
 */
export function fillSeries(
  keys: readonly string[],
  rows: readonly { key: string; value: number | string }[],
): number[] {
  const byKey = new Map(rows.map((row) => [row.key, Number(row.value)]));
  return keys.map((key) => byKey.get(key) ?? 0);
}

/**
 * 'Nov 21' for '2026-11-21': US English short month and day, read from the date
 * string itself so no time zone can move it to the day before.
 */
export function shortDate(date: string): string {
  return `${MONTH_SHORT[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;
}

/** A whole-number percentage (completion percentages are rounded); 0 of 0 is 0. */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}
