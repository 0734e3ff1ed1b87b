import { addDays, FIRST_DAY, isCalendarDay, LAST_DAY, MESSAGES } from '@daywise/shared';
import type { RepeatFrom } from '@daywise/shared/schemas';
import { RRuleTemporal } from 'rrule-temporal';

import { ApiError } from '../lib/errors';

/**
 * Repeating todos' rules (docs/product/todos.md, "Repeating todos and habits"). A rule is an
 * RFC 5545 RRULE value without DTSTART; the series starts on the todo's first due date, in the
 * user's time zone. Occurrences are days of the calendar, the same in every zone: rrule-temporal
 * computes them at noon on the UTC calendar, where no clock ever changes (ADR 0022). In a zone
 * with clock changes its Temporal polyfill searches the zone's rules year by year, seconds of
 * work between today and a day near 9999; UTC has none to search, and takes the fast paths.
 *
 * COUNT and UNTIL are the series' ends, kept here rather than handed to the library: COUNT counts
 * the occurrences done or skipped (a missed one does not use one up), UNTIL is the last day.
 */

export const REPEAT_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFreq = (typeof REPEAT_FREQS)[number];

export interface RepeatRule {
  freq: RepeatFreq;
  interval: number;
  byDay?: string[];
  byMonthDay?: number[];
  byMonth?: number[];
  bySetPos?: number[];
  count?: number;
  /** YYYY-MM-DD, the last day an occurrence may fall on. */
  until?: string;
}

/**
 * A series: its rule, what the next date counts from, its first day and the user's zone, whose
 * days its occurrences are (computed on the UTC calendar, which has the same days).
 */
export interface RepeatSeries {
  rule: RepeatRule;
  from: RepeatFrom;
  start: string;
  zone: string;
}

const WEEKDAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const INTEGER = /^[+-]?\d{1,4}$/;
const KNOWN_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'COUNT',
  'UNTIL',
]);

function invalid(detail: string): never {
  throw new ApiError('VALIDATION_FAILED', MESSAGES.repeatRuleInvalid(detail));
}

/** A list of whole numbers, each within [min, max] and not 0. */
function integers(name: string, value: string, min: number, max: number): number[] {
  return value.split(',').map((item) => {
    const number = Number(item);
    if (!INTEGER.test(item) || number === 0 || number < min || number > max) {
      invalid(`${name} must list whole numbers from ${min} to ${max}, not 0`);
    }
    return number;
  });
}

/** UNTIL as a date (YYYYMMDD), which must be a real day Daywise accepts (ADR 0022). */
function untilDay(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (match && (day < FIRST_DAY || day > LAST_DAY)) {
    invalid(`UNTIL must be a day from ${FIRST_DAY} to ${LAST_DAY}`);
  }
  if (!isCalendarDay(day)) {
    invalid('UNTIL must be a date such as 20261231');
  }
  return day;
}

/** The most days each month can have, January first. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const PERIOD_NAMES = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;

/**
 * The most days one period of the rule (a day, week, month or year) can hold, which BYSETPOS
 * picks from: a weekday without a number falls 5 times in a month and 53 in a year.
 */
function daysPerPeriod(rule: RepeatRule): number {
  const weekdays = (each: number) =>
    (rule.byDay ?? []).reduce((sum, day) => sum + (/\d/.test(day) ? 1 : each), 0);
  const months = new Set(rule.byMonth ?? []).size || 12;
  switch (rule.freq) {
    case 'DAILY':
      return 1;
    case 'WEEKLY':
      return new Set(rule.byDay ?? []).size || 1;
    case 'MONTHLY':
      return new Set(rule.byMonthDay).size || Math.min(31, weekdays(5)) || 1;
    case 'YEARLY':
      if (rule.byMonthDay) {
        return Math.min(366, months * new Set(rule.byMonthDay).size);
      }
      if (rule.byDay) {
        return Math.min(366, rule.byMonth ? months * weekdays(5) : weekdays(53));
      }
      return rule.byMonth ? months : 1;
  }
}

