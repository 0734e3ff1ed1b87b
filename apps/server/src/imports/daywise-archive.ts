import {
  BLOCK_MINUTES_MIN,
  blockProblem,
  IMPORT_MAX_ROWS,
  MESSAGES,
  QUOTAS,
  SUBTASK_DEPTH_MAX,
} from '@daywise/shared';
import {
  type Archive,
  ARCHIVE_FORMAT,
  archiveSchema,
  type ArchiveTodo,
  type ImportProblem,
} from '@daywise/shared/schemas';
import { z } from 'zod';

import { slicer } from '../lib/slices';
import { importedReminders } from '../todos/todo-reminders';
import type { ImportItem, ParsedImport } from './parsed-import';
import { clip, fitTags, fitText, invalidFile, quote, readJson, sourceKey } from './read';

/*
 * A Daywise archive (docs/data-archive.md): todos with their tags, repeats and history, and the
 * rest of the account, which imports/restore.ts brings back.
 */

/** Each section of records is checked one record at a time, by its schema in archiveSchema. */
const SECTIONS = archiveSchema.shape;

/** The archive with its sections of records not yet checked. */
const envelopeSchema = archiveSchema.extend({
  tags: z.array(z.unknown()),
  lists: z.array(z.unknown()).optional(),
  savedFilters: z.array(z.unknown()).optional(),
  sections: z.array(z.unknown()).optional(),
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
  const {
    tags,
    lists,
    sections,
    savedFilters,
    todos,
    plans,
    completions,
    sharedPlans,
    chats,
    daysOff,
    ...rest
  } = envelope.data;
  const parts = [
    tags,
    lists ?? [],
    savedFilters ?? [],
    sections ?? [],
    todos,
    plans,
    completions,
    sharedPlans,
    chats,
    daysOff ?? [],
  ];
  const rows = parts.reduce((sum, records) => sum + records.length, 0);
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
    ...(lists ? { lists: await each(lists, SECTIONS.lists.unwrap().element) } : {}),
    ...(savedFilters
      ? { savedFilters: await each(savedFilters, SECTIONS.savedFilters.unwrap().element) }
      : {}),
    ...(sections ? { sections: await each(sections, SECTIONS.sections.unwrap().element) } : {}),
    todos: await each(todos, SECTIONS.todos.element),
    plans: await each(plans, SECTIONS.plans.element),
    completions: await each(completions, SECTIONS.completions.element),
    sharedPlans: await each(sharedPlans, SECTIONS.sharedPlans.element),
    chats: await each(chats, SECTIONS.chats.element),
    ...(daysOff ? { daysOff: await each(daysOff, SECTIONS.daysOff.unwrap().element) } : {}),
  };
}

/**
 * How deep each todo of the archive is to be restored below its top-level todo: as it was, but a
 * todo whose parent is not in the file, where a loop of parents is met (`loops`), or that would be
 * more than SUBTASK_DEPTH_MAX levels deep comes back top-level (0), and those below it count from
 * it. Linear in the number of todos, and without recursion, whatever the file says.
 */
function nesting(todos: readonly ArchiveTodo[]): {
  depths: Map<string, number>;
  loops: Set<string>;
} {
  const byId = new Map(todos.map((todo) => [todo.id, todo]));
  const depths = new Map<string, number>();
  const loops = new Set<string>();
  for (const todo of todos) {
    const chain: ArchiveTodo[] = [];
    const onChain = new Set<string>();
    for (let at: ArchiveTodo | undefined = todo; at && !depths.has(at.id);) {
      if (onChain.has(at.id)) {
        depths.set(at.id, 0);
        loops.add(at.id);
        break;
      }
      const parent: ArchiveTodo | undefined = at.parentId ? byId.get(at.parentId) : undefined;
      if (!parent) {
        depths.set(at.id, 0);
        break;
      }
      chain.push(at);
      onChain.add(at.id);
      at = parent;
    }
    for (const below of chain.reverse()) {
      if (!depths.has(below.id)) {
        const above = depths.get(below.parentId ?? '') ?? 0;
        depths.set(below.id, above < SUBTASK_DEPTH_MAX ? above + 1 : 0);
      }
    }
  }
  return { depths, loops };
}

/** Room for each item's place in the file in a sort key (IMPORT_MAX_ROWS fits). */
const FILE_PLACES = 2 ** 17;

/**
 * A todo's time block as the archive holds it (ADR 0031), when it is whole and ends by midnight;
 * otherwise the todo comes without it, and the problem says so.
 */
