/** Calendar days as the tests reckon them and as the app writes them. */

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

function format(date: string, options: Intl.DateTimeFormatOptions, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** 'Nov 24, 2026', as a todo row and a toast write a date. */
export function shortDate(date: string): string {
  return format(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Tue 24 Nov', as quick add's chip says a due date. */
export function chipDay(date: string): string {
  return format(date, { weekday: 'short', day: 'numeric', month: 'short' }, 'en-GB').replace(
    ',',
    '',
  );
}

/** 'Tue, Nov 24, 2026', as the app heads a day. */
export function dayHeading(date: string): string {
  return format(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Tuesday, December 1', as a day of the calendar is named. */
export function dayName(date: string): string {
  return format(date, { weekday: 'long', month: 'long', day: 'numeric' });
}
