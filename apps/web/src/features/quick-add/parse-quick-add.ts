import { addDays, type RepeatRuleParts, repeatText, todayIn } from '@daywise/shared';
import type { Priority, Repeat } from '@daywise/shared/schemas';
import { casual, type ParsedResult } from 'chrono-node/en';

import { type Named, namedWords, readNamed } from './named-parts';
import { firstOccurrence, readRepeat, WD } from './repeat-phrases';

/**
 * The quick-add parser (docs/product/todos.md, "Quick add"): one line of English turned into a
 * todo. Dates and times are chrono-node's; priorities, repeats, lists and tags are ours (repeats
 * in repeat-phrases.ts, `#List` and `@tag` in named-parts.ts). Pure: "now", the user's time zone
 * and their lists and tags come in. This module
 * pulls in chrono-node, so the app loads it only when quick add first opens (or on idle).
 */

export type QuickAddPartKind = 'date' | 'time' | 'priority' | 'repeat' | 'list' | 'tag';

/** A piece of the text that was understood; `start`/`end` index the text as typed. */
export interface QuickAddPart {
  kind: QuickAddPartKind;
  start: number;
  end: number;
  text: string;
  /** 'Due Tue 24 Nov', 'Due at 08:00, with a reminder', 'High priority', 'Every 3 days', 'List: Work'. */
  label: string;
}

export interface QuickAdd {
  title: string;
  dueDate: string | null;
  /** The time said: the due time, which quick add reminds at (ADR 0030). */
  dueTime: string | null;
  priority: Priority | null;
  repeat: Repeat | null;
  /** The list said with `#List`, or null when none was. */
  listId: string | null;
  /** The tags said with `@tag`. */
  tagIds: string[];
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
  /** The user's lists (not archived) that `#List` may name; none when unset. */
  lists?: readonly Named[];
  /** The user's tags that `@tag` may name; none when unset. */
  tags?: readonly Named[];
}

type Span = { start: number; end: number; text: string };

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

/** Whether only blanks lie between the span and the part, on either side. */
function touches(text: string, span: Span, part: QuickAddPart | null): boolean {
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

  // Lists and tags first: a list called 'Monday' is a list, not a date.
  const named = readNamed(remaining, context.lists ?? [], context.tags ?? []);
  for (const span of named) {
    const label = `${span.kind === 'list' ? 'List' : 'Tag'}: ${span.name}`;
    parts.push({ kind: span.kind, start: span.start, end: span.end, text: span.text, label });
  }
  remaining = blank(remaining, [...named, ...namedWords(remaining)]);

  const repeated = readRepeat(remaining);
  const repeatPart: QuickAddPart | null = repeated && {
    kind: 'repeat',
    start: repeated.start,
    end: repeated.end,
    text: repeated.text,
    label: repeatText(repeated.repeat),
  };
  if (repeatPart) {
    parts.push(repeatPart);
    remaining = blank(remaining, [repeatPart]);
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
  let dueTime: string | null = null;
  // Trailing blanks would let chrono read 'dec' alone as a month (trimming keeps every index).
  const results = reader.parse(remaining.trimEnd(), clock, { forwardDate: true });
  for (const result of results) {
    if (saidDate !== null || dueTime !== null) {
      break; // one date per todo: the first one said
    }
    const span = { start: result.index, end: result.index + result.text.length, text: result.text };
    const hasDay =
      result.start.isCertain('day') ||
      result.start.isCertain('weekday') ||
      result.start.isCertain('month');
    const clear = CLEAR_TIME.test(result.text);
    const bare =
      !clear && BARE_TIME.test(result.text) && (hasDay || touches(text, span, repeatPart));
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
      dueTime = timeOf(result, bare);
      const timeStart = span.start + timePiece.index;
      const timeSpan = {
        start: timeStart,
        end: timeStart + timePiece[0].length,
        text: timePiece[0],
      };
      parts.push({ kind: 'time', ...timeSpan, label: timeLabel(dueTime) });
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
    dueTime,
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
    dueTime,
    priority,
    repeat: repeated?.repeat ?? null,
    listId: named.find((span) => span.kind === 'list')?.id ?? null,
    tagIds: named.filter((span) => span.kind === 'tag').map((span) => span.id),
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
  dueTime: string | null;
  rule: RepeatRuleParts | null;
  today: string;
  now: string;
}): string | null {
  const { saidDate, dueTime, rule, today, now } = said;
  const passed = (date: string) => dueTime !== null && `${date}T${dueTime}` <= now;
  if (rule) {
    const first = firstOccurrence(rule, saidDate ?? today);
    return passed(first) ? firstOccurrence(rule, addDays(first, 1)) : first;
  }
  if (saidDate === null && dueTime !== null) {
    return passed(today) ? addDays(today, 1) : today;
  }
  return saidDate;
}

/** A time's chip: it is the due time, with a reminder at it (ADR 0030). */
export function timeLabel(time: string): string {
  return `Due at ${time}, with a reminder`;
}

/** Every chip the dialog shows for a line, in its order: the parts, then a due date said by none. */
export function chipsOf(parsed: QuickAdd): string[] {
  return [
    ...parsed.parts.map((part) => part.label),
    ...(parsed.impliedDue ? [parsed.impliedDue] : []),
  ];
}
