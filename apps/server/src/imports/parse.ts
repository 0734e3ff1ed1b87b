import { createHash } from 'node:crypto';

import {
  IMPORT_MAX_ROWS,
  isCalendarDay,
  isTimeZone,
  MESSAGES,
  QUOTAS,
  todayIn,
  TODO_LIMITS,
} from '@daywise/shared';
import {
  type Archive,
  ARCHIVE_FORMAT,
  archiveSchema,
  type ArchiveTodo,
  type ImportFormat,
  type ImportProblem,
  PLAN_LIMITS,
  type Priority,
} from '@daywise/shared/schemas';
import * as chrono from 'chrono-node';
import { z } from 'zod';

import { slicer } from '../lib/slices';
import { after, before, clip, csvRows, invalidFile, readJson } from './read';
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

function sourceKey(...parts: (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Where a binary file shows itself: its first bytes. */
const HEAD = 8192;

/**
 * The file's text: strictly UTF-8 (a byte-order mark is dropped), and text at all. Invalid UTF-8
 * with a NUL byte near the start is a binary file, and so is text with many control characters
 * there. A NUL in UTF-8 text is not: the readers take it out (imports/read.ts).
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalidFile(
      bytes.subarray(0, HEAD).includes(0) ? MESSAGES.importNotText : MESSAGES.importNotUtf8,
    );
  }
  if (text.trim() === '') {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  // Control characters other than tab and line ends do not occur in exported text.
  let controls = 0;
  for (const char of text.slice(0, HEAD)) {
    const code = char.charCodeAt(0);
    if (
      code > 0 &&
      code < 0x20 &&
      char !== '\t' &&
      char !== '\n' &&
      char !== '\r' &&
      char !== '\f'
    ) {
      controls += 1;
    }
  }
  if (controls > 4) {
    throw invalidFile(MESSAGES.importNotText);
  }
  return text;
}

/** Cuts a text to `max` characters without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  return Array.from(clip(text, 2 * max))
    .slice(0, max)
    .join('');
}

/** A cell as a problem line quotes it: at most 80 characters. */
function quote(text: string): string {
  const short = cut(text, 80);
  return short.length < text.length ? `${short}…` : short;
}

/** Keeps a title within the limit; a longer one keeps its whole text in the description. */
function fitText(
  item: { title: string; description: string },
  row: number,
  problems: ImportProblem[],
): { title: string; description: string } {
  // Clipped first: no later step then costs more than a few thousand characters' work.
  let title = clip(item.title).replace(/\s+/g, ' ').trim();
  let description = clip(item.description).trim();
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
    const name = cut(clip(raw).replace(/\s+/g, ' ').trim(), PLAN_LIMITS.tagNameMax).trim();
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

/**
 * Shows an instant's date and time in a zone (a RangeError for a zone Intl does not know). Made
 * once per zone of a file: making one costs more than reading a row.
 */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** An instant's date and time as a zone's format shows them: { date: YYYY-MM-DD, time: HH:MM }. */
function localParts(instant: Date, format: Intl.DateTimeFormat): { date: string; time: string } {
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
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

async function parseTodoist(
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
  const dates = dateContext(context);
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
  for await (const { record, line } of rows) {
    const type = cell(record, 'TYPE').trim().toLowerCase();
    const content = cell(record, 'CONTENT');
    if (record.every((value) => value.trim() === '')) {
      continue;
    }
    if (type === 'section') {
      section = cut(content.trim(), PLAN_LIMITS.tagNameMax).trim() || null;
      if (section) {
        mappings.push({ from: `Section "${quote(content.trim())}"`, to: `tag "${section}"` });
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
    const date = todoistDate(cell(record, 'DATE'), dates, line, problems);
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
  // On a day Daywise accepts (ADR 0022): an instant past the year 9999 cannot be stored.
  return Number.isNaN(instant.getTime()) || !isCalendarDay(instant.toISOString().slice(0, 10))
    ? null
    : instant;
}

/** The header row of a TickTick backup comes after a few lines about the backup. */
function tickTickHeaderLine(text: string): number | null {
  const lines = text.slice(0, HEAD).split(/\r?\n/, 40);
  const index = lines.findIndex(
    (line) => /"?Folder Name"?,/.test(line) && /"?List Name"?/.test(line) && /"?Title"?/.test(line),
  );
  return index === -1 ? null : index + 1;
}

async function parseTickTick(
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
  // Each zone the file names, or null for one Intl does not know.
  const formats = new Map<string, Intl.DateTimeFormat | null>();
  const formatIn = (zone: string) => {
    if (!formats.has(zone)) {
      // Not a zone: the user's stands in.
      formats.set(zone, isTimeZone(zone) ? zoneFormat(zone) : null);
    }
    return formats.get(zone) ?? null;
  };
  for await (const { record, line } of rows) {
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
    // The task's own zone, else the user's.
    const zone = cell(record, 'Timezone').trim();
    const format = (zone ? formatIn(zone) : null) ?? formatIn(context.timeZone);
    const allDay = cell(record, 'Is All Day').trim().toLowerCase() !== 'false';
    const dueRaw = cell(record, 'Due Date') || cell(record, 'Start Date');
    const due = tickTickInstant(dueRaw);
    const local = due && format ? localParts(due, format) : null;
    // The day in the task's own zone must be one Daywise accepts too (ADR 0022).
    const dueLocal = local && isCalendarDay(local.date) ? local : null;
    if (dueRaw.trim() && !dueLocal) {
      problems.push({
        row: line,
        message: `Date "${quote(dueRaw.trim())}" not understood; imported without a due date`,
      });
    }
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
      mapOnce(`Folder "${quote(folder)}"`, folder);
    }
    if (list && list.toLowerCase() !== 'inbox') {
      mapOnce(`List "${quote(list)}"`, list);
    }
    for (const tag of tagNames) {
      mapOnce(`Tag "${quote(tag)}"`, tag);
    }
    const priorityCell = cell(record, 'Priority').trim();
    const priority = TICKTICK_PRIORITY[priorityCell];
    if (!priority && priorityCell) {
      problems.push({
        row: line,
        message: `Priority "${quote(priorityCell)}" unknown; imported as Low`,
      });
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

/** Each section of records is checked one record at a time, by its schema in archiveSchema. */
const SECTIONS = archiveSchema.shape;

/** The archive with its sections of records not yet checked. */
const envelopeSchema = archiveSchema.extend({
  tags: z.array(z.unknown()),
  todos: z.array(z.unknown()),
  plans: z.array(z.unknown()),
  completions: z.array(z.unknown()),
  sharedPlans: z.array(z.unknown()),
  chats: z.array(z.unknown()),
  daysOff: z.array(z.unknown()).optional(),
});

/**
 * The archive checked by `archiveSchema`, a record at a time with a chance for other requests to
 * run between records (ADR 0022): one call over every record of a large file would hold the
 * server. More than IMPORT_MAX_ROWS records is refused before any is checked.
 */
async function checkedArchive(json: unknown): Promise<Archive> {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw invalidFile(MESSAGES.importBadArchive);
  }
  const { tags, todos, plans, completions, sharedPlans, chats, daysOff, ...rest } = envelope.data;
  const rows = [tags, todos, plans, completions, sharedPlans, chats, daysOff ?? []].reduce(
    (sum, records) => sum + records.length,
    0,
  );
  if (rows > IMPORT_MAX_ROWS) {
    throw invalidFile(MESSAGES.importTooManyRows(IMPORT_MAX_ROWS));
  }
  const pause = slicer();
  const each = async <T>(records: unknown[], schema: z.ZodType<T>): Promise<T[]> => {
    const checked: T[] = [];
    for (const record of records) {
      const result = schema.safeParse(record);
      if (!result.success) {
        throw invalidFile(MESSAGES.importBadArchive);
      }
      checked.push(result.data);
      await pause();
    }
    return checked;
  };
  return {
    ...rest,
    tags: await each(tags, SECTIONS.tags.element),
    todos: await each(todos, SECTIONS.todos.element),
    plans: await each(plans, SECTIONS.plans.element),
    completions: await each(completions, SECTIONS.completions.element),
    sharedPlans: await each(sharedPlans, SECTIONS.sharedPlans.element),
    chats: await each(chats, SECTIONS.chats.element),
    ...(daysOff ? { daysOff: await each(daysOff, SECTIONS.daysOff.unwrap().element) } : {}),
  };
}

async function parseArchive(text: string): Promise<ParsedImport> {
  const json = await readJson(text, MESSAGES.importBadArchive);
  const isArchive =
    typeof json === 'object' &&
    json !== null &&
    (json as { format?: unknown }).format === ARCHIVE_FORMAT;
  if (!isArchive) {
    throw invalidFile(MESSAGES.importUnknownFormat);
  }
  const archive = await checkedArchive(json);
  // A name longer than a tag's is refused when the tags are restored; clipped, it costs no more.
  const tags = archive.tags.map((tag) => ({ ...tag, name: clip(tag.name) }));
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
  const tagColors = new Map(tags.map((tag) => [tag.name, tag.color]));
  const problems: ImportProblem[] = [];
  const items: ImportItem[] = [];
  const pause = slicer();
  for (const [index, todo] of archive.todos.entries()) {
    const row = index + 1;
    // A todo cannot carry more tags than its user can have.
    const tagNames = (todo.tagIds ?? [])
      .slice(0, QUOTAS.tags)
      .map((id) => tagsById.get(id)?.name)
      .filter((name): name is string => name !== undefined);
    items.push({
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
    });
    await pause();
  }
  const { profile, settings, plans, completions, sharedPlans, chats } = archive;
  return {
    format: 'daywise',
    items,
    problems,
    mappings: tags.map((tag) => ({
      from: `Tag "${quote(tag.name)}"`,
      to: `tag "${quote(tag.name)}"`,
    })),
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
 * its items in Daywise's terms, a slice at a time (ADR 0022). Throws a 400 with a message for the
 * person for any file it cannot read; writes nothing.
 */
export async function parseImport(
  bytes: Buffer,
  fileName: string,
  context: ParseContext,
): Promise<ParsedImport> {
  const text = decodeText(bytes);
  const start = text.trimStart();
  let parsed: ParsedImport;
  if (start.startsWith('{')) {
    parsed = await parseArchive(start);
  } else {
    const firstLine = start.slice(0, HEAD).split(/\r?\n/, 1)[0]?.toUpperCase() ?? '';
    const tickTickLine = tickTickHeaderLine(text);
    if (
      /(^|,)"?TYPE"?,/.test(firstLine) &&
      firstLine.includes('CONTENT') &&
      firstLine.includes('PRIORITY')
    ) {
      parsed = await parseTodoist(text, fileName, context);
    } else if (tickTickLine !== null) {
      parsed = await parseTickTick(text, tickTickLine, context);
    } else {
      throw invalidFile(MESSAGES.importUnknownFormat);
    }
  }
  // An archive without todos still brings back the profile, settings and plans.
  if (parsed.items.length === 0 && !parsed.archive) {
    throw invalidFile(MESSAGES.importNothing);
  }
  return parsed;
}
