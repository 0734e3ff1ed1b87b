import { QUOTAS } from '@daywise/shared';
import type { ImportProblem } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { chunks } from '../lib/chunks';
import { slicer } from '../lib/slices';
import { tagNameKey } from '../plans/tags';
import type { ImportItem, ParsedImport } from './parsed-import';

/*
 * What the user has already and how much room is left, read alike by the preview and by each
 * batch of the import, and the problem lines that say what did not fit.
 */

/** At most this many per-row problems are kept and shown; a last line says how many more. */
const PROBLEMS_SHOWN = 500;
/** At most this many tag names are listed in a problem line. */
const TAG_NAMES_SHOWN = 20;

/** Which of these source keys the user imported before. */
export async function importedKeys(
  db: Kysely<Database>,
  userId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  // Between queries only: an import's batch calls this inside its transaction (ADR 0022).
  const pause = slicer();
  for (const [index, part] of chunks(keys, 500).entries()) {
    if (index > 0) {
      await pause();
    }
    const rows = await db
      .selectFrom('import_items')
      .select('source_key')
      .where('user_id', '=', userId)
      .where('source_key', 'in', part)
      .execute();
    for (const row of rows) {
      found.add(row.source_key);
    }
  }
  return found;
}

/**
 * Which of these items the user has already, by source key: those an earlier import brought in,
 * and an archive's todos that are still the user's own under their archived id, as in an archive
 * restored into the account it came from (ADR 0021). A todo deleted since comes back.
 */
export async function itemsHere(
  db: Kysely<Database>,
  userId: string,
  items: readonly ImportItem[],
): Promise<Set<string>> {
  const here = await importedKeys(
    db,
    userId,
    items.map((item) => item.sourceKey),
  );
  const byOrigin = new Map<string, string>();
  for (const item of items) {
    if (item.original) {
      byOrigin.set(item.original.id, item.sourceKey);
    }
  }
  // Between queries only, so that a batch's transaction (at most 500 items) never waits within it.
  const pause = slicer();
  for (const [index, part] of chunks([...byOrigin.keys()], 500).entries()) {
    if (index > 0) {
      await pause();
    }
    const rows = await db
      .selectFrom('todos')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) {
      here.add(byOrigin.get(row.id) ?? '');
    }
  }
  return here;
}

export async function todoCount(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('todos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The user's tags by name key. */
export async function tagsByKey(
  db: Kysely<Database>,
  userId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('user_tags')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.id]));
}

/** Adds to `names`, by name key, those of `tagNames` the user has not and it lacks. */
function addMissing(
  names: Map<string, string>,
  tagNames: readonly string[],
  existing: Map<string, string>,
): void {
  for (const name of tagNames) {
    const key = tagNameKey(name);
    if (!existing.has(key) && !names.has(key)) {
      names.set(key, name);
    }
  }
}

/**
 * The distinct tag names of these items that the user does not have, in first-seen order; with
 * the file, also its tags no item carries (an archive brings back all of its tags). It yields as
 * it goes, for a whole file's items: never call it inside a transaction (batchMissingTags).
 */
export async function missingTags(
  items: readonly ImportItem[],
  existing: Map<string, string>,
  file?: ParsedImport,
): Promise<string[]> {
  const names = new Map<string, string>();
  const archived = file?.archive
    ? [file.archive.tags.map((tag) => tag.name.trim()).filter(Boolean)]
    : [];
  const pause = slicer();
  for (const tagNames of [...items.map((item) => item.tags), ...archived]) {
    await pause();
    addMissing(names, tagNames, existing);
  }
  return [...names.values()];
}

/**
 * missingTags for a batch's items, within its transaction, without yielding: on SQLite a pause
 * there would hold the one connection through another turn of the event loop (ADR 0022). A batch
 * holds at most a few hundred items of at most TODO_LIMITS.tagsMax tags each.
 */
export function batchMissingTags(
  items: readonly ImportItem[],
  existing: Map<string, string>,
): string[] {
  const names = new Map<string, string>();
  for (const item of items) {
    addMissing(names, item.tags, existing);
  }
  return [...names.values()];
}

export function limitProblems(problems: ImportProblem[]): ImportProblem[] {
  if (problems.length <= PROBLEMS_SHOWN) {
    return problems;
  }
  return [
    ...problems.slice(0, PROBLEMS_SHOWN),
    { row: 0, message: `And ${problems.length - PROBLEMS_SHOWN} more rows with problems` },
  ];
}

export function overQuotaProblem(count: number): ImportProblem {
  return {
    row: 0,
    message: `${count.toLocaleString('en-US')} todos left out: you can have at most ${QUOTAS.todos.toLocaleString('en-US')} todos`,
  };
}

export function tagQuotaProblem(names: string[]): ImportProblem {
  const more = names.length - TAG_NAMES_SHOWN;
  return {
    row: 0,
    message:
      `Tags not created (you can have at most ${QUOTAS.tags} tags): ` +
      names.slice(0, TAG_NAMES_SHOWN).join(', ') +
      (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''),
  };
}
