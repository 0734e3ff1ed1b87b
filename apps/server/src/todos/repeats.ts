import { addDays, instantAt, MESSAGES } from '@daywise/shared';
import type { RepeatFrom } from '@daywise/shared/schemas';
import { RRuleTemporal } from 'rrule-temporal';

import { ApiError } from '../lib/errors';

/**
 * Repeating todos' rules (docs/product/todos.md, "Repeating todos and habits"). A rule is an
 * RFC 5545 RRULE value without DTSTART; the series starts on the todo's first due date, in the
 * user's time zone. Occurrences are days: each is computed by rrule-temporal at noon local time
 * (no zone changes its clocks at noon), so daylight saving never moves one to another day.
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

/** A series: its rule, what the next date counts from, its first day and the user's zone. */
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

/** UNTIL as a date (YYYYMMDD), which must be a real day. */
function untilDay(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!match || !new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)) {
    invalid('UNTIL must be a date such as 20261231');
  }
  return day;
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

/** Periods the library may walk before giving up on a rule that finds no day (Feb 30th). */
const MAX_ITERATIONS = 2000;

/** Noon on `day` in `zone`, as the library takes a DTSTART. */
function noonIn(day: string, zone: string) {
  return { timeZoneId: zone, toString: () => `${day}T12:00:00[${zone}]` };
}

/** A handful of recently used rules, kept ready: a list read evaluates the same few again. */
const recent = new Map<string, RRuleTemporal>();
const RECENT_SIZE = 200;

function libraryRule(series: RepeatSeries): RRuleTemporal {
  const key = `${formatRule(series.rule)}|${series.start}|${series.zone}`;
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
    tzid: series.zone,
    dtstart: noonIn(series.start, series.zone),
    maxIterations: MAX_ITERATIONS,
  });
  if (recent.size >= RECENT_SIZE) {
    recent.delete(recent.keys().next().value ?? '');
  }
  recent.set(key, rule);
  return rule;
}

function dayOf(occurrence: { toString: () => string }): string {
  return occurrence.toString().slice(0, 10);
}

/** The instant the library compares with: noon of `day` in the zone. */
function noonInstant(day: string, zone: string): Date {
  return instantAt(day, '12:00', zone);
}

/**
 * The first occurrence on or after `day` (the series' own first day at the earliest), or null
 * when there is none before UNTIL. The library is asked in a try: a rule it cannot place
 * (BYMONTHDAY=30 in February only) answers null rather than failing the request.
 */
export function firstOnOrAfter(series: RepeatSeries, day: string): string | null {
  const after = day < series.start ? series.start : day;
  let found: string | null;
  try {
    const next = libraryRule(series).next(noonInstant(after, series.zone), true);
    found = next ? dayOf(next) : null;
  } catch {
    found = null;
  }
  if (found === null || (series.rule.until !== undefined && found > series.rule.until)) {
    return null;
  }
  return found;
}

/** The occurrences from `from` to `to`, both included, soonest first, up to UNTIL. */
export function occurrencesBetween(series: RepeatSeries, from: string, to: string): string[] {
  const first = from < series.start ? series.start : from;
  const last = series.rule.until !== undefined && series.rule.until < to ? series.rule.until : to;
  if (first > last) {
    return [];
  }
  try {
    return libraryRule(series)
      .between(noonInstant(first, series.zone), noonInstant(last, series.zone), true)
      .map(dayOf);
  } catch {
    return [];
  }
}

const UNITS = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' } as const;

/**
 * Counted from completion: `interval` days, weeks, months or years after `day`, by the calendar
 * (a month after 31 January is the last day of February), or null past UNTIL.
 */
export function afterCompletion(series: RepeatSeries, day: string): string | null {
  const { freq, interval, until } = series.rule;
  const start = new RRuleTemporal({
    freq: 'DAILY',
    tzid: series.zone,
    dtstart: noonIn(day, series.zone),
  }).options().dtstart;
  const next = dayOf(start.add({ [UNITS[freq]]: interval }).toPlainDate());
  return until !== undefined && next > until ? null : next;
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
