import {
  isCalendarDay,
  isTimeZone,
  MESSAGES,
  SUBTASK_DEPTH_MAX,
  todayIn,
  TODO_LIMITS,
} from '@daywise/shared';
import { type ImportProblem, PLAN_LIMITS, type Priority } from '@daywise/shared/schemas';
import * as chrono from 'chrono-node';

import { importedReminders } from '../todos/todo-reminders';
import { placesReader } from './file-places';
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
  tagPalette,
  zoneFormat,
} from './read';
import { type ImportedRepeat, todoistRepeat } from './repeat';

/*
 * A Todoist project exported as CSV: one row per task, section and comment (TYPE), the task's
 * labels as '@words' in its CONTENT, its date as Todoist's own words (DATE), a sub-task indented
 * under its parent (INDENT 2 and more), a comment under its task. The project (the file's name)
 * becomes a list, its sections sections of it and its sub-tasks subtasks (ADR 0021, 2026-11-28).
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
  /** The format of a zone the file names (TIMEZONE), or of the user's for none Intl knows. */
  formatIn: (zone: string) => Intl.DateTimeFormat;
}

function dateContext({ timeZone, now }: ParseContext): DateContext {
  const userFormat = zoneFormat(timeZone);
  const local = localParts(now, userFormat);
  // Made once per zone: making a format costs more than reading a row.
  const formats = new Map<string, Intl.DateTimeFormat>();
  return {
    now,
    today: todayIn(timeZone, now),
    reference: new Date(`${local.date}T${local.time}:00Z`),
    formatIn: (zone) => {
      let format = formats.get(zone);
      if (!format) {
        format = isTimeZone(zone) ? zoneFormat(zone) : userFormat;
        formats.set(zone, format);
      }
      return format;
    },
  };
}

/** A chrono reading's time of day as HH:MM, if the text said the hour. */
function clockOf(start: chrono.ParsedComponents): string | null {
  return start.isCertain('hour')
    ? `${String(start.get('hour')).padStart(2, '0')}:${String(start.get('minute') ?? 0).padStart(2, '0')}`
    : null;
}

/**
 * A recurrence's time of day: after 'at' ('every day at 9am'), or written last ('every monday
 * 9am', 'every day 18:30'). Looked for by a plain search and one anchored pattern of bounded
 * length, never a regex that backtracks over the text (ADR 0022).
 */
function recurrenceTime(recurrence: string, dates: DateContext): string | null {
  const text = recurrence.trim();
  const time =
    after(text, /\bat /i) ?? /\b\d{1,2}(?::\d{2})? ?(?:am|pm)$|\b\d{1,2}:\d{2}$/i.exec(text)?.[0];
  const clock = time ? chrono.parse(`today at ${time}`, dates.now)[0]?.start : undefined;
  return clock ? clockOf(clock) : null;
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
 * with or without a time: 'Nov 25 2026 9:00', '2026-11-25 09:00', 'Nov 25 2026 at 9am') read in
 * the user's zone relative to today. A time becomes the reminder time, as the clock showed it;
 * a time with a UTC offset ('2026-11-25T09:00:00Z') is shown in the row's TIMEZONE first.
 */
function todoistDate(
  value: string,
  zone: string,
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
    const start = starting ? todoistDate(starting, zone, dates, row, []) : none;
    const reminderTime = recurrenceTime(before(text, /\b(?:starting|from|until|ending) /i), dates);
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
  const { date, time } = dayAndTime(result.start, zone, dates);
  return date && isCalendarDay(date) ? { dueDate: date, reminderTime: time, repeat: null } : none;
}

/**
 * A chrono reading's day (YYYY-MM-DD) and time of day (HH:MM, if the text said the hour). A time
 * with an offset is an instant: its day and time are those the row's zone shows.
 */
function dayAndTime(
  start: chrono.ParsedComponents,
  zone: string,
  dates: DateContext,
): { date: string | null; time: string | null } {
  if (start.isCertain('timezoneOffset') && start.isCertain('hour')) {
    return localParts(start.date(), dates.formatIn(zone));
  }
  const year = start.get('year');
  const month = start.get('month');
  const day = start.get('day');
  if (year === null || month === null || day === null) {
    return { date: null, time: null };
  }
  return {
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    time: clockOf(start),
  };
}

/** A task the next ones may be indented under: its INDENT, source key and depth below the top. */
interface TodoistParent {
  indent: number;
  /** Null for a task skipped: its sub-tasks go under the nearest task above it that was kept. */
  key: string | null;
  depth: number;
}

/** What reading a Todoist file carries from row to row. */
interface TodoistReading {
  cell: (record: string[], name: string) => string;
  dates: DateContext;
  /** The file's project and the section the rows are under, as their identity names them. */
  project: string | null;
  section: string | null;
  /** The project's list and the section's keys (file-places.ts); null: the Inbox, no section. */
  listKey: string | null;
  sectionKey: string | null;
  places: ReturnType<typeof placesReader>;
  problems: ImportProblem[];
  mappings: { from: string; to: string }[];
  labelsSeen: Set<string>;
  /** How many tasks of each identity came before (identical tasks are distinct items). */
  seen: Map<string, number>;
  /** The tasks the next one may be indented under, outermost first: a section starts afresh. */
  parents: TodoistParent[];
  /** Colours for the tags, in the order the file names them. */
  palette: ReturnType<typeof tagPalette>;
}

