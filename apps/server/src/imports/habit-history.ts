import { performance } from 'node:perf_hooks';

import type { Kysely } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { chunks } from '../lib/chunks';
import type { Pacer } from '../lib/slices';
import type { ArchivedTodo, ImportItem } from './parsed-import';
import { restoredId } from './restore';

/*
 * A habit's history (an archived repeating todo's occurrence records) written across several
 * short transactions (ADR 0022, 2026-11-28): years of daily records are too many for one
 * transaction that cannot pause. A todo whose records do not fit in its batch's room is written
 * without them, its import row marked `history_pending`; they follow in paced parts, newest
 * first, a transaction each, and the last part clears the mark.
 *
 * What the user can see meanwhile is the history from some day on, complete from that day: the
 * habit on the row is not counted until the import counts every habit at its end, and a count made
 * in between (the user ticks it, a day off) sees fewer records, so it shows at most the streak,
 * best and total to come, never a streak broken on days whose records are still to come (as
 * oldest first would). A stop in between (a crash, a shutdown, a
 * database failure) leaves the mark, and importing the file again writes what is missing: each
 * record has an id derived from its todo and its day, so one written before is not written twice
 * (insertRecords).
 */

export type ArchivedRecord = ArchivedTodo['occurrences'][number];

/** An archived todo's records, each day once (the last the file gives for it), newest first. */
export function newestFirst(occurrences: readonly ArchivedRecord[]): ArchivedRecord[] {
  const byDate = new Map(occurrences.map((occurrence) => [occurrence.date, occurrence]));
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The records of a todo still to write after the transaction that wrote it. */
export interface HistoryTail {
  todoId: string;
  /** The todo's import row, whose `history_pending` mark the last of them clears. */
  sourceKey: string;
  /** Newest first. */
  records: ArchivedRecord[];
}

/**
 * Writes records of the todo restored as `todoId`, one written before (the same todo and day) left
 * as it is. A record's id is 24 hex digits derived from the user and its todo, then its day's 8
 * digits: the same for the same todo and day, so a record is never written twice; and a todo's
 * records side by side in the ids' index, so a part of a history changes a few pages of it rather
 * than one per record (random ids made each commit write about twice the pages, ADR 0022).
 */
export async function insertRecords(
  trx: Kysely<Database>,
  userId: string,
  todoId: string,
  records: readonly ArchivedRecord[],
): Promise<void> {
  const prefix = restoredId(userId, 'occurrences', todoId).slice(0, 24);
  for (const part of chunks(records, 500)) {
    await trx
      .insertInto('todo_occurrences')
      .values(
        part.map((record) => ({
          id: `${prefix}${record.date.replaceAll('-', '')}`,
          user_id: userId,
          todo_id: todoId,
          occurrence_date: record.date,
          outcome: record.outcome,
          completed_at: record.completedAt,
          completed_on: record.completedOn,
          created_at: record.completedAt,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}

/**
 * Of these items, which the user has already, those whose history an earlier import left
 * unfinished (stopped between its transactions): their whole history, to write again.
 */
export async function unfinishedHistories(
  trx: Kysely<Database>,
  userId: string,
  items: readonly ImportItem[],
): Promise<HistoryTail[]> {
  const withHistory = new Map<string, ArchivedRecord[]>();
  for (const item of items) {
    if (item.original && item.original.occurrences.length > 0) {
      withHistory.set(item.sourceKey, item.original.occurrences);
    }
  }
  if (withHistory.size === 0) {
    return [];
  }
  // A batch holds at most a few hundred items: one query.
  const rows = await trx
    .selectFrom('import_items')
    .select(['source_key', 'todo_id'])
    .where('user_id', '=', userId)
    .where('history_pending', '=', true)
    .where('source_key', 'in', [...withHistory.keys()])
    .execute();
  return rows.map((row) => ({
    todoId: row.todo_id,
    sourceKey: row.source_key,
    records: newestFirst(withHistory.get(row.source_key) ?? []),
  }));
}

/** What writing the rest of a history needs from the import. */
export interface HistoryWriting {
  db: Kysely<Database>;
  userId: string;
  /** Within each transaction: shows the import is alive, or throws if it was stopped. */
  heartbeat: (trx: Kysely<Database>) => Promise<void>;
  /** How many records each transaction writes. */
  pace: Pacer;
  /** The import's slicer: yields between transactions, never within one. */
  pause: () => Promise<void> | undefined;
}

/**
 * Writes the rest of a todo's history, paced, a transaction at a time, and clears its import
 * row's mark with the last records. A todo deleted meanwhile takes its history and its import row
 * with it: nothing more is written for it.
 */
export async function writeHistoryTail(
  { db, userId, heartbeat, pace, pause }: HistoryWriting,
  tail: HistoryTail,
): Promise<void> {
  let rest = tail.records;
  while (rest.length > 0) {
    await pause();
    const part = rest.slice(0, Math.max(1, pace.size()));
    rest = rest.slice(part.length);
    const began = performance.now();
    const written = await db.transaction().execute(async (trx) => {
      await heartbeat(trx);
      let todo = trx
        .selectFrom('todos')
        .select('id')
        .where('id', '=', tail.todoId)
        .where('user_id', '=', userId);
      if (isPostgres<Database>(trx)) {
        // A deletion racing this transaction waits for it, or is seen by it.
        todo = todo.forKeyShare();
      }
      if (!(await todo.executeTakeFirst())) {
        rest = [];
        return false;
      }
      await insertRecords(trx, userId, tail.todoId, part);
      if (rest.length === 0) {
        await trx
          .updateTable('import_items')
          .set({ history_pending: false })
          .where('user_id', '=', userId)
          .where('source_key', '=', tail.sourceKey)
          .execute();
      }
      return true;
    });
    if (written) {
      pace.took(part.length, performance.now() - began);
    }
  }
}
