import { isCalendarDay, MESSAGES, todayIn, TODO_LIMITS } from '@daywise/shared';
import { type ImportProblem, PLAN_LIMITS, type Priority } from '@daywise/shared/schemas';
import * as chrono from 'chrono-node';

import type { ImportItem, ParseContext, ParsedImport } from './parsed-import';
import {
  after,
  before,
  columnsOf,
  countedSourceKey,
  csvRows,
  cut,
  fitTags,
  fitText,
  invalidFile,
  localParts,
  quote,
  zoneFormat,
} from './read';
import { type ImportedRepeat, todoistRepeat } from './repeat';

/*
 * A Todoist project exported as CSV: one row per task, section and comment (TYPE), the task's
 * labels as '@words' in its CONTENT, its date as Todoist's own words (DATE).
 */

const TODOIST_PRIORITY: Record<string, Priority> = {
  '4': 'high',
  '3': 'medium',
  '2': 'low',
  '1': 'low',
};

/** The project a Todoist CSV holds, from its file name ('Work [2203306141].csv' is 'Work'). */
function todoistProject(fileName: string): string | null {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.csv$/i, '')
    .replace(/\[\d+\]\s*$/, '')
    .trim();
  return base && base.toLowerCase() !== 'inbox' ? base : null;
}

/** '@label' words in a task's content: taken out of the title and made tags. */
function todoistLabels(content: string): { title: string; labels: string[] } {
  const labels: string[] = [];
  const title = content.replace(
    /(^|\s)@([\p{L}\p{N}_\-/.]+)/gu,
    (_match, space: string, label: string) => {
      labels.push(label);
      return space;
    },
  );
  return { title: title.replace(/\s+/g, ' ').trim() || content.trim(), labels };
}

/** What dates are read against: the user's today and time, worked out once per file. */
interface DateContext {
  now: Date;
  /** Today in the user's zone, YYYY-MM-DD. */
  today: string;
  /** The user's wall-clock time now, as chrono reads relative dates ('tomorrow') from it. */
  reference: Date;
}

function dateContext({ timeZone, now }: ParseContext): DateContext {
  const local = localParts(now, zoneFormat(timeZone));
  return {
    now,
    today: todayIn(timeZone, now),
    reference: new Date(`${local.date}T${local.time}:00Z`),
  };
}

/**
 * A Todoist DATE longer than this is not a date: the longest Todoist writes ('every 3rd friday
 * of the month starting Nov 25 2026 at 9am until Dec 31 2027') is well under it, and chrono and
 * the recurrence reader never see more (ADR 0022).
 */
const DATE_MAX = 200;

/**
 * Has chrono-node build its patterns, which it does on first use, and V8 compile them to machine
 * code, which it does on their second: 20–30 ms, then 110 ms here, once per process and never in
 * a request (ADR 0022).
 */
export function warmUpDates(): void {
  for (let time = 0; time < 2; time += 1) {
    chrono.parse('every day at 9am starting Nov 25 2026 18:00', new Date());
  }
}

/**
 * A Todoist DATE: recurrence ('every day'), or a date ('2026-11-25', 'Nov 25 2026', 'tomorrow',
 * with or without a time) read in the user's zone relative to today. A time becomes the
 * reminder time.
 */
function todoistDate(
  value: string,
  dates: DateContext,
  row: number,
  problems: ImportProblem[],
): { dueDate: string | null; reminderTime: string | null; repeat: ImportedRepeat | null } {
  const text = value.trim();
  const none = { dueDate: null, reminderTime: null, repeat: null };
  if (!text) {
    return none;
  }
  if (text.length > DATE_MAX) {
    problems.push({
      row,
      message: `Date "${quote(text)}" not understood; imported without a due date`,
    });
    return none;
  }
  if (/^(every|after|daily|weekly|monthly|yearly|annually)\b/i.test(text)) {
    const repeat = todoistRepeat(text);
    if (!repeat) {
      problems.push({ row, message: `Repeat "${text}" cannot be imported; imported once` });
    }
    const starting = after(text, /\b(?:starting|from) /i);
    const start = starting ? todoistDate(starting, dates, row, []) : none;
    const time = after(before(text, /\b(?:starting|from|until|ending) /i), /\bat /i);
    const clock = time ? chrono.parse(`today at ${time}`, dates.now)[0]?.start : undefined;
    const reminderTime =
      clock?.isCertain('hour') === true
        ? `${String(clock.get('hour')).padStart(2, '0')}:${String(clock.get('minute') ?? 0).padStart(2, '0')}`
        : null;
    return { dueDate: start.dueDate ?? dates.today, reminderTime, repeat };
  }
  if (isCalendarDay(text)) {
    return { dueDate: text, reminderTime: null, repeat: null };
  }
  const [result] = chrono.parse(text, dates.reference);
  if (!result || result.text.trim().length < Math.min(text.length, 3)) {
    problems.push({ row, message: `Date "${text}" not understood; imported without a due date` });
    return none;
  }
  const start = result.start;
  const year = start.get('year');
  const month = start.get('month');
  const day = start.get('day');
  if (year === null || month === null || day === null) {
    return none;
  }
  const dueDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isCalendarDay(dueDate)) {
    return none;
  }
  const reminderTime = start.isCertain('hour')
    ? `${String(start.get('hour')).padStart(2, '0')}:${String(start.get('minute') ?? 0).padStart(2, '0')}`
    : null;
  return { dueDate, reminderTime, repeat: null };
}

