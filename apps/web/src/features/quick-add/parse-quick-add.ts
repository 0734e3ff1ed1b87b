import {
  addDays,
  formatRepeatRule,
  monthOf,
  plainRepeatRule,
  REPEAT_NUMBER_WORDS,
  type RepeatDay,
  type RepeatRuleParts,
  repeatText,
  todayIn,
  type WeekdayCode,
} from '@daywise/shared';
import type { Priority, Repeat } from '@daywise/shared/schemas';
import { casual, type ParsedResult } from 'chrono-node/en';

/**
 * The quick-add parser (docs/product/todos.md, "Quick add"): one line of English turned into a
 * todo. Dates and times are chrono-node's; priorities and repeats are ours, a small grammar
 * whose repeats become RFC 5545 RRULEs. Pure: "now" and the user's time zone come in. This module
 * pulls in chrono-node, so the app loads it only when quick add first opens (or on idle).
 */

export type QuickAddPartKind = 'date' | 'time' | 'priority' | 'repeat';

/** A piece of the text that was understood; `start`/`end` index the text as typed. */
export interface QuickAddPart {
  kind: QuickAddPartKind;
  start: number;
  end: number;
  text: string;
  /** 'Due Tue 24 Nov', 'Reminder 08:00', 'High priority', 'Every 3 days'. */
  label: string;
}

export interface QuickAdd {
  title: string;
  dueDate: string | null;
  reminderTime: string | null;
  priority: Priority | null;
  repeat: Repeat | null;
  parts: QuickAddPart[];
  /** The due date's chip when no words said it (a repeat's first day, a time's day): 'Due Mon 23 Nov'. */
  impliedDue: string | null;
}

/** A part the user undid: its text stays in the title. Matched by where it is and what it says. */
export interface SwitchedOff {
  start: number;
  text: string;
}

export interface QuickAddContext {
  now: Date;
  /** The user's IANA time zone (Settings): "tomorrow" and "8am" are theirs. */
  timeZone: string;
  /** Parts the user removed. */
  off?: readonly SwitchedOff[];
}

type Span = { start: number; end: number; text: string };

/** RRULE weekday codes in the order of Date#getUTCDay. */
const WEEKDAYS: readonly WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const WORKDAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** A weekday's name, short or long, singular or plural ('mon', 'Tuesdays'). */
const WD =
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
function firstOccurrence(rule: RepeatRuleParts, from: string): string {
  let date = from;
  for (let day = 0; day < SEARCH_DAYS && !picks(rule, date); day += 1) {
    date = addDays(date, 1);
  }
  return date;
}

const PRIORITY_PATTERN = /(?<=^|\s)(?:!(high|medium|med|low)|(p[123]))(?=$|[\s.,;])/gi;
const PRIORITY_WORDS: Record<string, Priority> = {
  high: 'high',
  p1: 'high',
  medium: 'medium',
  med: 'medium',
  p2: 'medium',
  low: 'low',
  p3: 'low',
};
const PRIORITY_LABELS: Record<Priority, string> = {
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};

/** A time said plainly: with am/pm, a colon, noon or midnight ('at 5' alone is left in the title). */
const CLEAR_TIME = /\d\s*(?:a\.?m\.?|p\.?m\.?)|\d:\d\d|\b(?:noon|midnight)\b/i;
/** An hour said bare ('at 7'): a time only next to a date or a repeat ('weekdays at 7'). */
const BARE_TIME = /\bat\s+\d{1,2}\b/i;
/** Where a time sits inside a date-and-time phrase, to split 'tomorrow 9am' into two parts. */
const TIME_PIECE =
  /(?:\bat\s+)?(?:\b\d{1,2}(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)|\b\d{1,2}:\d\d\b|\b(?:noon|midnight)\b)/i;
/** A lone weekday first in the line ('Monday meeting notes') names the todo, not its date. */
const LONE_WEEKDAY = new RegExp(`^${WD}$`, 'i');
/** Words chrono reads as a date that name no day in a todo ('Plan the week'). */
const VAGUE = /^(?:the\s+)?(?:day|week|weekend|month|year)$/i;
/** A month named alone is a word, not a day ('Ask May about march', 'March on'). */
const MONTH_ALONE =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;
/** Words that only joined a date to the title ('Report by friday'). */
const DANGLING = /\s(?:by|on|at|due|for|from|starting)$/i;

/** chrono-node's English, plus 'eod' and 'end of day': today. */
const reader = casual.clone();
reader.parsers.push({
  pattern: () => /\b(?:eod|end\s+of\s+(?:the\s+)?day)\b/i,
  extract: ({ refDate }) => ({
    year: refDate.getFullYear(),
    month: refDate.getMonth() + 1,
    day: refDate.getDate(),
  }),
});

/** The text before a date or time, without a joining word at its end ('Report by '). */
function withoutDangling(text: string): string {
  const trimmed = text.trimEnd();
  const cut = trimmed.replace(DANGLING, '');
  return cut === trimmed ? text : cut.trimEnd();
}

