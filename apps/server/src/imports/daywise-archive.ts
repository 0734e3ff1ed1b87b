import { IMPORT_MAX_ROWS, MESSAGES, QUOTAS } from '@daywise/shared';
import {
  type Archive,
  ARCHIVE_FORMAT,
  archiveSchema,
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
    savedFilters,
    todos,
    plans,
    completions,
    sharedPlans,
    chats,
    daysOff,
    ...rest
  } = envelope.data;
  const sections = [
    tags,
    lists ?? [],
    savedFilters ?? [],
    todos,
    plans,
    completions,
    sharedPlans,
    chats,
    daysOff ?? [],
  ];
  const rows = sections.reduce((sum, records) => sum + records.length, 0);
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
    todos: await each(todos, SECTIONS.todos.element),
    plans: await each(plans, SECTIONS.plans.element),
    completions: await each(completions, SECTIONS.completions.element),
    sharedPlans: await each(sharedPlans, SECTIONS.sharedPlans.element),
    chats: await each(chats, SECTIONS.chats.element),
    ...(daysOff ? { daysOff: await each(daysOff, SECTIONS.daysOff.unwrap().element) } : {}),
  };
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
      ...importedReminders(todo),
      completed: todo.completed,
      completedAt: todo.completed ? (todo.completedAt ?? archive.exportedAt) : null,
      tags: fitTags(tagNames, row, problems),
      repeat: todo.repeat ?? null,
      // The archive's list id: the list restored for it is found when the todo is written.
      listId: todo.listId ?? null,
      original: {
        id: todo.id,
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
      lists: archive.lists ?? [],
      savedFilters: archive.savedFilters ?? [],
    },
  };
}
