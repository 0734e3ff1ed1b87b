import { MESSAGES, QUOTAS } from '@daywise/shared';
import type { List, ListCreate, ListsAnswer, ListUpdate } from '@daywise/shared/schemas';
import { listCreateSchema } from '@daywise/shared/schemas';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import { fieldsOf, type HasEveryField } from '../db/fields';
import type { Database, ListTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { closeGap, moveRow, nextPosition } from '../lib/positions';
import { requireUnderQuota } from '../lib/quota';
import { moveAllTodos } from '../todos/siblings';
import { ownList } from './policy';

/*
 * A user's todo lists (issue 32, ADR 0026). The Inbox is no row: it holds the todos whose
 * list_id is null. Positions run from 0 without gaps (lib/positions.ts).
 */

type ListRow = Selectable<ListTable>;

/** A list's own fields (db/fields.ts); its open count is counted. */
const LIST_FIELDS = fieldsOf<ListRow>()({
  id: { column: 'id' },
  name: { column: 'name' },
  color: { column: 'color' },
  position: { column: 'position' },
  archived: { column: 'archived', kind: 'boolean' },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});
true satisfies HasEveryField<List, typeof LIST_FIELDS.table>;

export function presentList(row: ListRow, openCount: number): List {
  return { ...LIST_FIELDS.present(row), position: Number(row.position), openCount };
}

/** The user's open todos in `listId` (null: the Inbox). */
async function openCount(
  db: Kysely<Database>,
  userId: string,
  listId: string | null,
): Promise<number> {
  const { count } = await db
    .selectFrom('todos')
    .select(sql<number | string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('list_id', listId === null ? 'is' : '=', listId)
    .where('completed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The Inbox's open count and every list with its own, archived ones too, by position. */
export async function listLists(db: Kysely<Database>, userId: string): Promise<ListsAnswer> {
  const [rows, counts, inbox] = await Promise.all([
    db
      .selectFrom('lists')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('todos')
      .select(['list_id', sql<number | string>`count(*)`.as('count')])
      .where('user_id', '=', userId)
      .where('list_id', 'is not', null)
      .where('completed', '=', false)
      .groupBy('list_id')
      .execute(),
    openCount(db, userId, null),
  ]);
  const byList = new Map(counts.map((row) => [row.list_id, Number(row.count)]));
  return {
    inbox: { openCount: inbox },
    lists: rows.map((row) => presentList(row, byList.get(row.id) ?? 0)),
  };
}

/** A new list, placed last, within QUOTAS.lists. */
export async function createList(
  trx: Transaction<Database>,
  userId: string,
  input: ListCreate,
  now: Date,
): Promise<List> {
  const list = listCreateSchema.parse(input);
  await requireUnderQuota(trx, 'lists', [
    {
      userId,
      rows: trx.selectFrom('lists').where('user_id', '=', userId),
      max: QUOTAS.lists,
      message: `You can have at most ${QUOTAS.lists} lists.`,
    },
  ]);
  const row: ListRow = {
    id: newId(),
    user_id: userId,
    name: list.name,
    color: list.color,
    position: await nextPosition(trx, 'lists', userId),
    archived: false,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await trx.insertInto('lists').values(row).execute();
  return presentList(row, 0);
}

/** Renames, recolours, archives or moves the user's own list (404 for any other). */
export async function updateList(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  update: ListUpdate,
  now: Date,
): Promise<List> {
  const current = await ownList(trx, userId, id);
  const changes: Partial<ListRow> = { updated_at: now.toISOString() };
  if (update.name !== undefined) {
    changes.name = update.name;
  }
  if (update.color !== undefined) {
    changes.color = update.color;
  }
  if (update.archived !== undefined) {
    changes.archived = update.archived;
  }
  if (update.position !== undefined) {
    changes.position = await moveRow(
      trx,
      'lists',
      userId,
      Number(current.position),
      update.position,
    );
  }
  await trx
    .updateTable('lists')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return presentList({ ...current, ...changes }, await openCount(trx, userId, id));
}

/**
 * Deletes the user's own list and its sections. A list holding todos, done or not, needs the
 * choice: 'move' them to the Inbox (list_id null, said here rather than left to the column's ON
 * DELETE SET NULL), in no section and last there in their order (todos/siblings.ts), or
 * 'delete' them with it; without one,
 * 409 saying so. Answers the ids of the todos it moved or deleted, for their `todo.written`
 * (reminder jobs, the CalDAV change log).
 */
export async function deleteList(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  choice: 'move' | 'delete' | undefined,
): Promise<string[]> {
  const current = await ownList(trx, userId, id);
  const held = await trx
    .selectFrom('todos')
    .select('id')
    .where('user_id', '=', userId)
    .where('list_id', '=', id)
    .execute();
  if (held.length > 0 && choice === undefined) {
    throw new ApiError('CONFLICT', MESSAGES.listHoldsTodos);
  }
  if (choice === 'delete') {
    await trx.deleteFrom('todos').where('user_id', '=', userId).where('list_id', '=', id).execute();
  } else if (held.length > 0) {
    await moveAllTodos(trx, userId, { listId: id }, null);
  }
  await trx
    .deleteFrom('sections')
    .where('user_id', '=', userId)
    .where('list_id', '=', id)
    .execute();
  await trx.deleteFrom('lists').where('id', '=', id).where('user_id', '=', userId).execute();
  await closeGap(trx, 'lists', userId, Number(current.position));
  return held.map((todo) => todo.id);
}
