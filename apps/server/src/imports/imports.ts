import { performance } from 'node:perf_hooks';

import { MESSAGES, todayIn } from '@daywise/shared';
import { type ImportProblem, type ImportStatus } from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import type { Database, ImportTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { DomainEvent, EventBus } from '../lib/events';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { slicer } from '../lib/slices';
import { refuseDuplicate } from '../lib/unique-violation';
import { settlePlaces } from './file-places';
import { writeHistoryTail } from './habit-history';
import { limitProblems, overQuotaProblem, tagQuotaProblem } from './import-room';
import { type ParsedImport } from './parsed-import';
import { type ImportCaller, importPacer, type ImportPacing, importPacing } from './restore';
import { restoreAccount } from './restore-account';
import { restorePlansAndDaysOff } from './restore-plans';
import { type BatchWriting, importBatches, writeBatch } from './write-batch';

/** A running import not heard from for this long was stopped (the server restarted). */
export const IMPORT_STALE_MS = 2 * 60_000;

type ImportRow = Selectable<ImportTable>;

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
  /** A token's import restores only what the token may change (imports/restore-account.ts). */
  caller: ImportCaller;
  /** The user's zone: the day a completed todo counts for. */
  timeZone: string;
  clock: () => Date;
  /** An archive's settings were restored: the time zone the server remembers is out of date. */
  onSettingsRestored?: () => void;
  /** How much each transaction writes: importPacing's, unless a test fixes it. */
  pacing?: ImportPacing;
}

/** The import was marked failed meanwhile (it was not heard from for IMPORT_STALE_MS). */
class ImportStopped extends Error {}

/** Where a running import stands: counted as its batches commit, kept for its last words. */
interface Progress {
  processed: number;
  created: number;
  existing: number;
  tagsCreated: number;
  overQuota: number;
  tagsRefused: Set<string>;
  problems: ImportProblem[];
  restored: string[];
}

/** Within a transaction: moves the import's progress, or stops if it is no longer running. */
type Heartbeat = (trx: Kysely<Database>, progress?: Partial<ImportRow>) => Promise<void>;

async function emitAll(events: EventBus, followUps: readonly DomainEvent[]): Promise<void> {
  for (const event of followUps) {
    await events.emit(event);
  }
}

/**
 * Writes the file's items in batches (write-batch.ts), each in one transaction that moves the
 * import's progress with it, and yields to other requests between batches (ADR 0022). A habit's
 * records that do not fit in its batch follow it, in transactions of their own
 * (habit-history.ts), before the next batch.
 */
async function importItems(
  run: ImportRun,
  started: number,
  timeZone: string,
  progress: Progress,
  heartbeat: Heartbeat,
  placing: Pick<BatchWriting, 'listIds' | 'sectionIds'>,
): Promise<void> {
  const { db, events, userId, parsed, clock } = run;
  const pause = slicer();
  const pace = run.pacing ?? importPacing(db);
  const batches = importBatches(
    parsed.items,
    () => pace.items.size(),
    () => pace.records.size(),
  );
  for (const { first, batch, room } of batches) {
    await pause();
    const began = performance.now();
    const { tagColors } = parsed;
    const writing = { events, userId, tagColors, timeZone, started, clock, ...placing };
    const written = await db.transaction().execute(async (trx) => {
      const { problems, tagsRefused } = progress;
      const result = await writeBatch(trx, writing, { first, batch, room }, problems, tagsRefused);
      progress.processed += batch.length;
      progress.created += result.created;
      progress.existing += batch.length - result.fresh;
      progress.overQuota += result.fresh - result.created;
      progress.tagsCreated += result.tagsCreated;
      await heartbeat(trx, {
        processed: progress.processed,
        created_count: progress.created,
        existing_count: progress.existing,
        tags_created: progress.tagsCreated,
      });
      return result;
    });
    await emitAll(events, written.followUps);
    if (written.created > 0) {
      await events.emit({ type: 'todos.changed', userId });
    }
    if (written.tagsCreated > 0) {
      await events.emit({ type: 'plans.changed', userId });
    }
    // What follows the commit runs before the next pause too: it counts in the batch's time.
    const took = performance.now() - began;
    pace.items.took(batch.length, took);
    if (written.records > 0) {
      pace.records.took(written.records, took);
    }
    for (const tail of written.tails) {
      await writeHistoryTail({ db, userId, heartbeat, pace: pace.records, pause }, tail);
    }
  }
}

/**
 * Writes the import in batches, each in one transaction with its todos' `todo.written`
 * subscribers (reminder jobs), moving the import's progress with it. Items imported before
 * (by source key) are counted, not written; items past the todo quota are left out and said.
 * An archive's account comes back first and its plans and days off last (imports/restore.ts); a
 * Todoist or TickTick file's lists and sections are found or created first (file-places.ts).
 * A failure marks the import failed; what earlier batches wrote stays, and importing again
 * completes it without duplicates. The work yields to other requests between batches (ADR 0022):
 * on SQLite every write is synchronous, so awaiting it alone never would.
 */
export async function runImport(run: ImportRun): Promise<void> {
  const { db, events, userId, importId, parsed, caller, clock } = run;
  let { timeZone } = run;
  const started = clock().getTime();
  const progress: Progress = {
    processed: 0,
    created: 0,
    existing: 0,
    tagsCreated: 0,
    overQuota: 0,
    tagsRefused: new Set(),
    problems: [...parsed.problems],
    restored: [],
  };
  const { problems, restored } = progress;
  const heartbeat: Heartbeat = async (trx, changes = {}) => {
    const { numUpdatedRows } = await trx
      .updateTable('imports')
      .set({ ...changes, updated_at: clock().toISOString() })
      .where('id', '=', importId)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    if (numUpdatedRows === 0n) {
      throw new ImportStopped();
    }
  };
  const restoring = () => ({ db, events, userId, now: clock(), caller, heartbeat });
  let placing: Pick<BatchWriting, 'listIds' | 'sectionIds'> = {
    listIds: new Map(),
    sectionIds: new Map(),
  };
  try {
    if (parsed.archive) {
      const account = await restoreAccount(restoring(), parsed.archive);
      problems.push(...account.problems);
      restored.push(...account.restored);
      progress.tagsCreated += account.tagsCreated;
      placing = account;
      if (account.timeZone !== null) {
        timeZone = account.timeZone;
        run.onSettingsRestored?.();
      }
      await emitAll(events, account.followUps);
    }
    if (parsed.places) {
      const pace = run.pacing?.items ?? importPacer(db);
      const places = await settlePlaces(restoring(), parsed.places, parsed.items, pace);
      problems.push(...places.problems);
      restored.push(...places.restored);
      placing = places;
      await emitAll(events, places.followUps);
    }
    await importItems(run, started, timeZone, progress, heartbeat, placing);
    if (progress.overQuota > 0) {
      problems.push(overQuotaProblem(progress.overQuota));
    }
    if (progress.tagsRefused.size > 0) {
      problems.push(tagQuotaProblem([...progress.tagsRefused]));
    }
    if (parsed.archive) {
      const today = todayIn(timeZone, clock());
      const rest = await restorePlansAndDaysOff(restoring(), parsed.archive, today, timeZone);
      problems.push(...rest.problems);
      restored.push(...rest.restored);
      await emitAll(events, rest.followUps);
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
