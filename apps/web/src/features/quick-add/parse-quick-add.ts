import { addDays, monthOf, REPEAT_NUMBER_WORDS, repeatText, todayIn } from '@daywise/shared';
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

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
type Weekday = (typeof WEEKDAYS)[number];
const WORKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** A weekday's name, short or long, singular or plural ('mon', 'Tuesdays'). */
const WD =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday|s)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?';
const WD_LIST = `${WD}(?:\\s*(?:,\\s*and|,|and|&)\\s*${WD})*`;
const N = `(?:\\d{1,3}|${Object.keys(REPEAT_NUMBER_WORDS).join('|')})`;
const ORDINAL = '(?:[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)';
const DAY_OF_MONTH = `(?:(?:the\\s+)?(${ORDINAL}|last(?:\\s+day)?))`;
const FROM_COMPLETION =
  "(?:\\s+after\\s+(?:completion|(?:it\\s+is\\s+|it's\\s+)?(?:completed|done)))?";

const FREQUENCIES = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' } as const;
type Unit = keyof typeof FREQUENCIES;

interface RepeatSpec {
  unit: Unit;
  interval: number;
  byDay: Weekday[];
  /** 1..31, or -1 for the month's last day. */
  monthDay: number | null;
}

function count(word: string | undefined): number {
  if (!word) {
    return 1;
  }
  const lower = word.toLowerCase();
  return REPEAT_NUMBER_WORDS[lower] ?? Number(lower);
}

function weekdaysIn(list: string): Weekday[] {
  const found = new Set<Weekday>();
  for (const name of list.toLowerCase().match(new RegExp(WD, 'g')) ?? []) {
    const code = name.slice(0, 2).toUpperCase();
    found.add(code as Weekday);
  }
  // In the week's order, Monday first, as an RRULE reads best.
  return WORKDAYS.concat(['SA', 'SU']).filter((day) => found.has(day));
}

function monthDay(text: string): number {
  return text.toLowerCase().startsWith('last') ? -1 : Number.parseInt(text, 10);
}

/** Each repeat phrase, tried in order on the whole text; the first that matches wins. */
const REPEAT_PATTERNS: { pattern: RegExp; spec: (match: RegExpExecArray) => RepeatSpec }[] = [
  {
    // 'on the 1st every month', 'the 15th of every month', 'on the last day of every month'
    pattern: new RegExp(
      `\\b(?:on\\s+)?${DAY_OF_MONTH}\\s+(?:of\\s+)?(?:every|each)!?\\s+month${FROM_COMPLETION}`,
      'i',
    ),
    spec: (m) => ({ unit: 'month', interval: 1, byDay: [], monthDay: monthDay(m[1]!) }),
  },
  {
    // 'every month on the 1st', 'every 2 months on the last day', 'monthly on the 15th'
    pattern: new RegExp(
      `\\b(?:(?:every|each)!?\\s+(?:(${N})\\s+months|month)|monthly)\\s+on\\s+${DAY_OF_MONTH}(?:\\s+of\\s+the\\s+month)?${FROM_COMPLETION}`,
      'i',
    ),
    spec: (m) => ({ unit: 'month', interval: count(m[1]), byDay: [], monthDay: monthDay(m[2]!) }),
  },
  {
    // 'every last day of the month', 'every 1st', 'every 15th of the month'
    pattern: new RegExp(
      `\\b(?:every|each)!?\\s+(${ORDINAL}|last\\s+day)(?:\\s+of\\s+(?:the|every)\\s+month)?${FROM_COMPLETION}`,
      'i',
    ),
    spec: (m) => ({ unit: 'month', interval: 1, byDay: [], monthDay: monthDay(m[1]!) }),
  },
  {
    // 'every weekday', 'every workday'
    pattern: new RegExp(
      `\\b(?:every|each)!?\\s+(?:week\\s?day|work\\s?day)${FROM_COMPLETION}`,
      'i',
    ),
    spec: () => ({ unit: 'week', interval: 1, byDay: [...WORKDAYS], monthDay: null }),
  },
  {
    // 'every weekend'
    pattern: new RegExp(`\\b(?:every|each)!?\\s+weekend(?:\\s+day)?${FROM_COMPLETION}`, 'i'),
    spec: () => ({ unit: 'week', interval: 1, byDay: ['SA', 'SU'], monthDay: null }),
  },
  {
    // 'every monday', 'every mon and thu', 'every 2 weeks on mon, thu', 'every week on fri'
    pattern: new RegExp(
      `\\b(?:(?:every|each)!?\\s+(?:(?:(${N})\\s+weeks|week)\\s+on\\s+)?|weekly\\s+on\\s+)(${WD_LIST})\\b${FROM_COMPLETION}`,
      'i',
    ),
    spec: (m) => ({
      unit: 'week',
      interval: count(m[1]),
      byDay: weekdaysIn(m[2]!),
      monthDay: null,
    }),
  },
  {
    // 'every day', 'every 3 days', 'every other week', 'every year'
    pattern: new RegExp(
      `\\b(?:every|each)!?\\s+(?:(${N})\\s+)?(day|week|month|year)s?\\b${FROM_COMPLETION}`,
      'i',
    ),
    spec: (m) => ({
      unit: m[2]!.toLowerCase() as Unit,
      interval: count(m[1]),
      byDay: [],
      monthDay: null,
    }),
  },
  {
    // 'daily', 'weekly', 'monthly', 'yearly', 'annually'
    pattern: new RegExp(`\\b(daily|weekly|monthly|yearly|annually)\\b${FROM_COMPLETION}`, 'i'),
    spec: (m) => {
      const word = m[1]!.toLowerCase();
      const unit: Unit =
        word === 'daily'
          ? 'day'
          : word === 'weekly'
            ? 'week'
            : word === 'monthly'
              ? 'month'
              : 'year';
      return { unit, interval: 1, byDay: [], monthDay: null };
    },
  },
];

