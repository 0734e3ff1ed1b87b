import { createHash } from 'node:crypto';

import type { ImportProblem } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import type { DomainEvent, EventBus } from '../lib/events';
import { batchPacer, fixedPacer, type Pacer } from '../lib/slices';

/**
 * How many items each transaction writes; the page's progress moves once per batch. On SQLite a
 * transaction holds the one connection that every other request's query waits for, so the work
 * yields between transactions, never within one, and each batch is paced to take about two
 * slices (`batchPacer`, ADR 0022): up to 50 plain todos, one todo with a long title's search
 * keys. On PostgreSQL a transaction has a pooled connection of its own and waits on the network,
 * not the event loop, so batches are a fixed 200: each costs a quota lock and a count.
 */
export function importPacer(db: Kysely<Database>): Pacer {
  return isPostgres(db) ? fixedPacer(200) : batchPacer(50);
}

/**
 * The most of a habit's archived records one transaction writes (imports/habit-history.ts): on
 * PostgreSQL always this many, on SQLite paced like the items (`batchPacer`), as years of daily
 * records take tens of milliseconds to write (ADR 0022, 2026-11-28).
 */
const RECORDS_PER_TRANSACTION = 500;

/** How many items, and how many of their archived records, each transaction of an import writes. */
export interface ImportPacing {
  items: Pacer;
  records: Pacer;
}

export function importPacing(db: Kysely<Database>): ImportPacing {
  return {
    items: importPacer(db),
    records: isPostgres(db)
      ? fixedPacer(RECORDS_PER_TRANSACTION)
      : batchPacer(RECORDS_PER_TRANSACTION),
  };
}

/**
 * The rest of a Daywise archive (docs/data-archive.md, "Importing an archive"): the profile and
 * settings, the daily plans with their tasks and completion records, and the days off. Todos,
 * their tags, repeats and occurrence history come in through imports.ts like any other file.
 *
 * Everything is checked as the API would check it, since a file can say anything. A plan keeps
 * an id derived from the user and its original id, so importing the archive again finds it and
 * adds nothing; a day the user already planned keeps their plan, and a range of days off they
 * have already is not added twice. Shared plans and chats belong to two people and stay in the
 * file. The account (profile, picture, settings, tags) comes back first, in restore-account.ts;
 * the plans and days off last, in restore-plans.ts; what follows is what both share.
 */

/**
 * Who asked for the import: the signed-in browser, or an API token. A token never has the effect
 * of an endpoint it may not call (ADR 0022): an archive's account parts are restored only where
 * the caller could make the same change through the API, so a token cannot make a private
 * profile public or switch off email reminders by importing what PATCH /api/settings refuses it.
 */
export type ImportCaller = 'session' | 'token';

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** An id for a record restored from an archive: the same for the same user and original id. */
export function restoredId(userId: string, kind: string, originalId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([userId, kind, originalId]))
    .digest('hex')
    .slice(0, 32);
}

/** The first message of a failed check, for a problem line. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'it is not valid';
}

export interface Restoring {
  db: Kysely<Database>;
  events: EventBus;
  userId: string;
  now: Date;
  caller: ImportCaller;
  /**
   * Called within each transaction that writes a batch: shows the import is alive, and throws
   * when it is no longer running (imports.ts), which rolls the batch back.
   */
  heartbeat: (trx: Kysely<Database>) => Promise<void>;
}

export interface RestoreStep {
  restored: string[];
  problems: ImportProblem[];
  /** Events for after the commit. */
  followUps: DomainEvent[];
}
