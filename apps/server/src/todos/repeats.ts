import {
  addDays,
  formatRepeatRule,
  isCalendarDay,
  LAST_DAY,
  MESSAGES,
  readRepeatRule,
  repeatDayCode,
  type RepeatFreq,
  type RepeatRuleParts,
} from '@daywise/shared';
import type { RepeatFrom } from '@daywise/shared/schemas';
import { RRuleTemporal } from 'rrule-temporal';

import { ApiError } from '../lib/errors';
import { excludedDatesOf, repeatOf, type TodoRow } from './todo-fields';

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
 *
 * A series' excluded dates (its EXDATE, ADR 0031, Moving repeating todos) are days of its rule
 * that are no occurrences: a later occurrence moved on its own. `firstOnOrAfter` and
 * `occurrencesBetween` leave them out, so every occurrence computed from a series does; like a
 * skip, each uses up one of COUNT (RFC 5545 takes EXDATE out of the set COUNT made).
 */

/**
 * A series: its rule, what the next date counts from, its first day and the user's zone, whose
 * days its occurrences are (computed on the UTC calendar, which has the same days).
 */
export interface RepeatSeries {
  rule: RepeatRuleParts;
  from: RepeatFrom;
  start: string;
  zone: string;
  /** Days of the rule that are no occurrences, sorted; none when absent. */
  excluded?: readonly string[];
}

function invalid(detail: string): never {
  throw new ApiError('VALIDATION_FAILED', MESSAGES.repeatRuleInvalid(detail));
}

/** The most days each month can have, January first. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const PERIOD_NAMES = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;

/**
 * The most days one period of the rule (a day, week, month or year) can hold, which BYSETPOS
 * picks from: a weekday without a number falls 5 times in a month and 53 in a year.
 */