function ruleOf(spec: RepeatSpec): string {
  const parts = [`FREQ=${FREQUENCIES[spec.unit]}`];
  if (spec.interval > 1) {
    parts.push(`INTERVAL=${spec.interval}`);
  }
  if (spec.byDay.length > 0) {
    parts.push(`BYDAY=${spec.byDay.join(',')}`);
  }
  if (spec.monthDay !== null) {
    parts.push(`BYMONTHDAY=${spec.monthDay}`);
  }
  return parts.join(';');
}

function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/**
 * The repeat's first occurrence on or after `today`, for a repeat given without a date. Only the
 * shapes this grammar makes: a weekday set, or a day of the month (a month without that day is
 * skipped, as RFC 5545 does); anything else starts today.
 */
function firstOccurrence(spec: RepeatSpec, today: string): string {
  if (spec.byDay.length > 0) {
    let date = today;
    while (!spec.byDay.includes(weekdayOf(date))) {
      date = addDays(date, 1);
    }
    return date;
  }
  if (spec.monthDay !== null) {
    let month = monthOf(today);
    for (;;) {
      const last = Number(month.end.slice(8));
      const day = spec.monthDay === -1 ? last : spec.monthDay;
      if (day <= last) {
        const date = `${month.start.slice(0, 8)}${String(day).padStart(2, '0')}`;
        if (date >= today) {
          return date;
        }
      }
      month = monthOf(addDays(month.end, 1));
    }
  }
  return today;
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

/** A time said plainly: with am/pm, a colon, noon or midnight ('at 5' is left in the title). */
const CLEAR_TIME = /\d\s*(?:a\.?m\.?|p\.?m\.?)|\d:\d\d|\b(?:noon|midnight)\b/i;
/** Where a time sits inside a date-and-time phrase, to split 'tomorrow 9am' into two parts. */
const TIME_PIECE =
  /(?:\bat\s+)?(?:\b\d{1,2}(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)|\b\d{1,2}:\d\d\b|\b(?:noon|midnight)\b)/i;
/** A lone weekday first in the line ('Monday meeting notes') names the todo, not its date. */
const LONE_WEEKDAY = new RegExp(`^${WD}$`, 'i');
/** Words chrono reads as a date that name no day in a todo ('Plan the week'). */
const VAGUE = /^(?:the\s+)?(?:day|week|weekend|month|year)$/i;
/** Words that only joined a date to the title ('Report by friday'). */
const DANGLING = /\s(?:by|on|at|due|for|from|starting)$/i;

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

function dateOf(result: ParsedResult): string {
  const { start } = result;
  return `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
}

function timeOf(result: ParsedResult): string {
  return `${pad(result.start.get('hour') ?? 0)}:${pad(result.start.get('minute') ?? 0)}`;
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

/** The title: the text without the parts, spaces tidied and joining words dropped. */
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
  return title.replace(/\s+/g, ' ').trim();
}

/**
 * Parses one line. Repeats first (their words would read as dates), then priorities, then
 * chrono-node's dates and times on what is left. A part the user switched off is blanked before
 * any pass, so its words stay in the title and nothing else claims them.
 */
export function parseQuickAdd(text: string, context: QuickAddContext): QuickAdd {
  const off = context.off ?? [];
  const today = todayIn(context.timeZone, context.now);
  const parts: QuickAddPart[] = [];
  let remaining = blank(
    text,
    off.map((item) => ({ ...item, end: item.start + item.text.length })),
  );

  let repeat: Repeat | null = null;
  let repeatSpec: RepeatSpec | null = null;
  for (const { pattern, spec } of REPEAT_PATTERNS) {
    const match = pattern.exec(remaining);
    if (match) {
      const span = { start: match.index, end: match.index + match[0].length, text: match[0] };
      repeatSpec = spec(match);
      // 'every! 3 days' (Todoist's way) or '... after completion': counted from when it is done.
      const from = /\bafter\s|!/i.test(match[0]) ? 'completion' : 'due';
      repeat = { rule: ruleOf(repeatSpec), from };
      parts.push({ kind: 'repeat', ...span, label: repeatText(repeat) });
      remaining = blank(remaining, [span]);
      break;
    }
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

  let dueDate: string | null = null;
  let reminderTime: string | null = null;
  // Trailing blanks would let chrono read 'dec' alone as a month (trimming keeps every index).
  const results = casual.parse(remaining.trimEnd(), wallClock(context.now, context.timeZone), {
    forwardDate: true,
  });
  for (const result of results) {
    if (dueDate !== null || reminderTime !== null) {
      break; // one date per todo: the first one said
    }
    const span = { start: result.index, end: result.index + result.text.length, text: result.text };
    const hasTime = result.start.isCertain('hour') && CLEAR_TIME.test(result.text);
    const hasDay =
      result.start.isCertain('day') ||
      result.start.isCertain('weekday') ||
      result.start.isCertain('month');
    if ((!hasTime && !hasDay) || VAGUE.test(result.text.trim())) {
      continue;
    }
    const restOfLine = text.slice(span.end).trim();
    if (!hasTime && span.start === 0 && LONE_WEEKDAY.test(result.text) && restOfLine !== '') {
      continue;
    }
    const date = dateOf(result);
    const timePiece = hasTime ? TIME_PIECE.exec(result.text) : null;
    if (hasTime && timePiece) {
      reminderTime = timeOf(result);
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
        dueDate = date;
        parts.push({
          kind: 'date',
          start: dateStart,
          end: dateStart + dateText.length,
          text: dateText,
          label: dueLabel(date, today),
        });
      } else if (!repeatSpec) {
        // A time alone: the next time it comes (today, or tomorrow once it has passed).
        dueDate = date;
      }
    } else if (hasDay) {
      dueDate = date;
      parts.push({ kind: 'date', ...span, label: dueLabel(date, today) });
    }
  }

  if (repeatSpec && dueDate === null) {
    dueDate = firstOccurrence(repeatSpec, today);
  }

  parts.sort((a, b) => a.start - b.start);
  return {
    title: titleOf(text, parts),
    dueDate,
    reminderTime,
    priority,
    repeat,
    parts,
  };
}
