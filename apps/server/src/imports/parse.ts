import { createHash } from 'node:crypto';

import { MESSAGES, todayIn, TODO_LIMITS } from '@daywise/shared';
import {
  type Archive,
  archiveSchema,
  type ArchiveTodo,
  type ImportFormat,
  type ImportProblem,
  PLAN_LIMITS,
  type Priority,
} from '@daywise/shared/schemas';
import * as chrono from 'chrono-node';
import { parse as parseCsv } from 'csv-parse/sync';

import { ApiError } from '../lib/errors';
import { type ImportedRepeat, tickTickRepeat, todoistRepeat } from './repeat';

/** One todo read from a file, in Daywise's terms, before anything is written. */
export interface ImportItem {
  /** The file's row (CSV line, or the todo's place in an archive, from 1). */
  row: number;
  /** Who the item is across imports: a hash of the source and its original identity. */
  sourceKey: string;
  title: string;
  description: string;
  priority: Priority;
  dueDate: string | null;
  reminderTime: string | null;
  completed: boolean;
  completedAt: string | null;
  /** Tag names (each at most PLAN_LIMITS.tagNameMax characters, at most TODO_LIMITS.tagsMax). */
  tags: string[];
  repeat: ImportedRepeat | null;
  /** What a Daywise archive keeps of the todo that other files cannot say. */
  original?: ArchivedTodo;
}

/** A todo's own times and history, as a Daywise archive holds them, restored as they were. */
export interface ArchivedTodo {
  createdAt: string;
  updatedAt: string;
  completedDate: string | null;
  repeatStart: string | null;
  occurrences: NonNullable<ArchiveTodo['occurrences']>;
}

/** What a Daywise archive holds besides todos and tags (imports/restore.ts brings it back). */
export type ArchiveRest = Pick<
  Archive,
  'profile' | 'settings' | 'tags' | 'plans' | 'completions' | 'sharedPlans' | 'chats'
> & { daysOff: NonNullable<Archive['daysOff']> };

export interface ParsedImport {
  format: ImportFormat;
  items: ImportItem[];
  /** Rows skipped or changed, and why. */
  problems: ImportProblem[];
  /** What maps to what, for the preview. */
  mappings: { from: string; to: string }[];
  /** Colours for tags the file names (an archive's tags); others get the default. */
  tagColors: Map<string, string>;
  /** The rest of a Daywise archive; absent for other formats. */
  archive?: ArchiveRest;
}

/** What the parsers need to know about the user: their zone and today, for relative dates. */
export interface ParseContext {
  timeZone: string;
  now: Date;
}

function invalid(message: string): ApiError {
  return new ApiError('IMPORT_FILE_INVALID', message, { file: message });
}

function sourceKey(...parts: (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The file's text: strictly UTF-8 (a byte-order mark is dropped), and text at all: a NUL byte,
 * or invalid UTF-8 in the first bytes where a binary file shows itself, means it is not.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) {
    throw invalid(MESSAGES.importFileEmpty);
  }
  if (bytes.subarray(0, 8192).includes(0)) {
    throw invalid(MESSAGES.importNotText);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid(MESSAGES.importNotUtf8);
  }
  if (text.trim() === '') {
    throw invalid(MESSAGES.importFileEmpty);
  }
  // Control characters other than tab and line ends do not occur in exported text.
  let controls = 0;
  for (const char of text.slice(0, 8192)) {
    const code = char.charCodeAt(0);
    if (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r' && char !== '\f') {
      controls += 1;
    }
  }
  if (controls > 4) {
    throw invalid(MESSAGES.importNotText);
  }
  return text;
}

/** Cuts a text to `max` characters without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/** Keeps a title within the limit; a longer one keeps its whole text in the description. */
function fitText(
  item: { title: string; description: string },
  row: number,
  problems: ImportProblem[],
): { title: string; description: string } {
  let { title, description } = item;
  title = title.replace(/\s+/g, ' ').trim();
  description = description.trim();
  if (Array.from(title).length > TODO_LIMITS.titleMax) {
    description = description ? `${title}\n\n${description}` : title;
    title = `${cut(title, TODO_LIMITS.titleMax - 1)}…`;
    problems.push({ row, message: `Title shortened to ${TODO_LIMITS.titleMax} characters` });
  }
  if (Array.from(description).length > TODO_LIMITS.descriptionMax) {
    description = cut(description, TODO_LIMITS.descriptionMax);
    problems.push({
      row,
      message: `Description shortened to ${TODO_LIMITS.descriptionMax} characters`,
    });
  }
  return { title, description };
}

