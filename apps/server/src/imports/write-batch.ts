import { DEFAULT_TAG_COLOR, QUOTAS, SUBTASK_DEPTH_MAX, todayIn } from '@daywise/shared';
import type { ImportProblem, Repeat } from '@daywise/shared/schemas';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { restoreSessions } from '../focus/sessions';
import { ApiError } from '../lib/errors';
import type { DomainEvent, EventBus } from '../lib/events';
import { newId } from '../lib/ids';
import { lockQuota } from '../lib/quota';
import { insertTag, tagNameKey } from '../plans/tags';
import { newSeriesColumns, storedRepeat } from '../todos/repeating';
import { keptExclusions, parseRule } from '../todos/repeats';
import { placeAmong, siblingsOf } from '../todos/siblings';
import { depthOf } from '../todos/subtasks';
import { newTodoRow, TODO_FIELDS, type TodoRow } from '../todos/todo-fields';
import { type HistoryTail, insertRecords, newestFirst, unfinishedHistories } from './habit-history';
import { batchMissingTags, itemsHere, tagsByKey, todoCount } from './import-room';
import type { ArchivedTodo, ImportItem } from './parsed-import';
import { restoredId } from './restore';
import type { RestoredSection } from './restore-sections';

/**
 * The items in batches of at most `size()` items and `records()` archived occurrence records
 * (both asked as each batch starts, and the records' answer handed on as the batch's `room`): a
 * batch closes before an item whose records would pass its room. An item that brings more than
 * the room alone is a batch of its own, whose transaction writes the todo without them: they
 * follow in transactions of their own (habit-history.ts), each given the whole room, where the
 * batch's share of it would come on top of the todo's own writes. With each batch, the position
 * of its first item in the file.
 */
export function* importBatches(
  items: readonly ImportItem[],
  size: () => number,
  records: () => number,
): Generator<{ first: number; batch: ImportItem[]; room: number }> {
  let first = 0;
  while (first < items.length) {
    const most = Math.max(1, size());
    const room = Math.max(1, records());
    const batch: ImportItem[] = [];
    let occurrences = 0;
    for (const item of items.slice(first, first + most)) {
      const brings = item.original?.occurrences.length ?? 0;
      if (batch.length > 0 && occurrences + brings > room) {
        break;
      }
      batch.push(item);
      occurrences += brings;
    }
    yield { first, batch, room };
    first += batch.length;
  }
}

/**
 * A pending todo's repeat as a series from its due date (todos/repeating.ts); a rule we cannot
 * keep leaves a todo that does not repeat, as the preview said ('Repeats' shows what was read).
 */
