import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';

/*
 * Rows a user orders by hand (lists, saved filters): each row's `position` is its place among
 * the user's rows of the table, 0 first, without gaps (ADR 0026). A new row goes last, a move
 * shifts the rows in between by one, and a delete closes the gap. At a few hundred rows a user,
 * a move rewrites at most that many small rows, so no fractional keys.
 */

export type OrderedTable = 'lists' | 'saved_filters';

/** Every ordered table has these columns; the queries below read and write only them. */
function ordered(db: Kysely<Database>, table: OrderedTable) {
  const view = db as unknown as Kysely<{ ordered: { user_id: string; position: number } }>;
  return { view, name: table as unknown as 'ordered' };
}

/** How many rows the user has in the table: a new row's position. */
export async function nextPosition(
  db: Kysely<Database>,
  table: OrderedTable,
  userId: string,
): Promise<number> {
  const { view, name } = ordered(db, table);
  const { count } = await view
    .selectFrom(name)
    .select(sql<number | string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Makes room for the user's row at `from` to move to `target` (clamped to the last place),
 * shifting the rows in between by one. Answers the position the row is to take; the caller
 * writes it.
 */
export async function moveRow(
  db: Kysely<Database>,
  table: OrderedTable,
  userId: string,
  from: number,
  target: number,
): Promise<number> {
  const { view, name } = ordered(db, table);
  const to = Math.min(target, (await nextPosition(db, table, userId)) - 1);
  if (to < from) {
    await view
      .updateTable(name)
      .set({ position: sql`position + 1` })
      .where('user_id', '=', userId)
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  } else if (to > from) {
    await view
      .updateTable(name)
      .set({ position: sql`position - 1` })
      .where('user_id', '=', userId)
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  }
  return to;
}

/** Closes the gap a deleted row of the user's at `position` left. */
export async function closeGap(
  db: Kysely<Database>,
  table: OrderedTable,
  userId: string,
  position: number,
): Promise<void> {
  const { view, name } = ordered(db, table);
  await view
    .updateTable(name)
    .set({ position: sql`position - 1` })
    .where('user_id', '=', userId)
    .where('position', '>', position)
    .execute();
}
