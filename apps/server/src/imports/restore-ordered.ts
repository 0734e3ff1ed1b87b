import type { ImportProblem } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { OrderedTable } from '../lib/positions';
import { restoredId } from './restore';

/** A record of an archive's section of things a user orders by hand (lists, saved filters). */
interface OrderedRecord {
  id: string;
  name: string;
  position: number;
}

export interface OrderedRestore<R extends OrderedRecord, V> {
  table: OrderedTable;
  /** What restoredId derives ids under ('list'). */
  kind: string;
  /** How a problem line names a record ('List'), and how the quota's words name many ('lists'). */
  noun: string;
  plural: string;
  quota: number;
  /** Names are clipped to this in problem lines. */
  nameMax: number;
  /** The record as a form would take it, or why it is not restored. */
  check: (record: R) => { ok: true; values: V } | { ok: false; reason: string };
  /** Writes the checked record under `id` at `position`. */
  insert: (id: string, values: V, record: R, position: number) => Promise<void>;
}

/**
 * Restores records of an ordered section within the caller's transaction (lib/positions.ts):
 * after the user's own and in the archive's order, each as its form would accept it and within
 * its quota (at most that many inserts, so the transaction never needs to yield). A record keeps
 * an id derived from the user and its archived id, so importing the archive again finds it and
 * adds nothing; in the account the archive came from, the record with the archived id is already
 * here. Answers the archive's ids mapped to the rows that stand for them now, and how many were
 * added.
 */
export async function restoreOrdered<R extends OrderedRecord, V>(
  trx: Kysely<Database>,
  userId: string,
  section: OrderedRestore<R, V>,
  records: readonly R[],
  problems: ImportProblem[],
): Promise<{ ids: Map<string, string>; added: number }> {
  const view = trx as unknown as Kysely<{ ordered: { id: string; user_id: string } }>;
  const rows = await view
    .selectFrom(section.table as unknown as 'ordered')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  const have = new Set(rows.map((row) => row.id));
  const ids = new Map<string, string>();
  let added = 0;
  for (const record of [...records].sort((a, b) => a.position - b.position)) {
    const id = have.has(record.id) ? record.id : restoredId(userId, section.kind, record.id);
    if (have.has(id)) {
      ids.set(record.id, id);
      continue;
    }
    const name = record.name.slice(0, section.nameMax);
    const checked = section.check(record);
    if (!checked.ok) {
      problems.push({
        row: 0,
        message: `${section.noun} "${name}" not restored: ${checked.reason}`,
      });
      continue;
    }
    if (have.size >= section.quota) {
      problems.push({
        row: 0,
        message: `${section.noun} "${name}" not restored: you can have at most ${section.quota} ${section.plural}`,
      });
      continue;
    }
    // Positions run 0..n-1, so the next one is the number of rows the user has.
    await section.insert(id, checked.values, record, have.size);
    have.add(id);
    ids.set(record.id, id);
    added += 1;
  }
  return { ids, added };
}

/** The tables of an archive's ordered records: lists and saved filters, and sections (by list). */
export type RestoredTable = OrderedTable | 'sections';

/** Which of an archive's ordered records were restored before, for the preview. */
export async function restoredBefore(
  db: Kysely<Database>,
  userId: string,
  table: RestoredTable,
  kind: string,
  records: readonly { id: string }[],
): Promise<number> {
  if (records.length === 0) {
    return 0;
  }
  // A user's ordered rows are few (a quota of hundreds); the file's may be many.
  const view = db as unknown as Kysely<{ ordered: { id: string; user_id: string } }>;
  const rows = await view
    .selectFrom(table as unknown as 'ordered')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  const have = new Set(rows.map((row) => row.id));
  return records.filter(
    (record) => have.has(record.id) || have.has(restoredId(userId, kind, record.id)),
  ).length;
}
