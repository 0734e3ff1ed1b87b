import { addDays, isCalendarDay, PLAN_DAY_REACH } from '@daywise/shared';

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