/** What reading a Todoist file carries from row to row. */
interface TodoistReading {
  cell: (record: string[], name: string) => string;
  dates: DateContext;
  /** The file's project, and the section the rows are under: each a tag of its tasks. */
  project: string | null;
  section: string | null;
  problems: ImportProblem[];
  mappings: { from: string; to: string }[];
  labelsSeen: Set<string>;
  /** How many tasks of each identity came before (identical tasks are distinct items). */
  seen: Map<string, number>;
}

/** A task row as an item: '@labels' out of its title, its priority and its date read. */
function todoistTask(
  reading: TodoistReading,
  record: string[],
  line: number,
  content: string,
): ImportItem {
  const { cell, project, section, problems, mappings, labelsSeen } = reading;
  const { title: rawTitle, labels } = todoistLabels(content);
  for (const label of labels) {
    if (!labelsSeen.has(label)) {
      labelsSeen.add(label);
      mappings.push({
        from: `Label "@${quote(label)}"`,
        to: `tag "${cut(label, PLAN_LIMITS.tagNameMax)}"`,
      });
    }
  }
  const texts = fitText(
    { title: rawTitle, description: cell(record, 'DESCRIPTION') },
    line,
    problems,
  );
  const priorityCell = cell(record, 'PRIORITY').trim();
  const priority = TODOIST_PRIORITY[priorityCell];
  if (!priority && priorityCell) {
    problems.push({
      row: line,
      message: `Priority "${quote(priorityCell)}" unknown; imported as Low`,
    });
  }
  const date = todoistDate(cell(record, 'DATE'), reading.dates, line, problems);
  const identity = [
    project,
    section,
    content.trim(),
    cell(record, 'DESCRIPTION').trim(),
    cell(record, 'DATE').trim(),
  ];
  return {
    row: line,
    sourceKey: countedSourceKey('todoist', identity, reading.seen),
    ...texts,
    priority: priority ?? 'low',
    ...date,
    completed: false,
    completedAt: null,
    tags: fitTags(
      [...(project ? [project] : []), ...(section ? [section] : []), ...labels],
      line,
      problems,
    ),
  };
}

export async function parseTodoist(
  text: string,
  fileName: string,
  context: ParseContext,
): Promise<ParsedImport> {
  const rows = csvRows(text);
  const header = await rows.next();
  if (header.done === true) {
    throw invalidFile(MESSAGES.importNothing);
  }
  const columns = columnsOf(header.value.record);
  const project = todoistProject(fileName);
  const reading: TodoistReading = {
    cell: (record, name) => {
      const index = columns.get(name);
      return index === undefined ? '' : (record[index] ?? '');
    },
    dates: dateContext(context),
    project,
    section: null,
    problems: [],
    mappings: project ? [{ from: `Project "${project}"`, to: `tag "${project}"` }] : [],
    labelsSeen: new Set(),
    seen: new Map(),
  };
  const { cell, problems, mappings } = reading;
  mappings.push(
    { from: 'Todoist p1', to: 'High priority' },
    { from: 'Todoist p2', to: 'Medium priority' },
    { from: 'Todoist p3 and p4', to: 'Low priority' },
  );
  const items: ImportItem[] = [];
  let last: ImportItem | null = null;
  for await (const { record, line } of rows) {
    const type = cell(record, 'TYPE').trim().toLowerCase();
    const content = cell(record, 'CONTENT');
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
    if (type === 'section') {
      reading.section = cut(content.trim(), PLAN_LIMITS.tagNameMax).trim() || null;
      if (reading.section) {
        mappings.push({
          from: `Section "${quote(content.trim())}"`,
          to: `tag "${reading.section}"`,
        });
      }
      last = null;
      continue;
    }
    if (type === 'note') {
      if (last && content.trim()) {
        const author = cell(record, 'AUTHOR')
          .replace(/\(\d+\)\s*$/, '')
          .trim();
        const note = `${author ? `${author}: ` : ''}${content.trim()}`;
        last.description = cut(
          last.description ? `${last.description}\n\n${note}` : note,
          TODO_LIMITS.descriptionMax,
        );
      } else {
        problems.push({ row: line, message: 'Comment without a task skipped' });
      }
      continue;
    }
    if (type !== 'task') {
      problems.push({ row: line, message: `Row of type "${quote(type) || 'none'}" skipped` });
      continue;
    }
    if (!content.trim()) {
      problems.push({ row: line, message: 'Task without a name skipped' });
      last = null;
      continue;
    }
    last = todoistTask(reading, record, line, content);
    items.push(last);
  }
  return { format: 'todoist', items, problems, mappings, tagColors: new Map() };
}
