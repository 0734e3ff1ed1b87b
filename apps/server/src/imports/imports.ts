import { DEFAULT_TAG_COLOR, MESSAGES, QUOTAS, repeatText, todayIn } from '@daywise/shared';
import {
  type ImportPreview,
  type ImportProblem,
  type ImportStatus,
  type Repeat,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import type { Database, ImportTable, TodoTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { DomainEvent, EventBus } from '../lib/events';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { lockQuota } from '../lib/quota';
import { slicer } from '../lib/slices';
import { refuseDuplicate } from '../lib/unique-violation';
import { tagNameKey } from '../plans/tags';
import { newSeriesColumns, storedRepeat } from '../todos/repeating';
import { type ArchivedTodo, type ImportItem, type ParsedImport } from './parse';
import {
  importBatchSize,
  type ImportCaller,
  restoreAccount,
  restorePlansAndDaysOff,
  restorePreview,
} from './restore';

/** The first items the preview shows. */
const SAMPLE_SIZE = 20;
/** At most this many per-row problems are kept and shown; a last line says how many more. */
const PROBLEMS_SHOWN = 500;
/** At most this many mappings are shown (a file can name a label or a list on every row). */
const MAPPINGS_SHOWN = 500;
/** At most this many tag names are listed in a problem line. */
const TAG_NAMES_SHOWN = 20;
/** A running import not heard from for this long was stopped (the server restarted). */
export const IMPORT_STALE_MS = 2 * 60_000;

type ImportRow = Selectable<ImportTable>;

function chunks<T>(values: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += size) {
    result.push(values.slice(start, start + size));
  }
  return result;
}

/**
 * Occurrence records written per transaction, at most, beside importBatchSize's items: a habit
 * restored from an archive may bring years of them, and its batch must still fit in a slice.
 */
const OCCURRENCES_PER_BATCH = 500;

/**
 * The items in batches of `size`, each closed early once its archived occurrences reach
 * OCCURRENCES_PER_BATCH; with each batch, the position of its first item in the file.
 */
function importBatches(
  items: readonly ImportItem[],
  size: number,
): { first: number; batch: ImportItem[] }[] {
  const batches: { first: number; batch: ImportItem[] }[] = [];
  let batch: ImportItem[] = [];
  let occurrences = 0;
  items.forEach((item, index) => {
    batch.push(item);
    occurrences += item.original?.occurrences.length ?? 0;
    if (
      batch.length === size ||
      occurrences >= OCCURRENCES_PER_BATCH ||
      index === items.length - 1
    ) {
      batches.push({ first: index + 1 - batch.length, batch });
      batch = [];
      occurrences = 0;
    }
  });
  return batches;
}

/** Which of these source keys the user imported before. */
async function importedKeys(
  db: Kysely<Database>,
  userId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const pause = slicer();
  for (const part of chunks(keys, 500)) {
    await pause();
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

async function todoCount(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('todos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The user's tags by name key. */
async function tagsByKey(db: Kysely<Database>, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('user_tags')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.id]));
}

/**
 * The distinct tag names of these items that the user does not have, in first-seen order; with
 * the file, also its tags no item carries (an archive brings back all of its tags).
 */
async function missingTags(
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
    for (const name of tagNames) {
      const key = tagNameKey(name);
      if (!existing.has(key) && !names.has(key)) {
        names.set(key, name);
      }
    }
  }
  return [...names.values()];
}

function limitProblems(problems: ImportProblem[]): ImportProblem[] {
  if (problems.length <= PROBLEMS_SHOWN) {
    return problems;
  }
  return [
    ...problems.slice(0, PROBLEMS_SHOWN),
    { row: 0, message: `And ${problems.length - PROBLEMS_SHOWN} more rows with problems` },
  ];
}

function overQuotaProblem(count: number): ImportProblem {
  return {
    row: 0,
    message: `${count.toLocaleString('en-US')} todos left out: you can have at most ${QUOTAS.todos.toLocaleString('en-US')} todos`,
  };
}

function tagQuotaProblem(names: string[]): ImportProblem {
  const more = names.length - TAG_NAMES_SHOWN;
  return {
    row: 0,
    message:
      `Tags not created (you can have at most ${QUOTAS.tags} tags): ` +
      names.slice(0, TAG_NAMES_SHOWN).join(', ') +
      (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''),
  };
}

/** What importing the file would do, read without writing anything. */
export async function previewImport(
  db: Kysely<Database>,
  userId: string,
  parsed: ParsedImport,
  fileName: string,
  caller: ImportCaller,
): Promise<ImportPreview> {
  const [done, count, tags] = await Promise.all([
    importedKeys(
      db,
      userId,
      parsed.items.map((item) => item.sourceKey),
    ),
    todoCount(db, userId),
    tagsByKey(db, userId),
  ]);
  const fresh = parsed.items.filter((item) => !done.has(item.sourceKey));
  const room = Math.max(0, QUOTAS.todos - count);
  const overQuota = Math.max(0, fresh.length - room);
  const kept = fresh.slice(0, room);
  const newTags = await missingTags(kept, tags, parsed);
  const tagRoom = Math.max(0, QUOTAS.tags - tags.size);
  const problems = [...parsed.problems];
  if (overQuota > 0) {
    problems.push(overQuotaProblem(overQuota));
  }
  if (newTags.length > tagRoom) {
    problems.push(tagQuotaProblem(newTags.slice(tagRoom)));
  }
  return {
    format: parsed.format,
    fileName,
    total: parsed.items.length,
    alreadyImported: parsed.items.length - fresh.length,
    toCreate: kept.length,
    overQuota,
    completed: parsed.items.filter((item) => item.completed).length,
    withDueDate: parsed.items.filter((item) => item.dueDate !== null).length,
    repeating: parsed.items.filter((item) => item.repeat !== null).length,
    mappings: parsed.mappings.slice(0, MAPPINGS_SHOWN),
    newTags: newTags.slice(0, tagRoom),
    problems: limitProblems(problems),
    restores: parsed.archive ? await restorePreview(db, userId, parsed.archive, caller) : [],
    sample: parsed.items.slice(0, SAMPLE_SIZE).map((item) => ({
      row: item.row,
      title: item.title,
      priority: item.priority,
      dueDate: item.dueDate,
      completed: item.completed,
      tags: item.tags,
      // In the words the todo list will use ('2 weeks after completion').
      repeat: item.repeat ? repeatText(item.repeat) : null,
    })),
  };
}

function presentImport(row: ImportRow, now: Date): ImportStatus {
  const stale =
    row.status === 'running' &&
    now.getTime() - new Date(row.updated_at).getTime() > IMPORT_STALE_MS;
  const problems = JSON.parse(row.problems) as ImportProblem[];
  return {
    id: row.id,
    format: row.format,
    fileName: row.file_name,
    status: stale ? 'failed' : row.status,
    total: row.total,
    processed: row.processed,
    created: row.created_count,
    alreadyImported: row.existing_count,
    tagsCreated: row.tags_created,
    restored: JSON.parse(row.restored) as string[],
    problems: stale ? [...problems, { row: 0, message: MESSAGES.importFailed }] : problems,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** The user's own import, or 404. */
export async function readImport(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date,
): Promise<ImportStatus> {
  const row = readable(
    await db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  return presentImport(row, now);
}

/**
 * Marks the user's imports that stopped with their server (running, not heard from for
 * IMPORT_STALE_MS) failed, as presentImport already shows them, so they hold no place.
 */
async function failStopped(trx: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const stopped = await trx
    .selectFrom('imports')
    .select(['id', 'problems'])
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .where('updated_at', '<', new Date(now.getTime() - IMPORT_STALE_MS).toISOString())
    .execute();
  for (const { id, problems } of stopped) {
    await trx
      .updateTable('imports')
      .set({
        status: 'failed',
        problems: JSON.stringify([
          ...(JSON.parse(problems) as ImportProblem[]),
          { row: 0, message: MESSAGES.importFailed },
        ]),
        finished_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }
}

/**
 * Records a confirmed import as running. One import of a user runs at a time, and the database
 * holds that under any concurrency (ADR 0022): a unique index over a user's running import
 * (migration 0022) refuses every start but one with 409 IMPORT_RUNNING. An import that stopped
 * with its server is marked failed first, so it never blocks the user for more than
 * IMPORT_STALE_MS.
 */
export async function createImport(
  db: Kysely<Database>,
  userId: string,
  parsed: ParsedImport,
  fileName: string,
  now: Date,
): Promise<ImportStatus> {
  const row: ImportRow = {
    id: newId(),
    user_id: userId,
    format: parsed.format,
    file_name: fileName,
    status: 'running',
    total: parsed.items.length,
    processed: 0,
    created_count: 0,
    existing_count: 0,
    tags_created: 0,
    problems: JSON.stringify(limitProblems(parsed.problems)),
    restored: '[]',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    finished_at: null,
  };
  await refuseDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        await failStopped(trx, userId, now);
        await trx.insertInto('imports').values(row).execute();
      }),
    () => new ApiError('IMPORT_RUNNING'),
  );
  return presentImport(row, now);
}

export interface ImportRun {
  db: Kysely<Database>;
  events: EventBus;
  userId: string;
  importId: string;
  parsed: ParsedImport;
  /** A token's import restores only what the token may change (imports/restore.ts). */
  caller: ImportCaller;
  /** The user's zone: the day a completed todo counts for. */
  timeZone: string;
  clock: () => Date;
  /** An archive's settings were restored: the time zone the server remembers is out of date. */
  onSettingsRestored?: () => void;
}

/**
 * A pending todo's repeat as a series from its due date (todos/repeating.ts); a rule we cannot
 * keep leaves a todo that does not repeat, as the preview said ('Repeats' shows what was read).
 */
async function importedSeries(
  db: Kysely<Database>,
  row: Selectable<TodoTable>,
  repeat: Repeat,
  now: Date,
  timeZone: string,
): Promise<Partial<Selectable<TodoTable>>> {
  try {
    return await newSeriesColumns(db, row, repeat, todayIn(timeZone, now), timeZone);
  } catch (error) {
    if (error instanceof ApiError) {
      return {};
    }
    throw error;
  }
}

/**
 * An archived todo's repeat as it was: its rule, and its series from its first day, so that its
 * restored occurrences count in its habit (imports/restore.ts counts it at the end). A rule we do
 * not accept, or a pending todo without a due date, leaves a todo that does not repeat.
 */
function archivedSeries(
  row: Selectable<TodoTable>,
  repeat: Repeat,
  original: ArchivedTodo,
): Partial<Selectable<TodoTable>> | null {
  const start = original.repeatStart ?? original.occurrences[0]?.date ?? row.due_date;
  if (start === null || (row.due_date === null && !row.completed)) {
    return null;
  }
  try {
    const stored = storedRepeat(repeat);
    return { repeat_rule: stored.rule, repeat_from: stored.from, repeat_start: start };
  } catch (error) {
    if (error instanceof ApiError) {
      return null;
    }
    throw error;
  }
}

/**
 * An archived todo's occurrences, each date once, for the todo restored as `todoId`: within the
 * batch's transaction, so without a pause (importBatches bounds them).
 */
async function restoreOccurrences(
  trx: Kysely<Database>,
  userId: string,
  todoId: string,
  occurrences: ArchivedTodo['occurrences'],
): Promise<void> {
  const byDate = new Map(occurrences.map((occurrence) => [occurrence.date, occurrence]));
  for (const part of chunks([...byDate.values()], 500)) {
    await trx
      .insertInto('todo_occurrences')
      .values(
        part.map((occurrence) => ({
          id: newId(),
          user_id: userId,
          todo_id: todoId,
          occurrence_date: occurrence.date,
          outcome: occurrence.outcome,
          completed_at: occurrence.completedAt,
          completed_on: occurrence.completedOn,
          created_at: occurrence.completedAt,
        })),
      )
      .execute();
  }
}

function dayIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** The import was marked failed meanwhile (it was not heard from for IMPORT_STALE_MS). */
class ImportStopped extends Error {}

/**
 * Writes the import in batches, each in one transaction with its todos' `todo.written`
 * subscribers (reminder jobs), moving the import's progress with it. Items imported before
 * (by source key) are counted, not written; items past the todo quota are left out and said.
 * A failure marks the import failed; what earlier batches wrote stays, and importing again
 * completes it without duplicates. The work yields to other requests between batches (ADR 0022):
 * on SQLite every write is synchronous, so awaiting it alone never would.
 */
export async function runImport(run: ImportRun): Promise<void> {
  const { db, events, userId, importId, parsed, caller, clock } = run;
  let { timeZone } = run;
  const problems = [...parsed.problems];
  const restored: string[] = [];
  let processed = 0;
  let created = 0;
  let existing = 0;
  let tagsCreated = 0;
  let overQuota = 0;
  const tagsRefused = new Set<string>();
  const started = clock().getTime();
  const pause = slicer();
  const emitAll = async (followUps: readonly DomainEvent[]) => {
    for (const event of followUps) {
      await events.emit(event);
    }
  };
  /** Within a batch's transaction: moves the progress, or stops if the import is not running. */
  const heartbeat = async (trx: Kysely<Database>, progress: Partial<ImportRow> = {}) => {
    const { numUpdatedRows } = await trx
      .updateTable('imports')
      .set({ ...progress, updated_at: clock().toISOString() })
      .where('id', '=', importId)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    if (numUpdatedRows === 0n) {
      throw new ImportStopped();
    }
  };
  const restoring = () => ({ db, events, userId, now: clock(), caller, heartbeat });
  try {
    if (parsed.archive) {
      const account = await restoreAccount(restoring(), parsed.archive);
      problems.push(...account.problems);
      restored.push(...account.restored);
      tagsCreated += account.tagsCreated;
      if (account.timeZone !== null) {
        timeZone = account.timeZone;
        run.onSettingsRestored?.();
      }
      await emitAll(account.followUps);
    }
    for (const { first, batch } of importBatches(parsed.items, importBatchSize(db))) {
      await pause();
      const { followUps, wrote, newTags } = await db.transaction().execute(async (trx) => {
        const done = await importedKeys(
          trx,
          userId,
          batch.map((item) => item.sourceKey),
        );
        const fresh = batch.filter((item) => !done.has(item.sourceKey));
        // The quotas hold against creations racing this batch (ADR 0022).
        await lockQuota(trx, 'todos', [userId]);
        await lockQuota(trx, 'user_tags', [userId]);
        const room = Math.max(0, QUOTAS.todos - (await todoCount(trx, userId)));
        const kept = fresh.slice(0, room);
        const now = clock();
        const tags = await tagsByKey(trx, userId);
        let tagRoom = Math.max(0, QUOTAS.tags - tags.size);
        let added = 0;
        for (const name of await missingTags(kept, tags)) {
          if (tagRoom === 0) {
            tagsRefused.add(name);
            continue;
          }
          const id = newId();
          await trx
            .insertInto('user_tags')
            .values({
              id,
              user_id: userId,
              name,
              name_key: tagNameKey(name),
              color: parsed.tagColors.get(name) ?? DEFAULT_TAG_COLOR,
              created_at: now.toISOString(),
            })
            .execute();
          tags.set(tagNameKey(name), id);
          tagRoom -= 1;
          added += 1;
        }
        const written: DomainEvent[] = [];
        for (const [index, item] of kept.entries()) {
          // The file's first row shows first in a newest-first list; an archive's keep their times.
          const position = first + index;
          const { original } = item;
          const createdAt = original?.createdAt ?? new Date(started - position).toISOString();
          const todoId = newId();
          const row: Selectable<TodoTable> = {
            id: todoId,
            user_id: userId,
            title: item.title,
            description: item.description,
            priority: item.priority,
            due_date: item.dueDate,
            reminder_time: item.reminderTime,
            completed: item.completed,
            completed_at: item.completedAt,
            completed_date: item.completedAt
              ? (original?.completedDate ?? dayIn(item.completedAt, timeZone))
              : null,
            created_at: createdAt,
            updated_at: original?.updatedAt ?? createdAt,
            repeat_rule: null,
            repeat_from: null,
            repeat_start: null,
            habit_streak: 0,
            habit_best: 0,
            habit_freezes: 0,
            habit_done: 0,
            habit_through: null,
          };
          if (item.repeat && original) {
            const series = archivedSeries(row, item.repeat, original);
            if (series) {
              Object.assign(row, series);
            } else {
              problems.push({ row: item.row, message: 'Imported without its repeat' });
            }
          } else if (item.repeat && !item.completed && item.dueDate) {
            Object.assign(row, await importedSeries(trx, row, item.repeat, now, timeZone));
          }
          await trx.insertInto('todos').values(row).execute();
          if (row.repeat_rule !== null && original) {
            await restoreOccurrences(trx, userId, todoId, original.occurrences);
          }
          const tagIds = [
            ...new Set(
              item.tags
                .map((name) => tags.get(tagNameKey(name)))
                .filter((id): id is string => id !== undefined),
            ),
          ];
          if (tagIds.length > 0) {
            await trx
              .insertInto('todo_tags')
              .values(tagIds.map((tagId) => ({ todo_id: todoId, tag_id: tagId })))
              .execute();
          }
          await trx
            .insertInto('import_items')
            .values({ user_id: userId, source_key: item.sourceKey, todo_id: todoId })
            .execute();
          if (item.reminderTime && !item.completed) {
            written.push(...(await events.within(trx, { type: 'todo.written', userId, todoId })));
          }
        }
        processed += batch.length;
        created += kept.length;
        existing += batch.length - fresh.length;
        overQuota += fresh.length - kept.length;
        tagsCreated += added;
        await heartbeat(trx, {
          processed,
          created_count: created,
          existing_count: existing,
          tags_created: tagsCreated,
        });
        return { followUps: written, wrote: kept.length > 0, newTags: added > 0 };
      });
      await emitAll(followUps);
      if (wrote) {
        await events.emit({ type: 'todos.changed', userId });
      }
      if (newTags) {
        await events.emit({ type: 'plans.changed', userId });
      }
    }
    if (overQuota > 0) {
      problems.push(overQuotaProblem(overQuota));
    }
    if (tagsRefused.size > 0) {
      problems.push(tagQuotaProblem([...tagsRefused]));
    }
    if (parsed.archive) {
      const rest = await restorePlansAndDaysOff(
        restoring(),
        parsed.archive,
        todayIn(timeZone, clock()),
        timeZone,
      );
      problems.push(...rest.problems);
      restored.push(...rest.restored);
      await emitAll(rest.followUps);
    }
    await finish(db, importId, 'done', problems, restored, clock());
  } catch (error) {
    if (error instanceof ImportStopped) {
      return;
    }
    problems.push({ row: 0, message: MESSAGES.importFailed });
    await finish(db, importId, 'failed', problems, restored, clock()).catch(() => undefined);
    throw error;
  }
}

async function finish(
  db: Kysely<Database>,
  importId: string,
  status: 'done' | 'failed',
  problems: ImportProblem[],
  restored: string[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('imports')
    .set({
      status,
      problems: JSON.stringify(limitProblems(problems)),
      restored: JSON.stringify(restored),
      updated_at: now.toISOString(),
      finished_at: now.toISOString(),
    })
    .where('id', '=', importId)
    .where('status', '=', 'running')
    .execute();
}
