/** Time zones a formatter is kept for at most; beyond it the cache starts again. */
const FORMATTERS_KEPT = 1000;

/**
 * A formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than using
 * it, and "today" is asked on most requests. An unknown zone throws, as before, and is not kept.
 */
function formatterCache(options: Intl.DateTimeFormatOptions, locale: string) {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string): Intl.DateTimeFormat => {
    let formatter = formatters.get(timeZone);
    if (formatter === undefined) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (formatters.size >= FORMATTERS_KEPT) {
        formatters.clear();
      }
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const dateFormatter = formatterCache(
  { year: 'numeric', month: '2-digit', day: '2-digit' },
  'en-CA',
);

/** Short month names, January first: the charts' labels and dates said in words. */
export const MONTH_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * The last answer per time zone, with the second it was for. Every zone's offset is a whole number
 * of seconds, so the date cannot change within one; formatting costs microseconds, and the
 * requests of a busy second all ask for the same day.
 */
const lastToday = new Map<string, { second: number; date: string }>();

/** Whether Intl knows `zone` as an IANA time zone ('Europe/Paris', 'UTC'): the one zone check. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today's date, YYYY-MM-DD, in an IANA time zone (the user's setting decides "today"). */
export function todayIn(timeZone: string, now: Date): string {
  const second = Math.floor(now.getTime() / 1000);
  const kept = lastToday.get(timeZone);
  if (kept?.second === second) {
    return kept.date;
  }
  const date = dateFormatter(timeZone).format(now);
  if (lastToday.size >= FORMATTERS_KEPT) {
    lastToday.clear();
  }
  lastToday.set(timeZone, { second, date });
  return date;
}

/**
 * The first and last calendar day Daywise accepts anywhere (ADR 0022). Every moment of every day
 * between them, in every time zone (UTC-12 to UTC+14, and every older offset since 1900), is an
 * instant within the years 0001 to 9999: what an ISO 8601 string writes with four digits, what
 * sorts as text (SQLite) and what PostgreSQL reads. No one's plans lie before 1900, and before it
 * some zones kept local mean times more than 14 hours from UTC.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9999-12-30';

/**
 * Whether a value is a date of the calendar, YYYY-MM-DD, in any year: the one test of a real
 * date. What the API takes is narrower (isCalendarDay); rows kept from before ADR 0022 may hold
 * days outside it, and what the server reads back from its own rows (a list position) is this.
 */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return false;
  }
  // '2026-02-30' parses as 2 March.
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Whether a value is a real calendar day, YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
export function isCalendarDay(value: string): boolean {
  return value >= FIRST_DAY && value <= LAST_DAY && isRealDate(value);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier); both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 864e5);
}

/** The Sunday and Saturday of the week `date` falls in (weeks run Sunday to Saturday). */
export function weekOf(date: string): { start: string; end: string } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const start = addDays(date, -weekday);
  return { start, end: addDays(start, 6) };
}

const wallClockFormatter = formatterCache(
  {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
  'en-US',
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(timeZone: string, instant: number): number {
  const parts = wallClockFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - (instant - (instant % 1000));
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in an IANA time zone. Two passes, because the
 * offset at midnight can differ from the offset a few hours away (daylight saving).
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetAt(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetAt(timeZone, first));
}

/**
 * The instant a wall-clock time (HH:MM, 24-hour) on a calendar day happens in an IANA time zone.
 * A time that happens twice (the clock goes back) is the first of the two; one the clock skips
 * (it goes forward) is taken on the far side of the jump, as long after it as the time was after
 * the last minute before it: 02:30 on a day the clock jumps from 02:00 to 03:00 is 03:30.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const wallClockAsUtc = Date.parse(`${date}T${time}:00Z`);
  const at = (offset: number) => wallClockAsUtc - offset;
  const happens = (instant: number) => at(offsetAt(timeZone, instant)) === instant;
  // The zone's offsets a day either side: a clock change on the day lies between them.
  const first = at(offsetAt(timeZone, wallClockAsUtc - DAY_MS));
  const second = at(offsetAt(timeZone, wallClockAsUtc + DAY_MS));
  return new Date(happens(first) || !happens(second) ? first : second);
}

/** The first and last day of the month `date` falls in. */
export function monthOf(date: string): { start: string; end: string } {
  const start = `${date.slice(0, 8)}01`;
  return { start, end: addDays(addDays(start, 32).slice(0, 8) + '01', -1) };
}