function daysPerPeriod(rule: RepeatRuleParts): number {
  const weekdays = (each: number) =>
    rule.byDay.reduce((sum, day) => sum + (day.ordinal === null ? each : 1), 0);
  const months = new Set(rule.byMonth).size || 12;
  switch (rule.freq) {
    case 'DAILY':
      return 1;
    case 'WEEKLY':
      return new Set(rule.byDay.map(repeatDayCode)).size || 1;
    case 'MONTHLY':
      return new Set(rule.byMonthDay).size || Math.min(31, weekdays(5)) || 1;
    case 'YEARLY':
      if (rule.byMonthDay.length > 0) {
        return Math.min(366, months * new Set(rule.byMonthDay).size);
      }
      if (rule.byDay.length > 0) {
        return Math.min(366, rule.byMonth.length > 0 ? months * weekdays(5) : weekdays(53));
      }
      return rule.byMonth.length > 0 ? months : 1;
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
function requirePossible(rule: RepeatRuleParts): void {
  if (rule.freq === 'DAILY' && rule.byMonthDay.length > 0) {
    invalid('BYMONTHDAY cannot go with a daily rule (say FREQ=MONTHLY)');
  }
  if (
    rule.freq === 'YEARLY' &&
    rule.byMonth.length > 0 &&
    rule.byDay.some((day) => Math.abs(day.ordinal ?? 0) > 5)
  ) {
    invalid("A weekday's number must be from -5 to 5, not 0, with BYMONTH");
  }
  if (rule.byMonthDay.length > 0 && rule.byMonth.length > 0) {
    const longest = Math.max(...rule.byMonth.map((month) => MONTH_DAYS[month - 1] ?? 31));
    if (rule.byMonthDay.every((day) => Math.abs(day) > longest)) {
      invalid('BYMONTHDAY names no day of the months of BYMONTH (such as 30 February)');
    }
  }
  const most = daysPerPeriod(rule);
  if (rule.bySetPos.some((position) => Math.abs(position) > most)) {
    invalid(
      `BYSETPOS must be from -${most} to ${most}, not 0: a ${PERIOD_NAMES[rule.freq]} of this rule holds at most ${most} ${most === 1 ? 'day' : 'days'}`,
    );
  }
}

/** The rule's parts (readRepeatRule), or a 400 'This repeat is not supported: …' saying why. */
export function parseRule(text: string, from: RepeatFrom): RepeatRuleParts {
  const { parts, problem } = readRepeatRule(text, from);
  return parts ?? invalid(problem);
}

/**
 * The rule of a todo being written: read, and refused when it can never occur, or when a search
 * of it would test every day of its bound (ADR 0022). Rules stored before these checks are still
 * read by parseRule alone, and their searches are bounded all the same.
 */
export function acceptRule(text: string, from: RepeatFrom): RepeatRuleParts {
  const rule = parseRule(text, from);
  requirePossible(rule);
  return rule;
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
  return until !== null && until < LAST_DAY ? until : LAST_DAY;
}

/** A handful of recently used rules, kept ready: a list read evaluates the same few again. */
const recent = new Map<string, RRuleTemporal>();
const RECENT_SIZE = 200;

function libraryRule(series: RepeatSeries): RRuleTemporal {
  const key = `${formatRepeatRule(series.rule)}|${series.start}`;
  const known = recent.get(key);
  if (known) {
    return known;
  }
  const { freq, interval, byDay, byMonthDay, byMonth, bySetPos } = series.rule;
  const rule = new RRuleTemporal({
    freq,
    interval,
    ...(byDay.length > 0 ? { byDay: byDay.map(repeatDayCode) } : {}),
    ...(byMonthDay.length > 0 ? { byMonthDay } : {}),
    ...(byMonth.length > 0 ? { byMonth } : {}),
    ...(bySetPos.length > 0 ? { bySetPos } : {}),
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
 * The first day of the rule on or after `day` (the series' own first day at the earliest),
 * excluded or not, or null when there is none before UNTIL or within the search's bound
 * (SEARCH_PERIODS). The library is asked in a try: a rule it gives up on answers null rather
 * than failing the request.
 */
export function ruleDayOnOrAfter(series: RepeatSeries, day: string): string | null {
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

/** The first occurrence on or after `day`: the first day of the rule not excluded, or null. */
export function firstOnOrAfter(series: RepeatSeries, day: string): string | null {
  const excluded = series.excluded ?? [];
  let found = ruleDayOnOrAfter(series, day);
  while (found !== null && excluded.includes(found)) {
    found = found < LAST_DAY ? ruleDayOnOrAfter(series, addDays(found, 1)) : null;
  }
  return found;
}

/** The occurrences from `from` to `to`, both included, soonest first: the rule's days not excluded. */
export function occurrencesBetween(series: RepeatSeries, from: string, to: string): string[] {
  const excluded = series.excluded ?? [];
  const days = ruleDaysBetween(series, from, to);
  return excluded.length === 0 ? days : days.filter((day) => !excluded.includes(day));
}

/** How many of the series' excluded dates fall before `day` (each uses up one of COUNT). */
export function excludedBefore(series: RepeatSeries, day: string): number {
  return (series.excluded ?? []).filter((date) => series.start <= date && date < day).length;
}

/**
 * The excluded dates that are still days of the series' rule after its first day (the due date
 * it starts on is an occurrence): what a series keeps when its rule or first day changes.
 */
export function keptExclusions(series: RepeatSeries, dates: readonly string[]): string[] {
  return [...new Set(dates)]
    .filter((date) => date > series.start && ruleDayOnOrAfter(series, date) === date)
    .sort();
}

/**
 * The days of the rule from `from` to `to`, both included, excluded or not, soonest first, up to
 * UNTIL: a year at a time, so that each search stays within its bound; the work grows with the
 * span asked for.
 */
export function ruleDaysBetween(series: RepeatSeries, from: string, to: string): string[] {
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

/** The series a repeating todo follows, or null for one that does not repeat. */
export function seriesOf(row: TodoRow, zone: string): RepeatSeries | null {
  const repeat = repeatOf(row);
  if (!repeat || row.repeat_start === null) {
    return null;
  }
  return {
    rule: parseRule(repeat.rule, repeat.from),
    from: repeat.from,
    start: row.repeat_start,
    zone,
    excluded: excludedDatesOf(row),
  };
}
