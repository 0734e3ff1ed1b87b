import { addDays, PLAN_DAY_REACH } from '@daywise/shared';

/** Whether a value is a real calendar day, YYYY-MM-DD ('2026-02-30' is not). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return false;
  }
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The first and last day Today's Goals can show: a year either side of today (as the server). */
export function dayBounds(today: string): { first: string; last: string } {
  return { first: addDays(today, -PLAN_DAY_REACH), last: addDays(today, PLAN_DAY_REACH) };
}

/** Whether `day` is one Today's Goals can show. */
export function isShowableDay(day: string, today: string): boolean {
  const { first, last } = dayBounds(today);
  return isCalendarDay(day) && day >= first && day <= last;
}

/**
 * The day the address asks for (`?date=YYYY-MM-DD`), or today when it names none, no real day,
 * or one out of reach: a hand-edited or old link still opens the page.
 */
export function requestedDay(value: string | null, today: string): string {
  return value !== null && isShowableDay(value, today) ? value : today;
}