/** The user's wall clock, as a Date in this machine's zone, for chrono to count from. */
function wallClock(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return new Date(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A wall clock as 'YYYY-MM-DDTHH:MM', which compares as text. */
function minuteOf(clock: Date): string {
  const date = `${clock.getFullYear()}-${pad(clock.getMonth() + 1)}-${pad(clock.getDate())}`;
  return `${date}T${pad(clock.getHours())}:${pad(clock.getMinutes())}`;
}

function dateOf(result: ParsedResult): string {
  const { start } = result;
  return `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
}

/**
 * The time said. A bare hour without am/pm is chrono's reading, except 1 to 6, which are the
 * afternoon's: 'tomorrow at 5' is 17:00, 'weekdays at 7' 07:00.
 */
function timeOf(result: ParsedResult, bare: boolean): string {
  let hour = result.start.get('hour') ?? 0;
  if (bare && !result.start.isCertain('meridiem') && hour >= 1 && hour <= 6) {
    hour += 12;
  }
  return `${pad(hour)}:${pad(result.start.get('minute') ?? 0)}`;
}

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLabelWithYear = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Due Tue 24 Nov' (with the year when it is not this year). */
export function dueLabel(date: string, today: string): string {
  const format = date.slice(0, 4) === today.slice(0, 4) ? dayLabel : dayLabelWithYear;
  return `Due ${format.format(new Date(`${date}T00:00:00Z`)).replace(',', '')}`;
}

/** The text with the spans blanked out, so that no later pass reads them again. */
function blank(text: string, spans: readonly Span[]): string {
  let out = text;
  for (const { start, end } of spans) {
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  }
  return out;
}

/** The parts the user undid that still say what they said where they were. */
export function stillOff(text: string, off: readonly SwitchedOff[]): SwitchedOff[] {
  return off.filter((item) => text.slice(item.start, item.start + item.text.length) === item.text);
}

/** Separators left over where parts were taken out ('Gym, 7am' is 'Gym'). */
const SEPARATOR = '[,;:\\-–—]';

/** The title: the text without the parts, spaces and separators tidied, joining words dropped. */
function titleOf(text: string, parts: readonly QuickAddPart[]): string {
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  let title = '';
  let at = 0;
  for (const part of sorted) {
    const before = text.slice(at, part.start);
    title += part.kind === 'date' || part.kind === 'time' ? withoutDangling(before) : before;
    title += ' ';
    at = part.end;
  }
  title += text.slice(at);
  if (parts.length === 0) {
    return title.replace(/\s+/g, ' ').trim();
  }
  return title
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`\\s(${SEPARATOR})(?:\\s*${SEPARATOR})*(?=\\s|$)`, 'g'), '$1')
    .replace(new RegExp(`^(?:\\s*${SEPARATOR}\\s)+|(?:\\s?${SEPARATOR})+\\s*$`, 'g'), '')
    .trim();
}

/** The repeat said, if any: its rule and where it was said. */
function readRepeat(
  remaining: string,
): { repeat: Repeat; rule: RepeatRuleParts; part: QuickAddPart } | null {
  for (const { pattern, rule: ruleOf } of REPEAT_PATTERNS) {
    const match = pattern.exec(remaining);
    if (match) {
      const rule = ruleOf(match);
      // 'every! 3 days' (Todoist's way) or '... after completion': counted from when it is done.
      const from = /\bafter\s|!/i.test(match[0]) ? 'completion' : 'due';
      const repeat: Repeat = { rule: formatRepeatRule(rule), from };
      const part: QuickAddPart = {
        kind: 'repeat',
        start: match.index,
        end: match.index + match[0].length,
        text: match[0],
        label: repeatText(repeat),
      };
      return { repeat, rule, part };
    }
  }
  return null;
}

/** Whether only blanks lie between the span and the part, on either side. */
function touches(text: string, span: Span, part: QuickAddPart | undefined): boolean {
  if (!part) {
    return false;
  }
  const between =
    part.end <= span.start ? text.slice(part.end, span.start) : text.slice(span.end, part.start);
  return between.trim() === '';
}

/**
 * Parses one line. Repeats first (their words would read as dates), then priorities, then
 * chrono-node's dates and times on what is left. A part the user switched off is blanked before
 * any pass, so its words stay in the title and nothing else claims them. The due date is then
 * settled (settleDue) so that the chips say what is saved.
 */
export function parseQuickAdd(text: string, context: QuickAddContext): QuickAdd {
  const off = context.off ?? [];
  const today = todayIn(context.timeZone, context.now);
  const clock = wallClock(context.now, context.timeZone);
  const parts: QuickAddPart[] = [];
  let remaining = blank(
    text,
    off.map((item) => ({ ...item, end: item.start + item.text.length })),
  );

  const repeated = readRepeat(remaining);
  if (repeated) {
    parts.push(repeated.part);
    remaining = blank(remaining, [repeated.part]);
  }

  let priority: Priority | null = null;
  for (const match of remaining.matchAll(PRIORITY_PATTERN)) {
    const word = (match[1] ?? match[2] ?? '').toLowerCase();
    const span = { start: match.index, end: match.index + match[0].length, text: match[0] };
    // The last priority said wins; earlier ones stay in the title.
    const earlier = parts.findIndex((part) => part.kind === 'priority');
    if (earlier >= 0) {
      parts.splice(earlier, 1);
    }
    priority = PRIORITY_WORDS[word] ?? null;
    parts.push({ kind: 'priority', ...span, label: PRIORITY_LABELS[priority ?? 'medium'] });
  }
  remaining = blank(
    remaining,
    parts.filter((part) => part.kind === 'priority'),
  );

  let saidDate: string | null = null;
  let reminderTime: string | null = null;
  // Trailing blanks would let chrono read 'dec' alone as a month (trimming keeps every index).
  const results = reader.parse(remaining.trimEnd(), clock, { forwardDate: true });
  for (const result of results) {
    if (saidDate !== null || reminderTime !== null) {
      break; // one date per todo: the first one said
    }
    const span = { start: result.index, end: result.index + result.text.length, text: result.text };
    const hasDay =
      result.start.isCertain('day') ||
      result.start.isCertain('weekday') ||
      result.start.isCertain('month');
    const clear = CLEAR_TIME.test(result.text);
    const bare =
      !clear && BARE_TIME.test(result.text) && (hasDay || touches(text, span, repeated?.part));
    const hasTime = result.start.isCertain('hour') && (clear || bare);
    const words = result.text.trim();
    if ((!hasTime && !hasDay) || VAGUE.test(words) || MONTH_ALONE.test(words)) {
      continue;
    }
    const restOfLine = text.slice(span.end).trim();
    if (!hasTime && span.start === 0 && LONE_WEEKDAY.test(result.text) && restOfLine !== '') {
      continue;
    }
    const date = dateOf(result);
    const timePiece = hasTime ? (clear ? TIME_PIECE : BARE_TIME).exec(result.text) : null;
    if (hasTime && timePiece) {
      reminderTime = timeOf(result, bare);
      const timeStart = span.start + timePiece.index;
      const timeSpan = {
        start: timeStart,
        end: timeStart + timePiece[0].length,
        text: timePiece[0],
      };
      parts.push({ kind: 'time', ...timeSpan, label: `Reminder ${reminderTime}` });
      // What is left of the phrase is its date ('tomorrow' of 'tomorrow 9am').
      const before = text.slice(span.start, timeSpan.start);
      const after = text.slice(timeSpan.end, span.end);
      const dateText = (before.trim() ? before : after).trim();
      if (hasDay && dateText) {
        const dateStart = text.indexOf(dateText, before.trim() ? span.start : timeSpan.end);
        saidDate = date;
        parts.push({
          kind: 'date',
          start: dateStart,
          end: dateStart + dateText.length,
          text: dateText,
          label: '',
        });
      }
    } else if (hasDay) {
      saidDate = date;
      parts.push({ kind: 'date', ...span, label: '' });
    }
  }

  const dueDate = settleDue({
    saidDate,
    reminderTime,
    rule: repeated?.rule ?? null,
    today,
    now: minuteOf(clock),
  });
  const datePart = parts.find((part) => part.kind === 'date');
  if (datePart && dueDate) {
    datePart.label = dueLabel(dueDate, today);
  }

  parts.sort((a, b) => a.start - b.start);
  return {
    title: titleOf(text, parts),
    dueDate,
    reminderTime,
    priority,
    repeat: repeated?.repeat ?? null,
    parts,
    impliedDue: dueDate && !datePart ? dueLabel(dueDate, today) : null,
  };
}

/**
 * The due date from what was said (docs/product/todos.md, "Quick add"). A date said is the due
 * date; a repeat's is its first occurrence from that date (or today), and with a time the first
 * one still ahead of now (issue 31: 'every weekday 7am' typed on a Friday evening is due Monday);
 * a time alone is due today while it is still ahead, tomorrow otherwise.
 */
function settleDue(said: {
  saidDate: string | null;
  reminderTime: string | null;
  rule: RepeatRuleParts | null;
  today: string;
  now: string;
}): string | null {
  const { saidDate, reminderTime, rule, today, now } = said;
  const passed = (date: string) => reminderTime !== null && `${date}T${reminderTime}` <= now;
  if (rule) {
    const first = firstOccurrence(rule, saidDate ?? today);
    return passed(first) ? firstOccurrence(rule, addDays(first, 1)) : first;
  }
  if (saidDate === null && reminderTime !== null) {
    return passed(today) ? addDays(today, 1) : today;
  }
  return saidDate;
}

/** Every chip the dialog shows for a line, in its order: the parts, then a due date said by none. */
export function chipsOf(parsed: QuickAdd): string[] {
  return [
    ...parsed.parts.map((part) => part.label),
    ...(parsed.impliedDue ? [parsed.impliedDue] : []),
  ];
}
