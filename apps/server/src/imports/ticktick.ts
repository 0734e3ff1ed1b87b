import {
  IMPORT_MAX_ROWS,
  isCalendarDay,
  isTimeZone,
  MESSAGES,
  REMINDER_BEFORE_MAX_MINUTES,
  SUBTASK_DEPTH_MAX,
  TODO_REMINDERS_MAX,
  type TodoReminder,
} from '@daywise/shared';
import { legacyReminderTime } from '@daywise/shared/reminder-moments';
import { type ImportProblem, PLAN_LIMITS, type Priority } from '@daywise/shared/schemas';

import { importedReminders } from '../todos/todo-reminders';
import { placesReader } from './file-places';
import type { ImportItem, ParseContext, ParsedImport } from './parsed-import';
import {
  columnsOf,
  countedSourceKey,
  csvRows,
  cut,
  fitTags,
  fitText,
  HEAD,
  invalidFile,
  localParts,
  quote,
  tagPalette,
  zoneFormat,
} from './read';
import { tickTickRepeat } from './repeat';
import { checklistOf, nested, type TickTickEntry } from './ticktick-nesting';

/*
 * A TickTick backup (CSV): a few lines about the backup, then a header row and one row per task
 * or note, each instant with the task's own time zone, reminders as offsets from the due time.
 * A task's list becomes a list (its folder a tag: Daywise has no folders), its kanban column a
 * section of it, a sub-task (parentId) a subtask, and a checklist's items subtasks (ADR 0021,
 * 2026-11-28).
 */

const TICKTICK_PRIORITY: Record<string, Priority> = {
  '5': 'high',
  '3': 'medium',
  '1': 'low',
  '0': 'low',
};

/** A TickTick instant ('2026-11-25T08:00:00+0000'), or null. */
function tickTickInstant(value: string): Date | null {
  const text = value.trim();
  if (!text) {
    return null;
  }
  const normalized = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const instant = new Date(normalized);
  // On a day Daywise accepts (ADR 0022): an instant past the year 9999 cannot be stored.
  return Number.isNaN(instant.getTime()) || !isCalendarDay(instant.toISOString().slice(0, 10))
    ? null
    : instant;
}

/** The header row of a TickTick backup comes after a few lines about the backup. */
export function tickTickHeaderLine(text: string): number | null {
  const lines = text.slice(0, HEAD).split(/\r?\n/, 40);
  const index = lines.findIndex(
    (line) => /"?Folder Name"?,/.test(line) && /"?List Name"?/.test(line) && /"?Title"?/.test(line),
  );
  return index === -1 ? null : index + 1;
}

/** What reading a TickTick file carries from row to row. */
interface TickTickReading {
  cell: (record: string[], name: string) => string;
  context: ParseContext;
  problems: ImportProblem[];
  /** Says once what a folder, list or tag becomes. */
  mapOnce: (from: string, to: string) => void;
  /** The format of a zone the file names, or null for one Intl does not know. */
  formatIn: (zone: string) => Intl.DateTimeFormat | null;
  /** How many tasks of each identity came before (identical tasks are distinct items). */
  seen: Map<string, number>;
  /** Colours for the tags, in the order the file names them. */
  palette: ReturnType<typeof tagPalette>;
  places: ReturnType<typeof placesReader>;
}

/** A task's due instant, and its date and time as the task's zone shows them. */
interface TickTickDue {
  instant: Date;
  local: { date: string; time: string };
  format: Intl.DateTimeFormat;
}

/** A task's due date and time in its own zone (else the user's), if it is a day Daywise accepts. */
function tickTickDue(
  { cell, context, problems, formatIn }: TickTickReading,
  record: string[],
  line: number,
): { dueRaw: string; due: TickTickDue | null } {
  const zone = cell(record, 'Timezone').trim();
  const format = (zone ? formatIn(zone) : null) ?? formatIn(context.timeZone);
  const dueRaw = cell(record, 'Due Date') || cell(record, 'Start Date');
  const due = tickTickInstant(dueRaw);
  const local = due && format ? localParts(due, format) : null;
  // The day in the task's own zone must be one Daywise accepts too (ADR 0022).
  if (due && format && local && isCalendarDay(local.date)) {
    return { dueRaw, due: { instant: due, local, format } };
  }
  if (dueRaw.trim()) {
    problems.push({
      row: line,
      message: `Date "${quote(dueRaw.trim())}" not understood; imported without a due date`,
    });
  }
  return { dueRaw, due: null };
}

