import { isCalendarDay, isTimeZone, MESSAGES } from '@daywise/shared';
import { type ImportProblem, PLAN_LIMITS, type Priority } from '@daywise/shared/schemas';

import { importedReminders } from '../todos/todo-reminders';
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

/*
 * A TickTick backup (CSV): a few lines about the backup, then a header row and one row per task
 * or note, each instant with the task's own time zone, reminders as offsets from the due time.
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
 * A task's reminder time. Daywise has one, on the due date: the first reminder TickTick keeps
 * that we understand, from the due time (from the start of the day for an all-day task), if it
 * falls on the due date; otherwise a timed task reminds at its due time and an all-day one not at
 * all, and a problem line says so. A timed task without reminders reminds at its due time, as
 * before (ADR 0021, 2026-11-28).
 */
function tickTickReminder(
  { cell, problems }: TickTickReading,
  record: string[],
  line: number,
  due: TickTickDue | null,
  allDay: boolean,
): string | null {
  const dueTime = due && !allDay ? due.local.time : null;
  const reminders = cell(record, 'Reminder')
    .split(',')
    .map((reminder) => reminder.trim())
    .filter(Boolean);
  if (!due || reminders.length === 0) {
    return dueTime;
  }
  const instead = dueTime
    ? `reminds at the due time (${dueTime})`
    : 'imported without a reminder time';
  const first = reminders.findIndex((reminder) => reminderOffset(reminder) !== null);
  const offset = first === -1 ? null : reminderOffset(reminders[first] ?? '');
  if (offset === null) {
    problems.push({
      row: line,
      message: `Reminder "${quote(reminders.join(','))}" not understood; ${instead}`,
    });
    return dueTime;
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
  return dueTime;
}

/** A task's folder, list (but the Inbox) and tags, each made a tag and said once in the mappings. */
function tickTickTags(
  { cell, mapOnce }: TickTickReading,
  record: string[],
): { folder: string; list: string; tags: string[] } {
  const folder = cell(record, 'Folder Name').trim();
  const list = cell(record, 'List Name').trim();
  const tagNames = cell(record, 'Tags')
    .split(',')
    .map((tag) => tag.trim().replace(/^#/, ''))
    .filter(Boolean);
  if (folder) {
    mapOnce(`Folder "${quote(folder)}"`, folder);
  }
  if (list && list.toLowerCase() !== 'inbox') {
    mapOnce(`List "${quote(list)}"`, list);
  }
  for (const tag of tagNames) {
    mapOnce(`Tag "${quote(tag)}"`, tag);
  }
  return {
    folder,
    list,
    tags: [
      ...(folder ? [folder] : []),
      ...(list && list.toLowerCase() !== 'inbox' ? [list] : []),
      ...tagNames,
    ],
  };
}

/** A task row as an item: its dates in its zone, its status, repeat, priority and tags. */
function tickTickTask(
  reading: TickTickReading,
  record: string[],
  line: number,
  title: string,
): ImportItem {
  const { cell, context, problems } = reading;
  const allDay = cell(record, 'Is All Day').trim().toLowerCase() !== 'false';
  const { dueRaw, due } = tickTickDue(reading, record, line);
  const reminderTime = tickTickReminder(reading, record, line, due, allDay);
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
  const { folder, list, tags } = tickTickTags(reading, record);
  const priorityCell = cell(record, 'Priority').trim();
  const priority = TICKTICK_PRIORITY[priorityCell];
  if (!priority && priorityCell) {
    problems.push({
      row: line,
      message: `Priority "${quote(priorityCell)}" unknown; imported as Low`,
    });
  }
  const texts = fitText({ title, description: cell(record, 'Content') }, line, problems);
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
    ...importedReminders({
      dueDate: due?.local.date ?? null,
      dueTime: due && !allDay ? due.local.time : null,
      reminderTime,
    }),
    completed,
    completedAt: completed ? (completedInstant ?? context.now).toISOString() : null,
    tags: fitted,
    repeat,
    // TickTick's lists are read as tags for now; the list mapping is a later step (issue 32),
    // and so are folders and checklist items.
    listId: null,
    sectionId: null,
    parentKey: null,
  };
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
        mappings.push({ from, to: `tag "${cut(to, PLAN_LIMITS.tagNameMax).trim()}"` });
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
  };
  const items: ImportItem[] = [];
  for await (const { record, line } of rows) {
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
    const title = reading.cell(record, 'Title');
    const kind = reading.cell(record, 'Kind').trim().toUpperCase();
    if (kind === 'NOTE') {
      problems.push({ row: line, message: 'Note skipped (notes are not tasks)' });
      continue;
    }
    if (!title.trim()) {
      problems.push({ row: line, message: 'Task without a title skipped' });
      continue;
    }
    items.push(tickTickTask(reading, record, line, title));
  }
  return { format: 'ticktick', items, problems, mappings, tagColors: reading.palette.colors };
}
