/**
 * A todo's repeat rule (an RFC 5545 RRULE value without DTSTART, docs/product/todos.md,
 * "Repeating todos and habits") read into its parts and said in words: 'Every weekday',
 * 'Every 2 weeks on Mon, Thu', '3 days after completion'. Pure string work with no library, so
 * that the pages showing a rule pay for nothing more; the dates themselves are the server's.
 */

import { isCalendarDay, MONTH_SHORT } from './dates';

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

/** The parts of a rule that Daywise accepts (the server checks the same list). */
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

const INTEGER = /^[+-]?\d{1,4}$/;

function integers(value: string, valid: (n: number) => boolean): number[] | null {
  const parts = value.split(',');
  const numbers = parts.map((part) => (INTEGER.test(part) ? Number(part) : Number.NaN));
  return numbers.every((n) => Number.isInteger(n) && valid(n)) ? numbers : null;
}

function days(value: string): RepeatDay[] | null {
  const result: RepeatDay[] = [];
  for (const part of value.split(',')) {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(part);
    if (!match) {
      return null;
    }
    const ordinal = match[1] === undefined ? null : Number(match[1]);
    if (ordinal !== null && (ordinal === 0 || Math.abs(ordinal) > 53)) {
      return null;
    }
    result.push({ day: match[2] as WeekdayCode, ordinal });
  }
  return result;
}

function untilDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!match) {
    return null;
  }
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  return isCalendarDay(date) ? date : null;
}

/**
 * The parts of a rule such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`, or null when it is not one
 * Daywise reads (an unknown or repeated part, a value out of range, COUNT with UNTIL).
 */
export function parseRepeatRule(rule: string): RepeatRuleParts | null {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (text === '') {
    return null;
  }
  const seen = new Set<string>();
  const parts: Partial<RepeatRuleParts> = {};
  for (const piece of text.split(';')) {
    const [rawKey = '', value = '', ...rest] = piece.split('=');
    const key = rawKey.toUpperCase();
    if (rest.length > 0 || value === '' || seen.has(key)) {
      return null;
    }
    seen.add(key);
    const upper = value.toUpperCase();
    switch (key) {
      case 'FREQ':
        if (!(REPEAT_FREQS as readonly string[]).includes(upper)) {
          return null;
        }
        parts.freq = upper as RepeatFreq;
        break;
      case 'INTERVAL': {
        const [interval] = integers(value, (n) => n >= 1 && n <= 999) ?? [];
        if (interval === undefined || value.includes(',')) {
          return null;
        }
        parts.interval = interval;
        break;
      }
      case 'COUNT': {
        const [count] = integers(value, (n) => n >= 1 && n <= 9999) ?? [];
        if (count === undefined || value.includes(',')) {
          return null;
        }
        parts.count = count;
        break;
      }
      case 'UNTIL': {
        const until = untilDate(upper);
        if (!until) {
          return null;
        }
        parts.until = until;
        break;
      }
      case 'BYDAY': {
        const byDay = days(upper);
        if (!byDay) {
          return null;
        }
        parts.byDay = byDay;
        break;
      }
      case 'BYMONTHDAY': {
        const byMonthDay = integers(value, (n) => n !== 0 && Math.abs(n) <= 31);
        if (!byMonthDay) {
          return null;
        }
        parts.byMonthDay = byMonthDay;
        break;
      }
      case 'BYMONTH': {
        const byMonth = integers(value, (n) => n >= 1 && n <= 12);
        if (!byMonth) {
          return null;
        }
        parts.byMonth = byMonth;
        break;
      }
      case 'BYSETPOS': {
        const bySetPos = integers(value, (n) => n !== 0 && Math.abs(n) <= 366);
        if (!bySetPos) {
          return null;
        }
        parts.bySetPos = bySetPos;
        break;
      }
      default:
        return null;
    }
  }
  if (!parts.freq || (parts.count !== undefined && parts.until !== undefined)) {
    return null;
  }
  return {
    freq: parts.freq,
    interval: parts.interval ?? 1,
    byDay: parts.byDay ?? [],
    byMonthDay: parts.byMonthDay ?? [],
    byMonth: parts.byMonth ?? [],
    bySetPos: parts.bySetPos ?? [],
    count: parts.count ?? null,
    until: parts.until ?? null,
  };
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
    pieces.push(`BYDAY=${parts.byDay.map((d) => `${d.ordinal ?? ''}${d.day}`).join(',')}`);
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
  const parts = parseRepeatRule(repeat.rule);
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