/**
 * A TickTick reminder, an RFC 5545 duration from the due time ('TRIGGER:PT0S' at it,
 * 'TRIGGER:-PT15M' before it, 'TRIGGER:-P1D' a day before; an all-day task's from the start of
 * its day, so 'TRIGGER:P0DT9H0M0S' is 9:00 that day), in minutes; null for anything else. One
 * anchored pattern of bounded numbers: linear in the text (ADR 0022).
 */
export function reminderOffset(value: string): number | null {
  const match =
    /^(?:TRIGGER:)?([+-]?)P(?:(\d{1,4})W)?(?:(\d{1,5})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,8})M)?(?:(\d{1,9})S)?)?$/i.exec(
      value.trim(),
    );
  if (!match || match.slice(2).every((part) => part === undefined)) {
    return null;
  }
  const [, sign, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * 7 * 24 * 60 +
    Number(days ?? 0) * 24 * 60 +
    Number(hours ?? 0) * 60 +
    Number(minutes ?? 0) +
    Math.trunc(Number(seconds ?? 0) / 60);
  return sign === '-' ? -total : total;
}

/**
 * An all-day task's reminder time: the first reminder TickTick keeps that we understand, from the
 * start of its day, if it falls on the due date, as a due time with a reminder at it (ADR 0030);
 * otherwise none, and a problem line says so. The others are left out (a reminder before a due
 * time needs one, and an all-day task has none): a problem line says so too.
 */
function tickTickReminder(
  { cell, problems }: TickTickReading,
  record: string[],
  line: number,
  due: TickTickDue | null,
): string | null {
  const reminders = cell(record, 'Reminder')
    .split(',')
    .map((reminder) => reminder.trim())
    .filter(Boolean);
  if (!due || reminders.length === 0) {
    return null;
  }
  const instead = 'imported without a reminder time';
  const first = reminders.findIndex((reminder) => reminderOffset(reminder) !== null);
  const offset = first === -1 ? null : reminderOffset(reminders[first] ?? '');
  if (offset === null) {
    problems.push({
      row: line,
      message: `Reminder "${quote(reminders.join(','))}" not understood; ${instead}`,
    });
    return null;
  }
  if (reminders.length > 1) {
    problems.push({
      row: line,
      message: `Only the first of its ${reminders.length} reminders kept`,
    });
  }
  const at = localParts(new Date(due.instant.getTime() + offset * 60_000), due.format);
  if (at.date === due.local.date) {
    return at.time;
  }
  problems.push({
    row: line,
    message: `Reminder "${quote(reminders[first] ?? '')}" is not on the due date; ${instead}`,
  });
  return null;
}

/**
 * A timed task's reminders (ADR 0030): each that TickTick keeps and we understand, up to
 * TODO_REMINDERS_MAX, as minutes before the due time, or at its instant when it is after the due
 * time or further before it than Daywise counts. None understood: it reminds at its due time, as a
 * timed task without reminders does.
 */
function tickTickTimedReminders(
  { cell, problems }: TickTickReading,
  record: string[],
  line: number,
  due: TickTickDue,
): { dueDate: string; dueTime: string; reminders: TodoReminder[]; reminderTime: string | null } {
  const cells = cell(record, 'Reminder')
    .split(',')
    .map((reminder) => reminder.trim())
    .filter(Boolean);
  const reminders: TodoReminder[] = [];
  const seen = new Set<string>();
  const unknown: string[] = [];
  for (const reminder of cells) {
    const offset = reminderOffset(reminder);
    if (offset === null) {
      unknown.push(reminder);
      continue;
    }
    const each: TodoReminder =
      offset <= 0 && -offset <= REMINDER_BEFORE_MAX_MINUTES
        ? { before: -offset }
        : { at: new Date(due.instant.getTime() + offset * 60_000).toISOString() };
    const key = JSON.stringify(each);
    if (!seen.has(key)) {
      seen.add(key);
      reminders.push(each);
    }
  }
  if (unknown.length > 0) {
    problems.push({
      row: line,
      message: `Reminder "${quote(unknown.join(','))}" not understood; ${reminders.length > 0 ? 'left out' : `reminds at the due time (${due.local.time})`}`,
    });
  }
  if (reminders.length > TODO_REMINDERS_MAX) {
    problems.push({
      row: line,
      message: `Only the first ${TODO_REMINDERS_MAX} of its ${reminders.length} reminders kept`,
    });
  }
  const kept = reminders.length > 0 ? reminders.slice(0, TODO_REMINDERS_MAX) : [{ before: 0 }];
  const timing = { dueDate: due.local.date, dueTime: due.local.time, reminders: kept };
  return {
    ...timing,
    reminderTime: legacyReminderTime({
      day: timing.dueDate,
      dueTime: timing.dueTime,
      reminders: kept,
      dailyTime: null,
    }),
  };
}