/** Tag names made to fit: trimmed, at most the tag name length, each once, at most ten. */
function fitTags(names: string[], row: number, problems: ImportProblem[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of names) {
    const name = cut(raw.replace(/\s+/g, ' ').trim(), PLAN_LIMITS.tagNameMax).trim();
    const key = name.normalize('NFKC').toLocaleLowerCase('und');
    if (name && !seen.has(key)) {
      seen.add(key);
      tags.push(name);
    }
  }
  if (tags.length > TODO_LIMITS.tagsMax) {
    problems.push({
      row,
      message: `Only the first ${TODO_LIMITS.tagsMax} of its ${tags.length} tags kept`,
    });
    return tags.slice(0, TODO_LIMITS.tagsMax);
  }
  return tags;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The date and time of an instant in a zone: { date: YYYY-MM-DD, time: HH:MM }. */
function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

function knownZone(zone: string | undefined, fallback: string): string {
  if (!zone) {
    return fallback;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}

/** Reads CSV records with their line numbers; broken quoting is the file's fault. */
function readCsv(text: string, fromLine = 1): { record: string[]; line: number }[] {
  try {
    const records = parseCsv(text, {
      bom: true,
      from_line: fromLine,
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
      // Cells are text: nothing is cast, evaluated or trimmed by the parser.
      cast: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    throw new ApiError(
      'IMPORT_FILE_INVALID',
      MESSAGES.importBadCsv,
      { file: MESSAGES.importBadCsv },
      error,
    );
  }
}

function columnsOf(header: string[]): Map<string, number> {
  return new Map(header.map((name, index) => [name.trim().toUpperCase(), index]));
}

// ---------------------------------------------------------------------------------------------
// Todoist

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
    .replace(/\s*\[\d+\]\s*$/, '')
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

/**
 * A Todoist DATE: recurrence ('every day'), or a date ('2026-11-25', 'Nov 25 2026', 'tomorrow',
 * with or without a time) read in the user's zone relative to today. A time becomes the
 * reminder time.
 */
function todoistDate(
  value: string,
  context: ParseContext,
  row: number,
  problems: ImportProblem[],
): { dueDate: string | null; reminderTime: string | null; repeat: ImportedRepeat | null } {
  const text = value.trim();
  const none = { dueDate: null, reminderTime: null, repeat: null };
  if (!text) {
    return none;
  }
  const today = todayIn(context.timeZone, context.now);
  if (/^(every|after|daily|weekly|monthly|yearly|annually)\b/i.test(text)) {
    const repeat = todoistRepeat(text);
    if (!repeat) {
      problems.push({ row, message: `Repeat "${text}" cannot be imported; imported once` });
    }
    const starting = /\b(?:starting|from) (.+)$/i.exec(text)?.[1];
    const start = starting ? todoistDate(starting, context, row, []) : none;
    const time = /\bat (.+)$/i.exec(text.replace(/\b(?:starting|from|until|ending) .+$/i, ''))?.[1];
    const clock = time ? chrono.parse(`today at ${time}`, context.now)[0]?.start : undefined;
    const reminderTime =
      clock?.isCertain('hour') === true
        ? `${String(clock.get('hour')).padStart(2, '0')}:${String(clock.get('minute') ?? 0).padStart(2, '0')}`
        : null;
    return { dueDate: start.dueDate ?? today, reminderTime, repeat };
  }
  if (DAY.test(text.slice(0, 10)) && validDay(text.slice(0, 10)) && text.length === 10) {
    return { dueDate: text, reminderTime: null, repeat: null };
  }
  const local = localParts(context.now, context.timeZone);
  const reference = new Date(`${local.date}T${local.time}:00Z`);
  const [result] = chrono.parse(text, reference);
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
  if (!validDay(dueDate)) {
    return none;
  }
  const reminderTime = start.isCertain('hour')
    ? `${String(start.get('hour')).padStart(2, '0')}:${String(start.get('minute') ?? 0).padStart(2, '0')}`
    : null;
  return { dueDate, reminderTime, repeat: null };
}

function parseTodoist(text: string, fileName: string, context: ParseContext): ParsedImport {
  const records = readCsv(text);
  const header = records[0];
  if (!header) {
    throw invalid(MESSAGES.importNothing);
  }
  const columns = columnsOf(header.record);
  const cell = (record: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (record[index] ?? '');
  };
  const project = todoistProject(fileName);
  const problems: ImportProblem[] = [];
  const mappings: { from: string; to: string }[] = [];
  if (project) {
    mappings.push({ from: `Project "${project}"`, to: `tag "${project}"` });
  }
  mappings.push(
    { from: 'Todoist p1', to: 'High priority' },
    { from: 'Todoist p2', to: 'Medium priority' },
    { from: 'Todoist p3 and p4', to: 'Low priority' },
  );
  const items: ImportItem[] = [];
  const seen = new Map<string, number>();
  const labelsSeen = new Set<string>();
  let section: string | null = null;
  let last: ImportItem | null = null;
  for (const { record, line } of records.slice(1)) {
    const type = cell(record, 'TYPE').trim().toLowerCase();
    const content = cell(record, 'CONTENT');
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
    if (type === 'section') {
      section = cut(content.trim(), PLAN_LIMITS.tagNameMax).trim() || null;
      if (section) {
        mappings.push({ from: `Section "${content.trim()}"`, to: `tag "${section}"` });
      }
      last = null;
      continue;
    }
    if (type === 'note') {
      if (last && content.trim()) {
        const author = cell(record, 'AUTHOR')
          .replace(/\s*\(\d+\)\s*$/, '')
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
      problems.push({ row: line, message: `Row of type "${type || 'none'}" skipped` });
      continue;
    }
    if (!content.trim()) {
      problems.push({ row: line, message: 'Task without a name skipped' });
      last = null;
      continue;
    }
    const { title: rawTitle, labels } = todoistLabels(content);
    for (const label of labels) {
      if (!labelsSeen.has(label)) {
        labelsSeen.add(label);
        mappings.push({
          from: `Label "@${label}"`,
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
      problems.push({ row: line, message: `Priority "${priorityCell}" unknown; imported as Low` });
    }
    const date = todoistDate(cell(record, 'DATE'), context, line, problems);
    const identity = [
      project,
      section,
      content.trim(),
      cell(record, 'DESCRIPTION').trim(),
      cell(record, 'DATE').trim(),
    ];
    const identityKey = JSON.stringify(identity);
    const occurrence = (seen.get(identityKey) ?? 0) + 1;
    seen.set(identityKey, occurrence);
    const item: ImportItem = {
      row: line,
      sourceKey: sourceKey('todoist', ...identity, occurrence),
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
    items.push(item);
    last = item;
  }
  return { format: 'todoist', items, problems, mappings, tagColors: new Map() };
}

// ---------------------------------------------------------------------------------------------
// TickTick

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
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The header row of a TickTick backup comes after a few lines about the backup. */
function tickTickHeaderLine(text: string): number | null {
  const lines = text.split(/\r?\n/, 40);
  const index = lines.findIndex(
    (line) => /"?Folder Name"?,/.test(line) && /"?List Name"?/.test(line) && /"?Title"?/.test(line),
  );
  return index === -1 ? null : index + 1;
}

function parseTickTick(text: string, headerLine: number, context: ParseContext): ParsedImport {
  const records = readCsv(text, headerLine);
  const header = records[0];
  if (!header) {
    throw invalid(MESSAGES.importNothing);
  }
  const columns = columnsOf(header.record);
  const cell = (record: string[], name: string) => {
    const index = columns.get(name.toUpperCase());
    return index === undefined ? '' : (record[index] ?? '');
  };
  const problems: ImportProblem[] = [];
  const mappings: { from: string; to: string }[] = [
    { from: 'TickTick high priority', to: 'High priority' },
    { from: 'TickTick medium priority', to: 'Medium priority' },
    { from: 'TickTick low and no priority', to: 'Low priority' },
  ];
  const mapped = new Set<string>();
  const mapOnce = (from: string, to: string) => {
    if (!mapped.has(from)) {
      mapped.add(from);
      mappings.push({ from, to: `tag "${cut(to, PLAN_LIMITS.tagNameMax).trim()}"` });
    }
  };
  const items: ImportItem[] = [];
  const seen = new Map<string, number>();
  for (const { record, line } of records.slice(1)) {
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
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
    const zone = knownZone(cell(record, 'Timezone').trim(), context.timeZone);
    const allDay = cell(record, 'Is All Day').trim().toLowerCase() !== 'false';
    const dueRaw = cell(record, 'Due Date') || cell(record, 'Start Date');
    const due = tickTickInstant(dueRaw);
    if (dueRaw.trim() && !due) {
      problems.push({
        row: line,
        message: `Date "${dueRaw.trim()}" not understood; imported without a due date`,
      });
    }
    const dueLocal = due ? localParts(due, zone) : null;
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
    const folder = cell(record, 'Folder Name').trim();
    const list = cell(record, 'List Name').trim();
    const tagNames = cell(record, 'Tags')
      .split(',')
      .map((tag) => tag.trim().replace(/^#/, ''))
      .filter(Boolean);
    if (folder) {
      mapOnce(`Folder "${folder}"`, folder);
    }
    if (list && list.toLowerCase() !== 'inbox') {
      mapOnce(`List "${list}"`, list);
    }
    for (const tag of tagNames) {
      mapOnce(`Tag "${tag}"`, tag);
    }
    const priorityCell = cell(record, 'Priority').trim();
    const priority = TICKTICK_PRIORITY[priorityCell];
    if (!priority && priorityCell) {
      problems.push({ row: line, message: `Priority "${priorityCell}" unknown; imported as Low` });
    }
    const texts = fitText({ title, description: cell(record, 'Content') }, line, problems);
    const taskId = cell(record, 'taskId').trim();
    const identity = taskId
      ? [taskId]
      : [folder, list, title.trim(), cell(record, 'Created Time').trim(), dueRaw.trim()];
    const identityKey = JSON.stringify(identity);
    const occurrence = (seen.get(identityKey) ?? 0) + 1;
    seen.set(identityKey, occurrence);
    items.push({
      row: line,
      sourceKey: sourceKey('ticktick', ...identity, occurrence),
      ...texts,
      priority: priority ?? 'low',
      dueDate: dueLocal?.date ?? null,
      reminderTime: dueLocal && !allDay ? dueLocal.time : null,
      completed,
      completedAt: completed ? (completedInstant ?? context.now).toISOString() : null,
      tags: fitTags(
        [
          ...(folder ? [folder] : []),
          ...(list && list.toLowerCase() !== 'inbox' ? [list] : []),
          ...tagNames,
        ],
        line,
        problems,
      ),
      repeat,
    });
  }
  return { format: 'ticktick', items, problems, mappings, tagColors: new Map() };
}

// ---------------------------------------------------------------------------------------------
// Daywise archive

function parseArchive(text: string): ParsedImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(MESSAGES.importBadArchive);
  }
  const isArchive =
    typeof json === 'object' &&
    json !== null &&
    (json as { format?: unknown }).format === 'daywise-archive';
  if (!isArchive) {
    throw invalid(MESSAGES.importUnknownFormat);
  }
  const parsed = archiveSchema.safeParse(json);
  if (!parsed.success) {
    throw invalid(MESSAGES.importBadArchive);
  }
  const archive = parsed.data;
  const tagsById = new Map(archive.tags.map((tag) => [tag.id, tag]));
  const tagColors = new Map(archive.tags.map((tag) => [tag.name, tag.color]));
  const problems: ImportProblem[] = [];
  const items = archive.todos.map((todo, index): ImportItem => {
    const row = index + 1;
    const tagNames = (todo.tagIds ?? [])
      .map((id) => tagsById.get(id)?.name)
      .filter((name): name is string => name !== undefined);
    return {
      row,
      sourceKey: sourceKey('daywise', todo.id),
      ...fitText(todo, row, problems),
      priority: todo.priority,
      dueDate: todo.dueDate,
      reminderTime: todo.reminderTime,
      completed: todo.completed,
      completedAt: todo.completed ? (todo.completedAt ?? archive.exportedAt) : null,
      tags: fitTags(tagNames, row, problems),
      repeat: todo.repeat ?? null,
      original: {
        createdAt: todo.createdAt,
        updatedAt: todo.updatedAt,
        completedDate: todo.completedDate,
        repeatStart: todo.repeatStart ?? null,
        occurrences: todo.occurrences ?? [],
      },
    };
  });
  const { profile, settings, tags, plans, completions, sharedPlans, chats } = archive;
  return {
    format: 'daywise',
    items,
    problems,
    mappings: archive.tags.map((tag) => ({ from: `Tag "${tag.name}"`, to: `tag "${tag.name}"` })),
    tagColors,
    archive: {
      profile,
      settings,
      tags,
      plans,
      completions,
      sharedPlans,
      chats,
      daysOff: archive.daysOff ?? [],
    },
  };
}

/**
 * Reads an uploaded file: its encoding checked, its format detected from its content (a
 * Daywise archive's `format`, Todoist's header row, TickTick's header after its preamble), and
 * its items in Daywise's terms. Throws a 400 with a message for the person for any file it
 * cannot read; writes nothing.
 */
export function parseImport(bytes: Buffer, fileName: string, context: ParseContext): ParsedImport {
  const text = decodeText(bytes);
  const start = text.replace(/^\uFEFF/, '').trimStart();
  let parsed: ParsedImport;
  if (start.startsWith('{')) {
    parsed = parseArchive(start);
  } else {
    const firstLine = start.split(/\r?\n/, 1)[0]?.toUpperCase() ?? '';
    const tickTickLine = tickTickHeaderLine(text);
    if (
      /(^|,)"?TYPE"?,/.test(firstLine) &&
      firstLine.includes('CONTENT') &&
      firstLine.includes('PRIORITY')
    ) {
      parsed = parseTodoist(text, fileName, context);
    } else if (tickTickLine !== null) {
      parsed = parseTickTick(text, tickTickLine, context);
    } else {
      throw invalid(MESSAGES.importUnknownFormat);
    }
  }
  // An archive without todos still brings back the profile, settings and plans.
  if (parsed.items.length === 0 && !parsed.archive) {
    throw invalid(MESSAGES.importNothing);
  }
  return parsed;
}