/**
 * Refuses a rule that can never occur, whatever its first day: a day of the month no month of
 * BYMONTH has (30 February), a weekday's number beyond a month when a yearly rule names its months
 * (RFC 5545 counts it within each month then), or a BYSETPOS beyond the days one period holds.
 * These are found here at once; a search for such a rule's next day would walk its whole bound
 * first. A daily rule with BYMONTHDAY is refused too: its search tests every day against it, for
 * the days FREQ=MONTHLY finds at once.
 */
function requirePossible(rule: RepeatRule): void {
  if (rule.freq === 'DAILY' && rule.byMonthDay) {
    invalid('BYMONTHDAY cannot go with a daily rule (say FREQ=MONTHLY)');
  }
  if (
    rule.freq === 'YEARLY' &&
    rule.byMonth &&
    rule.byDay?.some((day) => Math.abs(Number(WEEKDAY.exec(day)?.[1] ?? 0)) > 5)
  ) {
    invalid("A weekday's number must be from -5 to 5, not 0, with BYMONTH");
  }
  if (rule.byMonthDay && rule.byMonth) {
    const longest = Math.max(...rule.byMonth.map((month) => MONTH_DAYS[month - 1] ?? 31));
    if (rule.byMonthDay.every((day) => Math.abs(day) > longest)) {
      invalid('BYMONTHDAY names no day of the months of BYMONTH (such as 30 February)');
    }
  }
  const most = daysPerPeriod(rule);
  if (rule.bySetPos?.some((position) => Math.abs(position) > most)) {
    invalid(
      `BYSETPOS must be from -${most} to ${most}, not 0: a ${PERIOD_NAMES[rule.freq]} of this rule holds at most ${most} ${most === 1 ? 'day' : 'days'}`,
    );
  }
}

/**
 * The rule's parts, checked against what Daywise accepts: FREQ DAILY, WEEKLY, MONTHLY or YEARLY,
 * INTERVAL 1-999, BYDAY (with an ordinal such as 1MO or -1FR for a monthly or yearly rule),
 * BYMONTHDAY (-31 to 31, -1 the last day), BYMONTH, BYSETPOS, COUNT 1-1000 or UNTIL as a date.
 * A rule counted from completion is FREQ and INTERVAL only (and an end). Anything else is a 400.
 */
export function parseRule(text: string, from: RepeatFrom): RepeatRule {
  const parts = new Map<string, string>();
  for (const part of text.trim().toUpperCase().split(';')) {
    const [name = '', value, ...rest] = part.split('=');
    if (!KNOWN_PARTS.has(name) || value === undefined || value === '' || rest.length > 0) {
      invalid(name && KNOWN_PARTS.has(name) ? `${name} needs a value` : `'${part}' is not allowed`);
    }
    if (parts.has(name)) {
      invalid(`${name} is given twice`);
    }
    parts.set(name, value);
  }
  const freq = parts.get('FREQ') as RepeatFreq | undefined;
  if (!freq || !REPEAT_FREQS.includes(freq)) {
    invalid('FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
  }
  const rule: RepeatRule = { freq, interval: 1 };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    rule.interval = integers('INTERVAL', interval, 1, 999)[0] ?? 1;
    if (interval.includes(',')) {
      invalid('INTERVAL must be one whole number from 1 to 999');
    }
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    rule.byDay = byDay.split(',').map((item) => {
      const match = WEEKDAY.exec(item);
      if (!match) {
        invalid('BYDAY must list weekdays such as MO,TH or, monthly, 1MO or -1FR');
      }
      if (match[1] !== undefined) {
        const ordinal = Number(match[1]);
        const limit = freq === 'YEARLY' ? 53 : 5;
        if (freq !== 'MONTHLY' && freq !== 'YEARLY') {
          invalid('A weekday with a number (such as 1MO) needs a monthly or yearly rule');
        }
        if (ordinal === 0 || Math.abs(ordinal) > limit) {
          invalid(`A weekday's number must be from -${limit} to ${limit}, not 0`);
        }
      }
      return item;
    });
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') {
      invalid('BYMONTHDAY cannot go with a weekly rule');
    }
    rule.byMonthDay = integers('BYMONTHDAY', byMonthDay, -31, 31);
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    rule.byMonth = integers('BYMONTH', byMonth, 1, 12);
  }
  const bySetPos = parts.get('BYSETPOS');
  if (bySetPos !== undefined) {
    if (!rule.byDay && !rule.byMonthDay && !rule.byMonth) {
      invalid('BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH');
    }
    rule.bySetPos = integers('BYSETPOS', bySetPos, -366, 366);
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) {
    invalid('a repeat ends either after a number of times (COUNT) or on a date (UNTIL)');
  }
  if (count !== undefined) {
    rule.count = integers('COUNT', count, 1, 1000)[0];
    if (count.includes(',')) {
      invalid('COUNT must be one whole number from 1 to 1000');
    }
  }
  if (until !== undefined) {
    rule.until = untilDay(until);
  }
  if (from === 'completion' && (rule.byDay || rule.byMonthDay || rule.byMonth || rule.bySetPos)) {
    invalid('a repeat counted from completion takes only FREQ and INTERVAL');
  }
  return rule;
}