function archivedBlock(
  todo: ArchiveTodo,
  row: number,
  problems: ImportProblem[],
): Pick<ImportItem, 'blockDate' | 'blockStart' | 'blockMinutes'> {
  const { blockDate = null, blockStart = null, blockMinutes = null } = todo;
  if (blockDate === null && blockStart === null && blockMinutes === null) {
    return {};
  }
  const problem = blockProblem(blockStart, blockMinutes);
  if (problem || blockDate === null || blockMinutes === null || blockMinutes < BLOCK_MINUTES_MIN) {
    problems.push({ row, message: 'Imported without its time block' });
    return {};
  }
  return { blockDate, blockStart, blockMinutes };
}

/**
 * The items with parents before their subtasks, and each among its siblings in its order, else
 * as in the file: each then lands last among those written before it, so the places come back as
 * they were. Sorted as numbers in one native sort, which a file of the most rows allowed keeps
 * well within a slice.
 */
function parentsFirst(placed: readonly { item: ImportItem; depth: number; order: number }[]) {
  const keys = Float64Array.from(
    placed,
    ({ depth, order }, index) => (depth * (QUOTAS.todos + 1) + order) * FILE_PLACES + index,
  ).sort();
  return Array.from(keys, (key) => (placed[key % FILE_PLACES] as (typeof placed)[number]).item);
}

/** An archive's focus sessions by the todo's or the task's id they are on (ADR 0032). */
export function sessionsBy(
  sessions: NonNullable<Archive['focusSessions']>,
  key: 'todoId' | 'taskId',
): Map<string, NonNullable<Archive['focusSessions']>> {
  const byItem = new Map<string, NonNullable<Archive['focusSessions']>>();
  for (const session of sessions) {
    const id = session[key];
    if (id !== null) {
      byItem.set(id, [...(byItem.get(id) ?? []), session]);
    }
  }
  return byItem;
}

export async function parseArchive(text: string): Promise<ParsedImport> {
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
  const placed: { item: ImportItem; depth: number; order: number }[] = [];
  const { depths, loops } = nesting(archive.todos);
  const inFile = new Set(archive.todos.map((todo) => todo.id));
  const topLevel = (id: string, parentId: string) =>
    !inFile.has(parentId)
      ? MESSAGES.importNoParent
      : loops.has(id)
        ? MESSAGES.importParentLoop
        : MESSAGES.importTooDeep;
  const pause = slicer();
  const sessionsByTodo = sessionsBy(archive.focusSessions ?? [], 'todoId');
  for (const [index, todo] of archive.todos.entries()) {
    const row = index + 1;
    const depth = depths.get(todo.id) ?? 0;
    const parentId = depth > 0 ? (todo.parentId ?? null) : null;
    if (todo.parentId && parentId === null) {
      problems.push({ row, message: topLevel(todo.id, todo.parentId) });
    }
    // A todo cannot carry more tags than its user can have.
    const tagNames = (todo.tagIds ?? [])
      .slice(0, QUOTAS.tags)
      .map((id) => tagsById.get(id)?.name)
      .filter((name): name is string => name !== undefined);
    const item: ImportItem = {
      row,
      sourceKey: sourceKey('daywise', todo.id),
      ...fitText(todo, row, problems),
      priority: todo.priority,
      dueDate: todo.dueDate,
      ...importedReminders(todo),
      completed: todo.completed,
      completedAt: todo.completed ? (todo.completedAt ?? archive.exportedAt) : null,
      tags: fitTags(tagNames, row, problems),
      repeat: todo.repeat ?? null,
      // The archive's list and section ids, and its parent's key: what was restored for them is
      // found when the todo is written.
      listId: todo.listId ?? null,
      sectionId: todo.sectionId ?? null,
      parentKey: parentId === null ? null : sourceKey('daywise', parentId),
      ...archivedBlock(todo, row, problems),
      estimateMinutes: todo.estimateMinutes ?? null,
      original: {
        focusSessions: sessionsByTodo.get(todo.id) ?? [],
        id: todo.id,
        createdAt: todo.createdAt,
        updatedAt: todo.updatedAt,
        completedDate: todo.completedDate,
        repeatStart: todo.repeatStart ?? null,
        repeatExcluded: todo.repeatExcluded ?? [],
        occurrences: todo.occurrences ?? [],
        parentId,
        completedWith: todo.completedWith
          ? { key: sourceKey('daywise', todo.completedWith), id: todo.completedWith }
          : null,
      },
    };
    placed.push({ item, depth, order: Math.min(todo.order ?? 0, QUOTAS.todos) });
    await pause();
  }
  const items = parentsFirst(placed);
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
      lists: archive.lists ?? [],
      savedFilters: archive.savedFilters ?? [],
      sections: archive.sections ?? [],
      focusSessions: archive.focusSessions ?? [],
    },
  };
}