/** A task's folder and tags, each made a tag and said once in the mappings; its list's key. */
function tickTickTags(
  { cell, mapOnce, places }: TickTickReading,
  record: string[],
): { folder: string; list: string; listKey: string | null; tags: string[] } {
  const folder = cell(record, 'Folder Name').trim();
  const list = cell(record, 'List Name').trim();
  const tagNames = cell(record, 'Tags')
    .split(',')
    .map((tag) => tag.trim().replace(/^#/, ''))
    .filter(Boolean);
  if (folder) {
    mapOnce(`Folder "${quote(folder)}"`, `tag "${cut(folder, PLAN_LIMITS.tagNameMax).trim()}"`);
  }
  const listKey = places.list(list);
  const listName = places.places.lists.find((each) => each.key === listKey)?.name;
  if (list) {
    mapOnce(`List "${quote(list)}"`, listName === undefined ? 'the Inbox' : `list "${listName}"`);
  }
  for (const tag of tagNames) {
    mapOnce(`Tag "${quote(tag)}"`, `tag "${cut(tag, PLAN_LIMITS.tagNameMax).trim()}"`);
  }
  return { folder, list, listKey, tags: [...(folder ? [folder] : []), ...tagNames] };
}

/**
 * A task's kanban column ('Column Name') as a section of its list, said once in the mappings:
 * the sections are made in the order their columns first appear (file-places.ts).
 */
function tickTickColumn(
  { cell, mapOnce, places }: TickTickReading,
  record: string[],
  list: string,
  listKey: string | null,
): string | null {
  const column = cell(record, 'Column Name').trim();
  const sectionKey = column ? places.section(listKey, column) : null;
  if (sectionKey) {
    mapOnce(
      `Column "${quote(column)}" of "${quote(list || 'Inbox')}"`,
      `section "${places.sectionName(sectionKey) ?? ''}"`,
    );
  }
  return sectionKey;
}

/** A task row as an item: its dates in its zone, its status, repeat, priority and tags. */
function tickTickTask(
  reading: TickTickReading,
  record: string[],
  line: number,
  title: string,
  description = reading.cell(record, 'Content'),
): ImportItem {
  const { cell, context, problems } = reading;
  const allDay = cell(record, 'Is All Day').trim().toLowerCase() !== 'false';
  const { dueRaw, due } = tickTickDue(reading, record, line);
  const timing =
    due && !allDay
      ? importedReminders(tickTickTimedReminders(reading, record, line, due))
      : importedReminders({
          dueDate: due?.local.date ?? null,
          dueTime: null,
          reminderTime: tickTickReminder(reading, record, line, due),
        });
  const status = cell(record, 'Status').trim();
  const completed = status === '1' || status === '2';
  const completedInstant = completed ? tickTickInstant(cell(record, 'Completed Time')) : null;
  const repeatRaw = cell(record, 'Repeat').trim();
  const repeat = repeatRaw ? tickTickRepeat(repeatRaw) : null;
  if (repeatRaw && !repeat) {
    problems.push({
      row: line,
      message: `Repeat "${cut(repeatRaw, 80)}" cannot be imported; imported once`,
    });
  }
  const { folder, list, listKey, tags } = tickTickTags(reading, record);
  const sectionKey = tickTickColumn(reading, record, list, listKey);
  const priorityCell = cell(record, 'Priority').trim();
  const priority = TICKTICK_PRIORITY[priorityCell];
  if (!priority && priorityCell) {
    problems.push({
      row: line,
      message: `Priority "${quote(priorityCell)}" unknown; imported as Low`,
    });
  }
  const texts = fitText({ title, description }, line, problems);
  const fitted = fitTags(tags, line, problems);
  reading.palette.add(fitted);
  const taskId = cell(record, 'taskId').trim();
  const identity = taskId
    ? [taskId]
    : [folder, list, title.trim(), cell(record, 'Created Time').trim(), dueRaw.trim()];
  return {
    row: line,
    sourceKey: countedSourceKey('ticktick', identity, reading.seen),
    ...texts,
    priority: priority ?? 'low',
    dueDate: due?.local.date ?? null,
    ...timing,
    completed,
    completedAt: completed ? (completedInstant ?? context.now).toISOString() : null,
    tags: fitted,
    repeat,
    listId: listKey,
    sectionId: sectionKey,
    // Found once every row is read (nested).
    parentKey: null,
  };
}

/** A checklist's items as subtasks of their task's item, done or not as the file marks them. */
function checklistItems(
  reading: TickTickReading,
  task: ImportItem,
  entries: { title: string; done: boolean }[],
): ImportItem[] {
  return entries.map(({ title, done }) => ({
    row: task.row,
    sourceKey: countedSourceKey('ticktick', [task.sourceKey, 'checklist', title], reading.seen),
    ...fitText({ title, description: '' }, task.row, reading.problems),
    priority: 'low',
    dueDate: null,
    dueTime: null,
    reminders: [],
    reminderTime: null,
    completed: done,
    completedAt: done ? (task.completedAt ?? reading.context.now.toISOString()) : null,
    tags: [],
    repeat: null,
    listId: task.listId,
    sectionId: task.sectionId,
    parentKey: task.sourceKey,
  }));
}

export async function parseTickTick(
  text: string,
  headerLine: number,
  context: ParseContext,
): Promise<ParsedImport> {
  const rows = csvRows(text, headerLine);
  const header = await rows.next();
  if (header.done === true) {
    throw invalidFile(MESSAGES.importNothing);
  }
  const columns = columnsOf(header.value.record);
  const problems: ImportProblem[] = [];
  const mappings: { from: string; to: string }[] = [
    { from: 'TickTick high priority', to: 'High priority' },
    { from: 'TickTick medium priority', to: 'Medium priority' },
    { from: 'TickTick low and no priority', to: 'Low priority' },
    { from: 'TickTick sub-tasks', to: `subtasks, at most ${SUBTASK_DEPTH_MAX} levels deep` },
    { from: 'TickTick checklist items', to: 'subtasks, done or not as they were' },
  ];
  const mapped = new Set<string>();
  // Each zone the file names, or null for one Intl does not know.
  const formats = new Map<string, Intl.DateTimeFormat | null>();
  const reading: TickTickReading = {
    cell: (record, name) => {
      const index = columns.get(name.toUpperCase());
      return index === undefined ? '' : (record[index] ?? '');
    },
    context,
    problems,
    mapOnce: (from, to) => {
      if (!mapped.has(from)) {
        mapped.add(from);
        mappings.push({ from, to });
      }
    },
    formatIn: (zone) => {
      if (!formats.has(zone)) {
        // Not a zone: the user's stands in.
        formats.set(zone, isTimeZone(zone) ? zoneFormat(zone) : null);
      }
      return formats.get(zone) ?? null;
    },
    seen: new Map(),
    palette: tagPalette(),
    places: placesReader(),
  };
  const entries: TickTickEntry[] = [];
  // Checklist items count towards the rows a file may hold.
  let count = 0;
  let tooMany = false;
  for await (const { record, line } of rows) {
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
    const { cell } = reading;
    const title = cell(record, 'Title');
    const kind = cell(record, 'Kind').trim().toUpperCase();
    if (kind === 'NOTE') {
      problems.push({ row: line, message: 'Note skipped (notes are not tasks)' });
      continue;
    }
    if (!title.trim()) {
      problems.push({ row: line, message: 'Task without a title skipped' });
      continue;
    }
    const isChecklist =
      kind === 'CHECKLIST' || cell(record, 'Is Check list').trim().toUpperCase() === 'Y';
    const checklist = isChecklist ? checklistOf(cell(record, 'Content')) : null;
    const item = tickTickTask(reading, record, line, title, checklist?.description);
    count += 1;
    let listed = checklist?.entries ?? [];
    if (count + listed.length > IMPORT_MAX_ROWS) {
      listed = listed.slice(0, Math.max(0, IMPORT_MAX_ROWS - count));
      if (!tooMany) {
        tooMany = true;
        problems.push({ row: line, message: MESSAGES.importTooManyRows(IMPORT_MAX_ROWS) });
      }
    }
    count += listed.length;
    entries.push({
      item,
      taskId: cell(record, 'taskId').trim(),
      parentId: cell(record, 'parentId').trim(),
      checklist: checklistItems(reading, item, listed),
    });
  }
  return {
    format: 'ticktick',
    items: nested(entries, problems),
    problems,
    mappings,
    tagColors: reading.palette.colors,
    places: reading.places.places,
  };
}
