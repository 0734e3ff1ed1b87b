import { QUOTAS } from '@daywise/shared';
import type {
  SavedFilter,
  SavedFilterCreate,
  SavedFiltersAnswer,
  SavedFilterUpdate,
} from '@daywise/shared/schemas';
import { savedFilterCreateSchema } from '@daywise/shared/schemas';
import type { Kysely, Selectable, Transaction } from 'kysely';

import { fieldsOf, type HasEveryField } from '../db/fields';
import type { Database, SavedFilterTable } from '../db/schema';
import { newId } from '../lib/ids';
import { ownRow } from '../lib/policy';
import { closeGap, moveRow, nextPosition } from '../lib/positions';
import { requireUnderQuota } from '../lib/quota';
import { parsedFilter } from './compile';
import { countsOf, type Matches, openCounts, prepareCounts, type PreparedCounts } from './counts';

/*
 * A user's saved filters (issue 32, ADR 0028): named queries in the filter language, in the order
 * the user chose (lib/positions.ts), each answered with the count of open todos it matches.
 */

export type SavedFilterRow = Selectable<SavedFilterTable>;

/** A saved filter's own fields (db/fields.ts); its open count is counted. */
export const SAVED_FILTER_FIELDS = fieldsOf<SavedFilterRow>()({
  id: { column: 'id' },
  name: { column: 'name' },
  color: { column: 'color' },
  query: { column: 'query' },
  position: { column: 'position' },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});
true satisfies HasEveryField<SavedFilter, typeof SAVED_FILTER_FIELDS.table>;

function presentSavedFilter(row: SavedFilterRow, openCount: number): SavedFilter {
  return { ...SAVED_FILTER_FIELDS.present(row), position: Number(row.position), openCount };
}

/** The user's own saved filter, or 404: another user's answers exactly like a missing one. */
export function ownSavedFilter(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<SavedFilterRow> {
  return ownRow(db, 'saved_filters', userId, id);
}

/** The user's saved filters by position (at most QUOTAS.savedFilters, so read at once). */
export function savedFilterRows(db: Kysely<Database>, userId: string): Promise<SavedFilterRow[]> {
  return db
    .selectFrom('saved_filters')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * What answering the user's saved filters takes but for their counts: the filters, and the
 * statements matching todos against them (counts.ts). It holds until the filters, the lists,
 * sections and tags they name, or the day change (filters/kept-counts.ts keeps it with the
 * matches); a change to todos changes only what the statements answer.
 */
export interface SavedFiltersPlan {
  rows: SavedFilterRow[];
  counts: PreparedCounts;
}

export async function planSavedFilters(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<SavedFiltersPlan> {
  const rows = await savedFilterRows(db, userId);
  const counts = await prepareCounts(
    db,
    userId,
    rows.map((row) => row.query),
    today,
  );
  return { rows, counts };
}

/** Every saved filter of the plan with its open count, from the todos each matches. */
export function answerSavedFilters(
  { rows, counts }: SavedFiltersPlan,
  matches: Matches,
): SavedFiltersAnswer {
  const openCounts = countsOf(counts, matches);
  return { filters: rows.map((row, index) => presentSavedFilter(row, openCounts[index] ?? 0)) };
}

async function presentOne(
  db: Kysely<Database>,
  row: SavedFilterRow,
  today: string,
): Promise<SavedFilter> {
  const [count] = await openCounts(db, row.user_id, [row.query], today);
  return presentSavedFilter(row, count ?? 0);
}

/** The message a user at the quota reads. */
export const SAVED_FILTERS_QUOTA_MESSAGE = `You can have at most ${QUOTAS.savedFilters} saved filters.`;

/**
 * A new saved filter, placed last, within QUOTAS.savedFilters; a query that does not parse is
 * refused with its position (400 FILTER_INVALID on `query`).
 */
export async function createSavedFilter(
  trx: Transaction<Database>,
  userId: string,
  input: SavedFilterCreate,
  now: Date,
  today: string,
): Promise<SavedFilter> {
  const filter = savedFilterCreateSchema.parse(input);
  parsedFilter(filter.query, 'query');
  await requireUnderQuota(trx, 'saved_filters', [
    {
      userId,
      rows: trx.selectFrom('saved_filters').where('user_id', '=', userId),
      max: QUOTAS.savedFilters,
      message: SAVED_FILTERS_QUOTA_MESSAGE,
    },
  ]);
  const row: SavedFilterRow = {
    id: newId(),
    user_id: userId,
    name: filter.name,
    color: filter.color,
    query: filter.query,
    position: await nextPosition(trx, 'saved_filters', userId),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await trx.insertInto('saved_filters').values(row).execute();
  return presentOne(trx, row, today);
}

/** Renames, recolours, moves or changes the query of the user's own saved filter. */
export async function updateSavedFilter(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  update: SavedFilterUpdate,
  now: Date,
  today: string,
): Promise<SavedFilter> {
  if (update.query !== undefined) {
    parsedFilter(update.query, 'query');
  }
  const current = await ownSavedFilter(trx, userId, id);
  const changes: Partial<SavedFilterRow> = { updated_at: now.toISOString() };
  if (update.name !== undefined) {
    changes.name = update.name;
  }
  if (update.color !== undefined) {
    changes.color = update.color;
  }
  if (update.query !== undefined) {
    changes.query = update.query;
  }
  if (update.position !== undefined) {
    changes.position = await moveRow(
      trx,
      'saved_filters',
      userId,
      Number(current.position),
      update.position,
    );
  }
  await trx
    .updateTable('saved_filters')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return presentOne(trx, { ...current, ...changes }, today);
}

/** Deletes the user's own saved filter; the todos it matched stay as they are. */
export async function deleteSavedFilter(
  trx: Kysely<Database>,
  userId: string,
  id: string,
): Promise<void> {
  const current = await ownSavedFilter(trx, userId, id);
  await trx
    .deleteFrom('saved_filters')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  await closeGap(trx, 'saved_filters', userId, Number(current.position));
}
