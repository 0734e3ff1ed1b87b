/**
 * A todo's repeat rule (an RFC 5545 RRULE value without DTSTART, docs/product/todos.md,
 * "Repeating todos and habits") read into its parts and said in words: 'Every weekday',
 * 'Every 2 weeks on Mon, Thu', '3 days after completion'. Pure string work with no library, so
 * that the pages showing a rule pay for nothing more (rrule-temporal carries a Temporal polyfill
 * of some 180 kB, and its toText says 'every week on Monday, Thursday', not the spec's words); the
 * dates themselves are the server's, computed with rrule-temporal.
 */

import { REPEAT_LIMITS } from './constants';
import { FIRST_DAY, isCalendarDay, LAST_DAY, MONTH_SHORT } from './dates';
import type { RepeatFrom } from './schemas/todos';

export const REPEAT_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFreq = (typeof REPEAT_FREQS)[number];

/** RRULE weekday codes, Monday first (the order the words use). */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const WEEKDAY_SHORT: Record<WeekdayCode, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

const WORKING_DAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** Counts said in words in a repeat ('every other week', 'every three days'). */
export const REPEAT_NUMBER_WORDS: Readonly<Record<string, number>> = {
  other: 2,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** A BYDAY entry: a weekday, with an ordinal in the month or year (1MO, -1FR) or none. */
export interface RepeatDay {
  day: WeekdayCode;
  ordinal: number | null;
}

/** The parts of a rule that Daywise accepts. */
export interface RepeatRuleParts {
  freq: RepeatFreq;
  interval: number;
  byDay: RepeatDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  count: number | null;
  /** The last day the series may reach, YYYY-MM-DD. */
  until: string | null;
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

/** What is wrong with a rule, in the words the API's 400 gives after 'This repeat is not supported: '. */
class RepeatRuleProblem extends Error {}

function invalid(detail: string): never {
  throw new RepeatRuleProblem(detail);
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

/** One whole number within [min, max]. */
function integer(name: string, value: string, min: number, max: number): number {
  const [number = min] = integers(name, value, min, max);
  if (value.includes(',')) {
    invalid(`${name} must be one whole number from ${min} to ${max}`);
  }
  return number;
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

function weekdays(value: string, freq: RepeatFreq): RepeatDay[] {
  return value.split(',').map((item) => {
    const match = WEEKDAY.exec(item);
    if (!match) {
      invalid('BYDAY must list weekdays such as MO,TH or, monthly, 1MO or -1FR');
    }
    const ordinal = match[1] === undefined ? null : Number(match[1]);
    if (ordinal !== null) {
      const limit = freq === 'YEARLY' ? 53 : 5;
      if (freq !== 'MONTHLY' && freq !== 'YEARLY') {
        invalid('A weekday with a number (such as 1MO) needs a monthly or yearly rule');
      }
      if (ordinal === 0 || Math.abs(ordinal) > limit) {
        invalid(`A weekday's number must be from -${limit} to ${limit}, not 0`);
      }
    }
    return { day: match[2] as WeekdayCode, ordinal };
  });
}

function parts(text: string, from: RepeatFrom): RepeatRuleParts {
  const values = new Map<string, string>();
  for (const part of text.trim().toUpperCase().split(';')) {
    const [name = '', value, ...rest] = part.split('=');
    if (!KNOWN_PARTS.has(name) || value === undefined || value === '' || rest.length > 0) {
      invalid(name && KNOWN_PARTS.has(name) ? `${name} needs a value` : `'${part}' is not allowed`);
    }
    if (values.has(name)) {
      invalid(`${name} is given twice`);
    }
    values.set(name, value);
  }
  const freq = values.get('FREQ') as RepeatFreq | undefined;
  if (!freq || !REPEAT_FREQS.includes(freq)) {
    invalid('FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
  }
  const rule = plainRepeatRule(freq);
  const interval = values.get('INTERVAL');
  if (interval !== undefined) {
    rule.interval = integer('INTERVAL', interval, 1, REPEAT_LIMITS.intervalMax);
  }
  const byDay = values.get('BYDAY');
  if (byDay !== undefined) {
    rule.byDay = weekdays(byDay, freq);
  }
  const byMonthDay = values.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') {
      invalid('BYMONTHDAY cannot go with a weekly rule');
    }
    rule.byMonthDay = integers('BYMONTHDAY', byMonthDay, -31, 31);
  }
  const byMonth = values.get('BYMONTH');
  if (byMonth !== undefined) {
    rule.byMonth = integers('BYMONTH', byMonth, 1, 12);
  }
  const bySetPos = values.get('BYSETPOS');
  if (bySetPos !== undefined) {
    if (byDay === undefined && byMonthDay === undefined && byMonth === undefined) {
      invalid('BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH');
    }
    rule.bySetPos = integers('BYSETPOS', bySetPos, -366, 366);
  }
  const count = values.get('COUNT');
  const until = values.get('UNTIL');
  if (count !== undefined && until !== undefined) {
    invalid('a repeat ends either after a number of times (COUNT) or on a date (UNTIL)');
  }
  if (count !== undefined) {
    rule.count = integer('COUNT', count, 1, REPEAT_LIMITS.countMax);
  }
  if (until !== undefined) {
    rule.until = untilDay(until);
  }
  const picksDays = rule.byDay.length + rule.byMonthDay.length + rule.byMonth.length > 0;
  if (from === 'completion' && (picksDays || rule.bySetPos.length > 0)) {
    invalid('a repeat counted from completion takes only FREQ and INTERVAL');
  }
  return rule;
}

/** A rule read: its parts, or what is wrong with it. */
export type RepeatRuleReading =
  { parts: RepeatRuleParts; problem?: never } | { parts?: never; problem: string };

/** Every `interval` days, weeks, months or years, with nothing else said: what rules are built on. */
export function plainRepeatRule(freq: RepeatFreq, interval = 1): RepeatRuleParts {
  return {
    freq,
    interval,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    count: null,
    until: null,
  };
}

/**
 * The one reader of repeat rules (docs/product/todos.md, "Repeating todos and habits"), for the
 * API, the form and the words alike: FREQ DAILY, WEEKLY, MONTHLY or YEARLY, INTERVAL 1-999,
 * BYDAY (with an ordinal such as 1MO or -1FR for a monthly or yearly rule), BYMONTHDAY (-31 to 31,
 * -1 the last day, not weekly), BYMONTH, BYSETPOS, COUNT 1-1000 or UNTIL as a date (YYYYMMDD), in
 * any case. A rule counted from completion is FREQ and INTERVAL only (and an end). Anything else
 * is a problem, said as the API's 400 says it.
 */
export function readRepeatRule(rule: string, from: RepeatFrom): RepeatRuleReading {
  try {
    return { parts: parts(rule, from) };
  } catch (error) {
    if (error instanceof RepeatRuleProblem) {
      return { problem: error.message };
    }
    throw error;
  }
}

/** The parts of a rule such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`, or null (readRepeatRule). */
export function parseRepeatRule(rule: string, from: RepeatFrom = 'due'): RepeatRuleParts | null {
  return readRepeatRule(rule, from).parts ?? null;
}

/** A BYDAY entry as the rule writes it: 'MO', '1MO', '-1FR'. */
export function repeatDayCode({ day, ordinal }: RepeatDay): string {
  return `${ordinal ?? ''}${day}`;
}

/** The parts back as a rule, in a fixed order: FREQ, INTERVAL (if not 1), BY…, COUNT, UNTIL. */
export function formatRepeatRule(parts: RepeatRuleParts): string {
  const pieces = [`FREQ=${parts.freq}`];
  if (parts.interval !== 1) {
    pieces.push(`INTERVAL=${parts.interval}`);
  }
  if (parts.byMonth.length > 0) {
    pieces.push(`BYMONTH=${parts.byMonth.join(',')}`);
  }
  if (parts.byMonthDay.length > 0) {
    pieces.push(`BYMONTHDAY=${parts.byMonthDay.join(',')}`);
  }
  if (parts.byDay.length > 0) {
    pieces.push(`BYDAY=${parts.byDay.map(repeatDayCode).join(',')}`);
  }
  if (parts.bySetPos.length > 0) {
    pieces.push(`BYSETPOS=${parts.bySetPos.join(',')}`);
  }
  if (parts.count !== null) {
    pieces.push(`COUNT=${parts.count}`);
  }
  if (parts.until !== null) {
    pieces.push(`UNTIL=${parts.until.replaceAll('-', '')}`);
  }
  return pieces.join(';');
}

/** 1 as '1st', 22 as '22nd', 13 as '13th'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) {
    return `${n}th`;
  }
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 1 as '1st', -1 as 'last', -2 as '2nd to last'. */
function position(n: number): string {
  if (n === -1) {
    return 'last';
  }
  return n > 0 ? ordinal(n) : `${ordinal(-n)} to last`;
}

const UNITS: Record<RepeatFreq, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

function every(freq: RepeatFreq, interval: number): string {
  const [one, many] = UNITS[freq];
  return interval === 1 ? `Every ${one}` : `Every ${interval} ${many}`;
}

const sortedDays = (byDay: RepeatDay[]) =>
  [...byDay].sort((a, b) => WEEKDAY_CODES.indexOf(a.day) - WEEKDAY_CODES.indexOf(b.day));

const isWorkingWeek = (byDay: RepeatDay[]) =>
  byDay.length === WORKING_DAYS.length &&
  byDay.every((d) => d.ordinal === null && WORKING_DAYS.includes(d.day));

/** 'Mon, Thu', '1st Mon', 'last Fri'. */
function dayList(byDay: RepeatDay[]): string {
  return sortedDays(byDay)
    .map((d) =>
      d.ordinal === null ? WEEKDAY_SHORT[d.day] : `${position(d.ordinal)} ${WEEKDAY_SHORT[d.day]}`,
    )
    .join(', ');
}

/** 'the 1st', 'the last day', 'the 1st, 15th'. */
function monthDays(byMonthDay: number[]): string {
  if (byMonthDay.length === 1 && byMonthDay[0]! < 0) {
    return `the ${position(byMonthDay[0]!)} day`;
  }
  return `the ${byMonthDay.map((n) => (n < 0 ? `${position(n)} day` : ordinal(n))).join(', ')}`;
}

const monthList = (byMonth: number[]) =>
  [...byMonth]
    .sort((a, b) => a - b)
    .map((m) => MONTH_SHORT[m - 1])
    .join(', ');

/** What the BY parts pick within each period: ' on Mon, Thu', ' on the last weekday'. */
function within(parts: RepeatRuleParts): string {
  const { byDay, byMonthDay, bySetPos, byMonth, freq } = parts;
  let text = '';
  if (bySetPos.length > 0 && byDay.length > 0) {
    const which = bySetPos.map(position).join(', ');
    const pool = isWorkingWeek(byDay) ? 'weekday' : `of ${dayList(byDay)}`;
    text = ` on the ${which} ${pool}`;
  } else if (byDay.length > 0 && byMonthDay.length > 0) {
    text = ` on ${dayList(byDay)} that fall on ${monthDays(byMonthDay)}`;
  } else if (byDay.length > 0) {
    const ordinals = byDay.some((d) => d.ordinal !== null);
    text = ` on ${ordinals ? 'the ' : ''}${dayList(byDay)}`;
  } else if (byMonthDay.length > 0) {
    if (freq === 'YEARLY' && byMonth.length === 1 && byMonthDay.every((n) => n > 0)) {
      return ` on ${byMonthDay.join(', ')} ${monthList(byMonth)}`;
    }
    text = ` on ${monthDays(byMonthDay)}`;
  }
  if (byMonth.length > 0) {
    text += `${text === '' ? ' in' : ' of'} ${monthList(byMonth)}`;
  }
  return text;
}

/** '31 Dec 2026' */
function untilText(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTH_SHORT[(month ?? 1) - 1]} ${year}`;
}

function ending(parts: RepeatRuleParts): string {
  if (parts.count !== null) {
    return parts.count === 1 ? ', once' : `, ${parts.count} times`;
  }
  return parts.until ? `, until ${untilText(parts.until)}` : '';
}

/** The words for a rule Daywise cannot read (it came from elsewhere): it still says it repeats. */
export const UNKNOWN_REPEAT_TEXT = 'Repeats';

/**
 * A repeat in words, as the list, Today and Upcoming show it: 'Every day', 'Every weekday',
 * 'Every 3 days', 'Every 2 weeks on Mon, Thu', 'Every month on the last day', 'Every year on
 * 12 Dec', '3 days after completion', with ', 10 times' or ', until 31 Dec 2026' when it ends.
 */
export function repeatText(repeat: { rule: string; from: 'due' | 'completion' }): string {
  const parts = parseRepeatRule(repeat.rule, repeat.from);
  if (!parts) {
    return UNKNOWN_REPEAT_TEXT;
  }
  const { freq, interval, byDay, byMonthDay, byMonth, bySetPos } = parts;
  let text: string;
  if (repeat.from === 'completion') {
    const [one, many] = UNITS[freq];
    text = `${interval} ${interval === 1 ? one : many} after completion`;
  } else if (
    interval === 1 &&
    (freq === 'DAILY' || freq === 'WEEKLY') &&
    isWorkingWeek(byDay) &&
    byMonthDay.length === 0 &&
    byMonth.length === 0 &&
    bySetPos.length === 0
  ) {
    text = 'Every weekday';
  } else if (freq === 'DAILY' && byDay.length > 0 && bySetPos.length === 0) {
    // Daily on some weekdays is weekly on those days.
    text = `${interval === 1 ? 'Every' : `${every(freq, interval)},`} ${dayList(byDay)}`;
    if (byMonth.length > 0) {
      text += ` in ${monthList(byMonth)}`;
    }
  } else {
    text = `${every(freq, interval)}${within(parts)}`;
  }
  return `${text}${ending(parts)}`;
}
