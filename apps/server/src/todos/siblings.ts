import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { lockQuota } from '../lib/quota';
import type { TodoRow } from './todo-fields';

/*
 * A todo's place among its siblings (ADR 0027): the subtasks of one parent, or the top-level
 * todos of one list (null: the Inbox) and section (null: none). Places run 0..n-1 without gaps,
 * as lists' do (ADR 0026): a todo goes last unless told, a move shifts the todos in between by
 * one, and one that leaves closes the gap behind it.
 */

/**
 * Makes the user's writes that move todos among their siblings take turns until the transaction
 * ends, on PostgreSQL, with each other and with the user's todo creations (the same lock as the
 * todo quota's, lib/quota.ts): each reads the places the one before it wrote, so none are taken
 * twice. SQLite runs one transaction at a time anyway.
 */
export function holdSiblings(trx: Transaction<Database>, userId: string): Promise<void> {
  return lockQuota(trx, 'todos', [userId]);
}

/** Who a todo's siblings are. */
export type Siblings =
  | { userId: string; parentId: string }
  | { userId: string; parentId: null; listId: string | null; sectionId: string | null };

/** The siblings of a todo with these columns. */
export function siblingsOf(
  row: Pick<TodoRow, 'user_id' | 'parent_id' | 'list_id' | 'section_id'>,
): Siblings {
  return row.parent_id === null
    ? { userId: row.user_id, parentId: null, listId: row.list_id, sectionId: row.section_id }
    : { userId: row.user_id, parentId: row.parent_id };
}

export function sameSiblings(a: Siblings, b: Siblings): boolean {
  if (a.parentId !== null || b.parentId !== null) {
    return a.parentId === b.parentId;
  }
  return a.listId === b.listId && a.sectionId === b.sectionId;
}

/**
 * The todos among these siblings, as a condition; a top-level one names `parent_id is null` so
 * that the partial index of top-level places serves it (migration 0024).
 */
function among(siblings: Siblings) {
  return (eb: ExpressionBuilder<Database, 'todos'>) =>
    siblings.parentId === null
      ? eb.and([
          eb('user_id', '=', siblings.userId),
          eb('list_id', siblings.listId === null ? 'is' : '=', siblings.listId),
          eb('section_id', siblings.sectionId === null ? 'is' : '=', siblings.sectionId),
          eb('parent_id', 'is', null),
        ])
      : eb.and([eb('parent_id', '=', siblings.parentId), eb('user_id', '=', siblings.userId)]);
}

/** How many siblings there are: the place after the last. */
async function siblingCount(db: Kysely<Database>, siblings: Siblings): Promise<number> {
  const { last } = await db
    .selectFrom('todos')
    .select(sql<number | string | null>`max(position)`.as('last'))
    .where(among(siblings))
    .executeTakeFirstOrThrow();
  return last === null ? 0 : Number(last) + 1;
}

/**
 * Makes room among these siblings for a todo not yet among them, at `target` (past the end, or
 * none: last). Answers the place it is to take.
 */
export async function placeAmong(
  db: Kysely<Database>,
  siblings: Siblings,
  target: number | undefined,
): Promise<number> {
  const count = await siblingCount(db, siblings);
  const place = Math.min(target ?? count, count);
  if (place < count) {
    await db
      .updateTable('todos')
      .set({ position: sql`position + 1` })
      .where(among(siblings))
      .where('position', '>=', place)
      .execute();
  }
  return place;
}

/** Closes the gap a todo leaves at `place` among these siblings. */
export async function leaveSiblings(
  db: Kysely<Database>,
  siblings: Siblings,
  place: number,
): Promise<void> {
  await db
    .updateTable('todos')
    .set({ position: sql`position - 1` })
    .where(among(siblings))
    .where('position', '>', place)
    .execute();
}

/**
 * Moves a todo among its siblings from `from` to `target` (past the end: last), shifting those in
 * between by one. Answers the place it took.
 */
export async function moveAmong(
  db: Kysely<Database>,
  siblings: Siblings,
  from: number,
  target: number,
): Promise<number> {
  const to = Math.min(target, (await siblingCount(db, siblings)) - 1);
  if (to < from) {
    await db
      .updateTable('todos')
      .set({ position: sql`position + 1` })
      .where(among(siblings))
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  } else if (to > from) {
    await db
      .updateTable('todos')
      .set({ position: sql`position - 1` })
      .where(among(siblings))
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  }
  return to;
}

/**
 * Moves every todo of a list (null: the Inbox), or of one of its sections, to list `to` in no
 * section: the top-level ones go last among the top-level todos there, in their order (a
 * section's after those in none, each section's after the one before, each in its order); the
 * subtasks keep their places, under their parents.
 */
export async function moveAllTodos(
  db: Transaction<Database>,
  userId: string,
  from: { listId: string | null; sectionId?: string },
  to: string | null,
): Promise<void> {
  await holdSiblings(db, userId);
  const base = await siblingCount(db, { userId, parentId: null, listId: to, sectionId: null });
  const held = (eb: ExpressionBuilder<Database, 'todos'>) =>
    eb.and([
      eb('todos.user_id', '=', userId),
      eb('todos.list_id', from.listId === null ? 'is' : '=', from.listId),
      ...(from.sectionId === undefined ? [] : [eb('todos.section_id', '=', from.sectionId)]),
    ]);
  const moving = db
    .selectFrom('todos')
    .leftJoin('sections', 'sections.id', 'todos.section_id')
    .select([
      'todos.id',
      sql<number>`row_number() over (order by coalesce(sections.position, -1), todos.position, todos.created_at, todos.id)`.as(
        'place',
      ),
    ])
    .where(held)
    .where('todos.parent_id', 'is', null);
  await db
    .updateTable('todos')
    .from(moving.as('moving'))
    .set({ position: sql`moving.place + ${base - 1}`, list_id: to, section_id: null })
    .whereRef('todos.id', '=', 'moving.id')
    .execute();
  await db.updateTable('todos').set({ list_id: to, section_id: null }).where(held).execute();
}
