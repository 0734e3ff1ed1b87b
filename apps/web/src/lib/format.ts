/**
 * Dates as docs/product/README.md writes them: US English, short month, numeric day, year. A
 * calendar date (YYYY-MM-DD) is read as UTC so the day never shifts with the browser's zone.
 * Each formatter is made on first use: the first Intl formatter of a page costs tens of
 * milliseconds, which a page that shows no date should not pay as it loads (ADR 0018).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (value: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (value) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(value);
}

const CALENDAR_DATE = lazyFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const CALENDAR_DAY = lazyFormat({
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
  return value ? CALENDAR_DATE(value) : date;
}

/** 'Sat, Nov 21, 2026' */
export function formatCalendarDay(date: string): string {
  const value = calendarDate(date);
  return value ? CALENDAR_DAY(value) : date;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as its date and time in a time zone, the user's as every date (and the same where the
 * server draws the page): 'Nov 21, 2026, 6:30 PM'.
 */
export function formatDateTimeIn(instant: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
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
