import {
  addDays,
  formatRepeatRule,
  monthOf,
  plainRepeatRule,
  REPEAT_NUMBER_WORDS,
  type RepeatDay,
  type RepeatRuleParts,
  type WeekdayCode,
} from '@daywise/shared';
import type { Repeat } from '@daywise/shared/schemas';

/*
 * Quick add's repeat grammar (docs/product/todos.md, "Quick add"): 'every mon wed fri',
 * 'every 2nd tuesday', 'every other week', 'weekdays'... each read into the RRULE parts the shared
 * writer takes, and the rule's first day on or after a date. Ours, not chrono-node's: a repeat's
 * words would otherwise read as dates, so the parser reads repeats first.
 */

/** RRULE weekday codes in the order of Date#getUTCDay. */
const WEEKDAYS: readonly WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const WORKDAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** A weekday's name, short or long, singular or plural ('mon', 'Tuesdays'). */
export const WD =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday|s)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?';
/**
 * Weekdays one after another, as people type them: 'mon wed fri', 'mon, wed and fri',
 * 'tue & thu' (issue 31: 'every mon wed fri' once repeated on Mondays only).
 */
const WD_LIST = `${WD}(?:(?:\\s*,\\s*(?:and\\s+)?|\\s+(?:and|&)\\s+|\\s*&\\s*|\\s+)${WD}\\b)*`;
const N = `(?:\\d{1,3}|${Object.keys(REPEAT_NUMBER_WORDS).join('|')})`;
const ORDINAL = '(?:[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)';
const DAY_OF_MONTH = `(?:(?:the\\s+)?(${ORDINAL}|last(?:\\s+day)?))`;
/** Which of its weekdays in a month: '2nd', 'third', 'last'. */
const NTH = '(?:[1-5](?:st|nd|rd|th)|first|second|third|fourth|fifth|last)';
const NTH_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
};
const FROM_COMPLETION =
  "(?:\\s+after\\s+(?:completion|(?:it\\s+is\\s+|it's\\s+)?(?:completed|done)))?";

const FREQUENCIES = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' } as const;
type Unit = keyof typeof FREQUENCIES;

function count(word: string | undefined): number {
  if (!word) {
    return 1;
  }
  const lower = word.toLowerCase();
  return REPEAT_NUMBER_WORDS[lower] ?? Number(lower);
}

function weekdaysIn(list: string, ordinal: number | null = null): RepeatDay[] {
  const found = new Set<WeekdayCode>();
  for (const name of list.toLowerCase().match(new RegExp(WD, 'g')) ?? []) {
    found.add(name.slice(0, 2).toUpperCase() as WeekdayCode);
  }
  // In the week's order, Monday first, as an RRULE reads best.
  return WORKDAYS.concat(['SA', 'SU'])
    .filter((day) => found.has(day))
    .map((day) => ({ day, ordinal }));
}

function monthDay(text: string): number {
  return text.toLowerCase().startsWith('last') ? -1 : Number.parseInt(text, 10);
}

function nth(text: string): number {
  const lower = text.toLowerCase();
  return NTH_WORDS[lower] ?? Number.parseInt(lower, 10);
}

/** A rule as the shared writer takes it (formatRepeatRule), with only what this grammar says. */
function ruleParts(
  unit: Unit,
  interval: number,
  picks: { byDay?: RepeatDay[]; byMonthDay?: number[] } = {},
): RepeatRuleParts {
  return {
    ...plainRepeatRule(FREQUENCIES[unit], interval),
    byDay: picks.byDay ?? [],
    byMonthDay: picks.byMonthDay ?? [],
  };
}

const EVERY = '(?:every|each)!?';