async function importedSeries(
  db: Kysely<Database>,
  row: TodoRow,
  repeat: Repeat,
  now: Date,
  timeZone: string,
): Promise<Partial<TodoRow>> {
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
 * An archived series' excluded dates (ADR 0031), those that are days of its rule after its first
 * day: an archive of ours restores them exactly.
 */
function archivedExclusions(
  stored: { rule: string; from: Repeat['from'] },
  start: string,
  original: ArchivedTodo,
): string[] {
  if (stored.from !== 'due' || original.repeatExcluded.length === 0) {
    return [];
  }
  const rule = parseRule(stored.rule, stored.from);
  return keptExclusions({ rule, from: stored.from, start, zone: 'UTC' }, original.repeatExcluded);
}

/**
 * An archived todo's repeat as it was: its rule, and its series from its first day, so that its
 * restored occurrences count in its habit (imports/restore-plans.ts counts it at the end). A rule we do
 * not accept, or a pending todo without a due date, leaves a todo that does not repeat.
 */
function archivedSeries(
  row: TodoRow,
  repeat: Repeat,
  original: ArchivedTodo,
): Partial<TodoRow> | null {
  const start = original.repeatStart ?? original.occurrences[0]?.date ?? row.due_date;
  if (start === null || (row.due_date === null && !row.completed)) {
    return null;
  }
  try {
    const stored = storedRepeat(repeat);
    return {
      repeat_rule: stored.rule,
      repeat_from: stored.from,
      repeat_start: start,
      repeat_excluded: JSON.stringify(archivedExclusions(stored, start, original)),
    };
  } catch (error) {
    if (error instanceof ApiError) {
      return null;
    }
    throw error;
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

/** What writing a batch of items needs besides the transaction. */
export interface BatchWriting {
  events: EventBus;
  userId: string;
  /** Colours for the tags the file names (ParsedImport's); others get the default. */
  tagColors: Map<string, string>;
  /** The user's zone: the day a completed todo counts for. */
  timeZone: string;
  /**
   * An archive's lists: its list ids to those of the lists restored for them (restore-account.ts);
   * a todo whose list was not restored goes to the Inbox.
   */
  listIds: ReadonlyMap<string, string>;
  /**
   * An archive's sections: its section ids to the sections restored for them, with their lists
   * (restore-sections.ts); a todo whose section was not restored, or is not in its list, is in none.
   */
  sectionIds: ReadonlyMap<string, RestoredSection>;
  /** When the import started: a file's rows are created just before it, the first row newest. */
  started: number;
  clock: () => Date;
}

export interface BatchWritten {
  /** Items of the batch not imported before nor already the user's (import-room.ts, itemsHere). */
  fresh: number;
  /** Todos created: the fresh items within the todo quota. */
  created: number;
  tagsCreated: number;
  /** Archived occurrence records written. */
  records: number;
  /**
   * The records left for transactions of their own: of a todo that brought more than the batch's
   * room, and of todos an earlier import left unfinished (habit-history.ts).
   */
  tails: HistoryTail[];
  /** Events for after the commit (reminder jobs follow `todo.written`). */
  followUps: DomainEvent[];
}

/** A batch's room for archived records, and what it leaves for later transactions. */
interface HistoryRoom {
  room: number;
  written: number;
  tails: HistoryTail[];
}

/**
 * Writes one batch within its transaction: the items the user has not already (itemsHere), within
 * the todo quota, with the tags they name that the user has not (within the tag quota; the rest
 * go to `tagsRefused`), and at most `room` of their archived records. `first` is the batch's
 * first item's position in the file.
 */
export async function writeBatch(
  trx: Transaction<Database>,
  writing: BatchWriting,
  { first, batch, room }: { first: number; batch: readonly ImportItem[]; room: number },
  problems: ImportProblem[],
  tagsRefused: Set<string>,
): Promise<BatchWritten> {
  const { userId } = writing;
  const done = await itemsHere(trx, userId, batch);
  const history: HistoryRoom = {
    room,
    written: 0,
    tails: await unfinishedHistories(
      trx,
      userId,
      batch.filter((item) => done.has(item.sourceKey)),
    ),
  };
  const fresh = batch.filter((item) => !done.has(item.sourceKey));
  // The quotas hold against creations racing this batch (ADR 0022).
  await lockQuota(trx, 'todos', [userId]);
  await lockQuota(trx, 'user_tags', [userId]);
  const todoRoom = Math.max(0, QUOTAS.todos - (await todoCount(trx, userId)));
  const kept = fresh.slice(0, todoRoom);
  const now = writing.clock();
  const tags = await tagsByKey(trx, userId);
  const tagsCreated = await createTags(trx, writing, kept, tags, now, tagsRefused);
  const followUps: DomainEvent[] = [];
  for (const [index, item] of kept.entries()) {
    const at = { position: first + index, now };
    followUps.push(...(await writeItem(trx, writing, item, at, tags, problems, history)));
  }
  return {
    fresh: fresh.length,
    created: kept.length,
    tagsCreated,
    records: history.written,
    tails: history.tails,
    followUps,
  };
}

/**
 * Creates the tags these items name that the user has not, while the tag quota has room, and
 * adds them to `tags`; the names refused go to `tagsRefused`. Answers how many were created.
 */
async function createTags(
  trx: Kysely<Database>,
  { userId, tagColors }: BatchWriting,
  items: readonly ImportItem[],
  tags: Map<string, string>,
  now: Date,
  tagsRefused: Set<string>,
): Promise<number> {
  let tagRoom = Math.max(0, QUOTAS.tags - tags.size);
  let added = 0;
  for (const name of batchMissingTags(items, tags)) {
    if (tagRoom === 0) {
      tagsRefused.add(name);
      continue;
    }
    const id = await insertTag(trx, userId, {
      name,
      color: tagColors.get(name) ?? DEFAULT_TAG_COLOR,
      createdAt: now.toISOString(),
    });
    tags.set(tagNameKey(name), id);
    tagRoom -= 1;
    added += 1;
  }
  return added;
}

/**
 * The todo an item became, by its source key, or in the account an archive came from by its id
 * there; undefined if there is none (any more).
 */
async function restoredTodo(
  trx: Kysely<Database>,
  userId: string,
  key: string,
  originalId: string | null,
): Promise<Pick<TodoRow, 'id' | 'list_id' | 'section_id'> | undefined> {
  const imported = await trx
    .selectFrom('import_items')
    .innerJoin('todos', 'todos.id', 'import_items.todo_id')
    .select(['todos.id', 'todos.list_id', 'todos.section_id'])
    .where('import_items.user_id', '=', userId)
    .where('import_items.source_key', '=', key)
    .executeTakeFirst();
  if (imported || originalId === null) {
    return imported;
  }
  return trx
    .selectFrom('todos')
    .select(['id', 'list_id', 'section_id'])
    .where('id', '=', originalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Where an item's todo goes (ADR 0027): under the todo its parent became, in that one's list and
 * section, if there is one and it is not already SUBTASK_DEPTH_MAX levels deep; otherwise in the
 * list and section restored for the file's, if any and the section is in that list. Last among
 * its siblings there: the items come parents first and in their order (daywise-archive.ts).
 */
async function placeItem(
  trx: Kysely<Database>,
  { userId, listIds, sectionIds }: BatchWriting,
  item: ImportItem,
): Promise<Pick<TodoRow, 'list_id' | 'section_id' | 'parent_id' | 'position'>> {
  const parent =
    item.parentKey === null
      ? undefined
      : await restoredTodo(trx, userId, item.parentKey, item.original?.parentId ?? null);
  let where: Pick<TodoRow, 'list_id' | 'section_id' | 'parent_id'>;
  if (parent && (await depthOf(trx, userId, parent.id)) < SUBTASK_DEPTH_MAX) {
    where = { parent_id: parent.id, list_id: parent.list_id, section_id: parent.section_id };
  } else {
    const listId = item.listId === null ? null : (listIds.get(item.listId) ?? null);
    const section = item.sectionId === null ? undefined : sectionIds.get(item.sectionId);
    const sectionId = section && section.listId === listId ? section.id : null;
    where = { parent_id: null, list_id: listId, section_id: sectionId };
  }
  const position = await placeAmong(trx, siblingsOf({ user_id: userId, ...where }), undefined);
  return { ...where, position };
}

/**
 * Writes one item as a todo with its repeat, its tags and its archived occurrences if the batch
 * has room for them all (otherwise they go to `history.tails`, to follow in parts), and records
 * its source key. Answers its `todo.written` follow-ups (reminder jobs, the CalDAV change log).
 */
async function writeItem(
  trx: Transaction<Database>,
  writing: BatchWriting,
  item: ImportItem,
  { position, now }: { position: number; now: Date },
  tags: Map<string, string>,
  problems: ImportProblem[],
  history: HistoryRoom,
): Promise<DomainEvent[]> {
  const { events, userId, timeZone, started } = writing;
  // The file's first row shows first in a newest-first list; an archive's keep their times.
  const { original } = item;
  const createdAt = original?.createdAt ?? new Date(started - position).toISOString();
  const todoId = newId();
  const row = newTodoRow({
    ...TODO_FIELDS.columns(item),
    id: todoId,
    user_id: userId,
    ...(await placeItem(trx, writing, item)),
    completed_with: original?.completedWith
      ? ((await restoredTodo(trx, userId, original.completedWith.key, original.completedWith.id))
          ?.id ?? null)
      : null,
    completed_date: item.completedAt
      ? (original?.completedDate ?? dayIn(item.completedAt, timeZone))
      : null,
    created_at: createdAt,
    updated_at: original?.updatedAt ?? createdAt,
  });
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
  await restoreSessions(
    trx,
    userId,
    { kind: 'todo', id: todoId },
    original?.focusSessions ?? [],
    (id) => restoredId(userId, 'focus', id),
  );
  let historyPending = false;
  if (row.repeat_rule !== null && original) {
    const records = newestFirst(original.occurrences);
    if (records.length <= history.room) {
      await insertRecords(trx, userId, todoId, records);
      history.room -= records.length;
      history.written += records.length;
    } else {
      historyPending = true;
      history.tails.push({ todoId, sourceKey: item.sourceKey, records });
    }
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
    .values({
      user_id: userId,
      source_key: item.sourceKey,
      todo_id: todoId,
      history_pending: historyPending,
    })
    .execute();
  return events.within(trx, { type: 'todo.written', userId, todoId });
}
