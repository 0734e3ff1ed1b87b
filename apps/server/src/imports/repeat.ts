import { REPEAT_NUMBER_WORDS } from '@daywise/shared';
import type { Repeat } from '@daywise/shared/schemas';

import { before } from './read';

/**
 * Recurrence from other apps, in the shape of a repeating todo (issue 15): an RFC 5545 RRULE
 * value without DTSTART, and whether the next occurrence counts from the due date or from the
 * completion. What cannot be said that way is null, and the import says so.
 */
export type ImportedRepeat = Repeat;

const WEEKDAYS: Record<string, string> = {
  mon: 'MO',
  monday: 'MO',
  tue: 'TU',
  tues: 'TU',
  tuesday: 'TU',
  wed: 'WE',
  wednesday: 'WE',
  thu: 'TH',
  thur: 'TH',
  thurs: 'TH',
  thursday: 'TH',
  fri: 'FR',
  friday: 'FR',
  sat: 'SA',
  saturday: 'SA',
  sun: 'SU',
  sunday: 'SU',
};

const UNITS: Record<string, string> = {
  day: 'DAILY',
  days: 'DAILY',
  week: 'WEEKLY',
  weeks: 'WEEKLY',
  month: 'MONTHLY',
  months: 'MONTHLY',
  year: 'YEARLY',
  years: 'YEARLY',
};

function rule(freq: string, interval: number, extra = ''): string {
  return `FREQ=${freq}${interval > 1 ? `;INTERVAL=${interval}` : ''}${extra}`;
}

/**
 * Todoist's natural-language recurrence (its DATE column with DATE_LANG 'en'): 'every day',
 * 'daily', 'every 3 days', 'every other week', 'every monday', 'every mon, fri', 'every weekday',
 * 'every month', 'every 15th', 'every year', 'every! 2 weeks' (counted from completion), with an
 * optional ' at 9am' (or ' 9am', ' 18:30' last), ' starting …' or ' until …' that the rule
 * itself does not carry. Null for what is not recurrence or cannot be said as an RRULE.
 */
export function todoistRepeat(text: string): ImportedRepeat | null {
  let value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const fromCompletion = /^every ?!/.test(value) || value.startsWith('after ');
  value = value.replace(/^every ?!/, 'every').replace(/^after /, 'every ');
  // What the rule does not carry: the time of day and the first or last date.
  value = before(before(value, / (?:starting|from|until|ending|for) /), / at /)
    .replace(/ \d{1,2}(?:(?::\d{2})? ?(?:am|pm)|:\d{2})$/, '')
    .trim();
  const from = fromCompletion ? 'completion' : 'due';
  const simple: Record<string, string> = {
    daily: rule('DAILY', 1),
    'every day': rule('DAILY', 1),
    weekly: rule('WEEKLY', 1),
    'every week': rule('WEEKLY', 1),
    monthly: rule('MONTHLY', 1),
    'every month': rule('MONTHLY', 1),
    yearly: rule('YEARLY', 1),
    annually: rule('YEARLY', 1),
    'every year': rule('YEARLY', 1),
    'every weekday': rule('WEEKLY', 1, ';BYDAY=MO,TU,WE,TH,FR'),
    'every workday': rule('WEEKLY', 1, ';BYDAY=MO,TU,WE,TH,FR'),
    'every weekend': rule('WEEKLY', 1, ';BYDAY=SA,SU'),
  };
  const named = simple[value];
  if (named) {
    return { rule: named, from };
  }
  const interval =
    /^every (\d{1,3}|other|two|three|four|five|six|seven|eight|nine|ten) (days?|weeks?|months?|years?)$/.exec(
      value,
    );
  if (interval?.[1] && interval[2]) {
    const count = REPEAT_NUMBER_WORDS[interval[1]] ?? Number(interval[1]);
    const freq = UNITS[interval[2]];
    return count >= 1 && freq ? { rule: rule(freq, count), from } : null;
  }
  const days = /^every ((?:[a-z]+)(?:(?:, ?| and | ?& ?)[a-z]+)*)$/.exec(value);
  if (days?.[1]) {
    const names = days[1].split(/, ?| and | ?& ?/);
    const codes = names.map((name) => WEEKDAYS[name]);
    if (codes.every((code): code is string => code !== undefined)) {
      return { rule: rule('WEEKLY', 1, `;BYDAY=${[...new Set(codes)].join(',')}`), from };
    }
  }
  const monthDay = /^every (\d{1,2})(st|nd|rd|th)?$/.exec(value);
  if (monthDay?.[1]) {
    const day = Number(monthDay[1]);
    return day >= 1 && day <= 31 ? { rule: rule('MONTHLY', 1, `;BYMONTHDAY=${day}`), from } : null;
  }
  if (value === 'every last day' || value === 'every last day of the month') {
    return { rule: rule('MONTHLY', 1, ';BYMONTHDAY=-1'), from };
  }
  return null;
}

/** The RRULE parts a repeating todo understands (RFC 5545, 3.3.10). */
const RULE_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'BYYEARDAY',
  'BYWEEKNO',
  'WKST',
]);
const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/**
 * TickTick's Repeat column: an RRULE such as 'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO' (TickTick
 * also writes its own 'ERULE:' for dates picked by hand, which no RRULE can say). DTSTART and
 * TickTick's own parts are dropped; a rule with a part we do not know, or no FREQ we repeat by
 * (hourly and finer), is null.
 */
export function tickTickRepeat(text: string, fromCompletion = false): ImportedRepeat | null {
  const value = text.trim().replace(/^RRULE:/i, '');
  if (!value || /^[A-Z]+RULE:/i.test(value)) {
    return null;
  }
  const parts: string[] = [];
  let freq: string | undefined;
  for (const part of value.split(';')) {
    if (!part) {
      continue;
    }
    const [rawName, partValue, ...rest] = part.split('=');
    const name = rawName?.toUpperCase();
    if (!name || partValue === undefined || rest.length > 0 || !/^[\w,+\-:]+$/.test(partValue)) {
      return null;
    }
    if (name === 'DTSTART' || name === 'TT_SKIP' || name === 'TT_TIMES') {
      continue;
    }
    if (!RULE_PARTS.has(name)) {
      return null;
    }
    if (name === 'FREQ') {
      freq = partValue.toUpperCase();
    }
    parts.push(`${name}=${partValue.toUpperCase()}`);
  }
  if (!freq || !FREQS.has(freq)) {
    return null;
  }
  parts.sort((a, b) => (a.startsWith('FREQ=') ? -1 : b.startsWith('FREQ=') ? 1 : 0));
  const result = parts.join(';');
  return result.length <= 200
    ? { rule: result, from: fromCompletion ? 'completion' : 'due' }
    : null;
}