/** Each repeat phrase, tried in order on the whole text; the first that matches wins. */
const REPEAT_PATTERNS: { pattern: RegExp; rule: (match: RegExpExecArray) => RepeatRuleParts }[] = [
  {
    // 'every 2nd tuesday', 'every last friday', 'every first mon of the month'
    pattern: new RegExp(
      `\\b${EVERY}\\s+(?:month\\s+on\\s+the\\s+)?(${NTH})\\s+(${WD})\\b(?:\\s+of\\s+(?:the|every|each)\\s+month)?`,
      'i',
    ),
    rule: (m) => ruleParts('month', 1, { byDay: weekdaysIn(m[2]!, nth(m[1]!)) }),
  },
  {
    // 'on the last friday of every month', 'the 2nd tue of each month'
    pattern: new RegExp(
      `\\b(?:on\\s+)?(?:the\\s+)?(${NTH})\\s+(${WD})\\s+of\\s+(?:every|each)\\s+month`,
      'i',
    ),
    rule: (m) => ruleParts('month', 1, { byDay: weekdaysIn(m[2]!, nth(m[1]!)) }),
  },
  {
    // 'on the 1st every month', 'the 15th of every month', 'on the last day of every month'
    pattern: new RegExp(
      `\\b(?:on\\s+)?${DAY_OF_MONTH}\\s+(?:of\\s+)?${EVERY}\\s+month${FROM_COMPLETION}`,
      'i',
    ),
    rule: (m) => ruleParts('month', 1, { byMonthDay: [monthDay(m[1]!)] }),
  },
  {
    // 'every month on the 1st', 'every 2 months on the last day', 'monthly on the 15th'
    pattern: new RegExp(
      `\\b(?:${EVERY}\\s+(?:(${N})\\s+months|month)|monthly)\\s+on\\s+${DAY_OF_MONTH}(?:\\s+of\\s+the\\s+month)?${FROM_COMPLETION}`,
      'i',
    ),
    rule: (m) => ruleParts('month', count(m[1]), { byMonthDay: [monthDay(m[2]!)] }),
  },
  {
    // 'every last day of the month', 'every 1st', 'every 15th of the month'
    pattern: new RegExp(
      `\\b${EVERY}\\s+(${ORDINAL}|last\\s+day)(?:\\s+of\\s+(?:the|every)\\s+month)?${FROM_COMPLETION}`,
      'i',
    ),
    rule: (m) => ruleParts('month', 1, { byMonthDay: [monthDay(m[1]!)] }),
  },
  {
    // 'every weekday', 'every workday', 'weekdays', 'on weekdays'
    pattern: new RegExp(
      `(?:\\b${EVERY}\\s+(?:week\\s?day|work\\s?day)s?|\\b(?:on\\s+)?(?:weekdays|workdays))\\b${FROM_COMPLETION}`,
      'i',
    ),
    rule: () => ruleParts('week', 1, { byDay: weekdaysIn('mon tue wed thu fri') }),
  },
  {
    // 'every weekend', 'weekends', 'on weekends'
    pattern: new RegExp(
      `(?:\\b${EVERY}\\s+weekend(?:\\s+day)?s?|\\b(?:on\\s+)?weekends)\\b${FROM_COMPLETION}`,
      'i',
    ),
    rule: () => ruleParts('week', 1, { byDay: weekdaysIn('sat sun') }),
  },
  {
    // 'every monday', 'every mon wed fri', 'every mon, wed and fri', 'every other tuesday',
    // 'every 2 weeks on mon, thu', 'every week on fri', 'weekly on tue'
    pattern: new RegExp(
      `\\b(?:${EVERY}\\s+(?:(?:(${N})\\s+weeks|week)\\s+on\\s+|(other)\\s+)?|weekly\\s+on\\s+)(${WD_LIST})\\b${FROM_COMPLETION}`,
      'i',
    ),
    rule: (m) => ruleParts('week', count(m[1] ?? m[2]), { byDay: weekdaysIn(m[3]!) }),
  },
  {
    // 'every day', 'every 3 days', 'every other week', 'every year'
    pattern: new RegExp(
      `\\b${EVERY}\\s+(?:(${N})\\s+)?(day|week|month|year)s?\\b${FROM_COMPLETION}`,
      'i',
    ),
    rule: (m) => ruleParts(m[2]!.toLowerCase() as Unit, count(m[1])),
  },
  {
    // 'daily', 'weekly', 'monthly', 'yearly', 'annually'
    pattern: new RegExp(`\\b(daily|weekly|monthly|yearly|annually)\\b${FROM_COMPLETION}`, 'i'),
    rule: (m) => {
      const word = m[1]!.toLowerCase();
      const unit: Unit =
        word === 'daily'
          ? 'day'
          : word === 'weekly'
            ? 'week'
            : word === 'monthly'
              ? 'month'
              : 'year';
      return ruleParts(unit, 1);
    },
  },
];

function weekdayOf(date: string): WeekdayCode {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** Whether `date` is one of the days `day` names: Mondays, or a month's 2nd or last Monday. */
function isDay(date: string, { day, ordinal }: RepeatDay): boolean {
  if (weekdayOf(date) !== day) {
    return false;
  }
  if (ordinal === null) {
    return true;
  }
  const dayOfMonth = Number(date.slice(8));
  const daysLeft = Number(monthOf(date).end.slice(8)) - dayOfMonth;
  return ordinal > 0
    ? Math.ceil(dayOfMonth / 7) === ordinal
    : Math.floor(daysLeft / 7) + 1 === -ordinal;
}

/** Whether the rule's BY parts pick `date` (a month without the 31st has no 31st). */
function picks(rule: RepeatRuleParts, date: string): boolean {
  if (rule.byDay.length > 0 && !rule.byDay.some((day) => isDay(date, day))) {
    return false;
  }
  if (rule.byMonthDay.length > 0) {
    const last = Number(monthOf(date).end.slice(8));
    const dayOfMonth = Number(date.slice(8));
    return rule.byMonthDay.some((n) => (n < 0 ? last + n + 1 : n) === dayOfMonth);
  }
  return true;
}

/** Far enough for every rule this grammar makes: a 5th weekday comes within a few months. */
const SEARCH_DAYS = 400;

/**
 * The rule's first day on or after `from`. The series starts on the todo's due date, and the
 * server moves a due date the rule does not pick to its next occurrence (docs/product/todos.md,
 * "Repeating todos and habits"): a due date the rule picks is kept as it is, so this is the date
 * both the chip and the saved todo have.
 */
export function firstOccurrence(rule: RepeatRuleParts, from: string): string {
  let date = from;
  for (let day = 0; day < SEARCH_DAYS && !picks(rule, date); day += 1) {
    date = addDays(date, 1);
  }
  return date;
}

/** A repeat said in the text: what it saves, its rule, and where it was said. */
export interface SaidRepeat {
  repeat: Repeat;
  rule: RepeatRuleParts;
  start: number;
  end: number;
  text: string;
}

/** The first repeat said in `text`, if any. */
export function readRepeat(text: string): SaidRepeat | null {
  for (const { pattern, rule: ruleOf } of REPEAT_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      const rule = ruleOf(match);
      // 'every! 3 days' (Todoist's way) or '... after completion': counted from when it is done.
      const from = /\bafter\s|!/i.test(match[0]) ? 'completion' : 'due';
      const repeat: Repeat = { rule: formatRepeatRule(rule), from };
      return {
        repeat,
        rule,
        start: match.index,
        end: match.index + match[0].length,
        text: match[0],
      };
    }
  }
  return null;
}