/**
 * The rule of a todo being written: parsed, and refused when it can never occur, or when a search
 * of it would test every day of its bound (ADR 0022). Rules stored before these checks are still
 * read by parseRule alone, and their searches are bounded all the same.
 */
export function acceptRule(text: string, from: RepeatFrom): RepeatRule {
  const rule = parseRule(text, from);
  requirePossible(rule);
  return rule;
}

/** The rule as stored: its parts in a fixed order, upper case. */
export function formatRule(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) {
    parts.push(`INTERVAL=${rule.interval}`);
  }
  if (rule.byMonth) {
    parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  }
  if (rule.byMonthDay) {
    parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  }
  if (rule.byDay) {
    parts.push(`BYDAY=${rule.byDay.join(',')}`);
  }
  if (rule.bySetPos) {
    parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  }
  if (rule.count !== undefined) {
    parts.push(`COUNT=${rule.count}`);
  }
  if (rule.until !== undefined) {
    parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  }
  return parts.join(';');
}

/**
 * How many of its periods (its days, weeks, months or years, INTERVAL apart) one search of a rule
 * may walk before the answer is that it has no occurrence there (ADR 0022). Each bound keeps a
 * search to a few milliseconds, and still spans what a rule can wait for: fifteen months of a
 * daily rule (a weekday of a month recurs within a year), two years of a weekly one, forty years
 * of a monthly or yearly one (a 29 February on a Monday, a fifth Friday in February). A longer
 * span is searched a year at a time.
 */
const SEARCH_PERIODS: Record<RepeatFreq, number> = {
  DAILY: 450,
  WEEKLY: 106,
  MONTHLY: 480,
  YEARLY: 40,
};
/** The span one search covers at most: a year of any rule is within its bound. */
const SEARCH_SPAN_DAYS = 366;

/** Noon on `day` on the UTC calendar, as the library takes a DTSTART. */
function noonOf(day: string) {
  return { timeZoneId: 'UTC', toString: () => `${day}T12:00:00[UTC]` };
}

/** The last day an occurrence may fall on: UNTIL, or the last day Daywise accepts. */
function lastDayOf(series: RepeatSeries): string {
  const { until } = series.rule;
  return until !== undefined && until < LAST_DAY ? until : LAST_DAY;
}

/** A handful of recently used rules, kept ready: a list read evaluates the same few again. */
const recent = new Map<string, RRuleTemporal>();
const RECENT_SIZE = 200;