/**
 * The parent of a task with this INDENT (the nearest kept task above it indented less), or null;
 * the task then becomes a parent for the rows indented under it. Todoist indents four levels, as
 * deep as Daywise nests (ADR 0027); a file indented deeper puts the task under its deepest
 * ancestor that may have subtasks, and `deeper` says so.
 */
function parentOf(
  reading: TodoistReading,
  indentCell: string,
  key: string | null,
): { parent: string | null; deeper: boolean } {
  const indent = Math.max(1, Number.parseInt(indentCell, 10) || 1);
  const { parents } = reading;
  while ((parents.at(-1)?.indent ?? 0) >= indent) {
    parents.pop();
  }
  let nearest = true;
  let parent: TodoistParent | undefined;
  if (indent > 1) {
    for (let index = parents.length - 1; index >= 0; index -= 1) {
      const above = parents[index];
      if (above && above.key !== null) {
        if (above.depth < SUBTASK_DEPTH_MAX) {
          parent = above;
          break;
        }
        nearest = false;
      }
    }
  }
  parents.push({ indent, key, depth: parent ? parent.depth + 1 : 0 });
  return { parent: parent?.key ?? null, deeper: !nearest };
}

/**
 * A task row as an item: '@labels' out of its title, its priority and its date read, in its
 * project's list and section, under the task it is indented under.
 */
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
  const identity = [
    project,
    section,
    content.trim(),
    cell(record, 'DESCRIPTION').trim(),
    cell(record, 'DATE').trim(),
  ];
  const key = countedSourceKey('todoist', identity, reading.seen);
  const { parent, deeper } = parentOf(reading, cell(record, 'INDENT'), key);
  if (deeper) {
    problems.push({ row: line, message: MESSAGES.importNestedHigher });
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
  const date = todoistDate(
    cell(record, 'DATE'),
    cell(record, 'TIMEZONE').trim(),
    reading.dates,
    line,
    problems,
  );
  // The project and section are the todo's list and section, no longer tags (issue 32).
  const tags = fitTags(labels, line, problems);
  reading.palette.add(tags);
  return {
    row: line,
    sourceKey: key,
    ...texts,
    priority: priority ?? 'low',
    ...date,
    // A Todoist time is the due time, with a reminder at it (as it reminded before, ADR 0030).
    ...importedReminders(date),
    completed: false,
    completedAt: null,
    tags,
    // A subtask is in its parent's list and section whatever these say (write-batch.ts).
    listId: reading.listKey,
    sectionId: reading.sectionKey,
    parentKey: parent,
  };
}

/**
 * A comment (TYPE note) added to the description of the task above it, after a blank line and
 * with its author's name, within the description's limit.
 */
function todoistNote(
  { cell, problems }: TodoistReading,
  task: ImportItem,
  record: string[],
  content: string,
): void {
  const author = cell(record, 'AUTHOR')
    .replace(/\(\d+\)\s*$/, '')
    .trim();
  const note = `${author ? `${author}: ` : ''}${content.trim()}`;
  const full = task.description ? `${task.description}\n\n${note}` : note;
  task.description = cut(full, TODO_LIMITS.descriptionMax);
  if (task.description.length < full.length) {
    sayOnce(problems, {
      row: task.row,
      message: `Description shortened to ${TODO_LIMITS.descriptionMax} characters`,
    });
  }
}

/**
 * Adds a problem unless its row says it already: a task's problems are the last ones when its
 * comments are read, so looking back over that row's few is enough.
 */
function sayOnce(problems: ImportProblem[], problem: ImportProblem): void {
  for (let index = problems.length - 1; problems[index]?.row === problem.row; index -= 1) {
    if (problems[index]?.message === problem.message) {
      return;
    }
  }
  problems.push(problem);
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
  const places = placesReader();
  const listKey = project === null ? null : places.list(project);
  const reading: TodoistReading = {
    cell: (record, name) => {
      const index = columns.get(name);
      return index === undefined ? '' : (record[index] ?? '');
    },
    dates: dateContext(context),
    project,
    section: null,
    listKey,
    sectionKey: null,
    places,
    problems: [],
    mappings: [
      {
        from: `Project "${quote(project ?? 'Inbox')}"`,
        to: listKey === null ? 'the Inbox' : `list "${places.places.lists[0]?.name ?? ''}"`,
      },
      { from: 'Todoist sub-tasks', to: `subtasks, at most ${SUBTASK_DEPTH_MAX} levels deep` },
    ],
    labelsSeen: new Set(),
    seen: new Map(),
    parents: [],
    palette: tagPalette(),
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
      // As its identity always named it (a tag's length), so a re-import finds its tasks.
      reading.section = cut(content.trim(), PLAN_LIMITS.tagNameMax).trim() || null;
      reading.sectionKey = reading.places.section(reading.listKey, content);
      if (reading.sectionKey) {
        mappings.push({
          from: `Section "${quote(content.trim())}"`,
          to: `section "${reading.places.sectionName(reading.sectionKey) ?? ''}"`,
        });
      }
      last = null;
      reading.parents = [];
      continue;
    }
    if (type === 'note') {
      if (last && content.trim()) {
        todoistNote(reading, last, record, content);
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
      // Its sub-tasks go under the task above it.
      parentOf(reading, cell(record, 'INDENT'), null);
      last = null;
      continue;
    }
    last = todoistTask(reading, record, line, content);
    items.push(last);
  }
  return {
    format: 'todoist',
    items,
    problems,
    mappings,
    tagColors: reading.palette.colors,
    places: places.places,
  };
}
