/**
 * Dates as docs/product/README.md writes them: US English, short month, numeric day, year. A
 * calendar date (YYYY-MM-DD) is read as UTC so the day never shifts with the browser's zone.
 */
const CALENDAR_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const CALENDAR_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function calendarDate(date: string): Date | null {
  const value = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** 'Nov 21, 2026' */
export function formatCalendarDate(date: string): string {
  const value = calendarDate(date);
  return value ? CALENDAR_DATE.format(value) : date;
}

/** 'Sat, Nov 21, 2026' */
export function formatCalendarDay(date: string): string {
  const value = calendarDate(date);
  return value ? CALENDAR_DAY.format(value) : date;
}

/** An instant as its date in a time zone: 'Nov 21, 2026'. */
export function formatDateIn(instant: string, timeZone: string): string {
  return new Date(instant).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
}