function libraryRule(series: RepeatSeries): RRuleTemporal {
  const key = `${formatRule(series.rule)}|${series.start}`;
  const known = recent.get(key);
  if (known) {
    return known;
  }
  const { freq, interval, byDay, byMonthDay, byMonth, bySetPos } = series.rule;
  const rule = new RRuleTemporal({
    freq,
    interval,
    ...(byDay ? { byDay } : {}),
    ...(byMonthDay ? { byMonthDay } : {}),
    ...(byMonth ? { byMonth } : {}),
    ...(bySetPos ? { bySetPos } : {}),
    tzid: 'UTC',
    dtstart: noonOf(series.start),
    // The library stops at the series' last day too, which is never past LAST_DAY.
    until: noonOf(lastDayOf(series)),
    maxIterations: SEARCH_PERIODS[freq],
  });
  if (recent.size >= RECENT_SIZE) {
    recent.delete(recent.keys().next().value ?? '');
  }
  recent.set(key, rule);
  return rule;
}

/** An occurrence's day: the date of its instant, noon UTC. */
function dayOf(occurrence: { epochMilliseconds: number }): string {
  return new Date(occurrence.epochMilliseconds).toISOString().slice(0, 10);
}

/** The instant the library compares with: noon of `day`, UTC. */
function noonInstant(day: string): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

/**
 * The first occurrence on or after `day` (the series' own first day at the earliest), or null
 * when there is none before UNTIL or within the search's bound (SEARCH_PERIODS). The library is
 * asked in a try: a rule it gives up on answers null rather than failing the request.
 */
export function firstOnOrAfter(series: RepeatSeries, day: string): string | null {
  const after = day < series.start ? series.start : day;
  if (after > lastDayOf(series)) {
    return null;
  }
  let found: string | null;
  try {
    const next = libraryRule(series).next(noonInstant(after), true);
    found = next ? dayOf(next) : null;
  } catch {
    found = null;
  }
  return found !== null && found <= lastDayOf(series) ? found : null;
}

/**
 * The occurrences from `from` to `to`, both included, soonest first, up to UNTIL: a year at a
 * time, so that each search stays within its bound; the work grows with the span asked for.
 */
export function occurrencesBetween(series: RepeatSeries, from: string, to: string): string[] {
  const last = lastDayOf(series) < to ? lastDayOf(series) : to;
  const days: string[] = [];
  let first = from < series.start ? series.start : from;
  while (first <= last) {
    // A year on, or the last day (a year past LAST_DAY is no day).
    const yearOn = addDays(first, SEARCH_SPAN_DAYS - 1);
    const end = isCalendarDay(yearOn) && yearOn < last ? yearOn : last;
    try {
      days.push(
        ...libraryRule(series).between(noonInstant(first), noonInstant(end), true).map(dayOf),
      );
    } catch {
      // A span the library gives up on holds no occurrence we can name.
    }
    first = addDays(end, 1);
  }
  return days;
}

const UNITS = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' } as const;

/**
 * Counted from completion: `interval` days, weeks, months or years after `day`, by the calendar
 * (a month after 31 January is the last day of February), or null past UNTIL.
 */
export function afterCompletion(series: RepeatSeries, day: string): string | null {
  const { freq, interval } = series.rule;
  const start = new RRuleTemporal({
    freq: 'DAILY',
    tzid: 'UTC',
    dtstart: noonOf(day),
  }).options().dtstart;
  const next = start
    .add({ [UNITS[freq]]: interval })
    .toPlainDate()
    .toString();
  // Past the last day Daywise accepts, the date has more than four digits: there is none.
  return isCalendarDay(next) && next <= lastDayOf(series) ? next : null;
}

/**
 * The date the todo moves to after its occurrence `occurrence` was done or skipped on `today`:
 * from due, the first occurrence after it and not before today; from completion, `today` plus
 * the interval. Null when the series has no occurrence left (UNTIL).
 */
export function nextOccurrence(
  series: RepeatSeries,
  occurrence: string,
  today: string,
): string | null {
  if (series.from === 'completion') {
    return afterCompletion(series, today);
  }
  const dayAfter = addDays(occurrence, 1);
  return firstOnOrAfter(series, dayAfter > today ? dayAfter : today);
}
