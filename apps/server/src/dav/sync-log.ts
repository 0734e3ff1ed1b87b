import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import type { AppInstance } from '../lib/app-instance';
import { type CollectionRef, itemName } from './paths';

/*
 * The change log of the CalDAV collections (RFC 6578 sync-collection, ADR 0041, migration 0042).
 * Every write to a user's todos or plan tasks, from the app, CalDAV or an import, runs the
 * `todo.written` or `plan.written` subscribers inside its transaction; the one here takes the
 * user's next revision and enters each item it wrote under it, in the collection it is in now,
 * and as left (deleted) in any collection it was in before. A sync token names a revision: the
 * changes since are the collection's rows with a later one. The revision counter is one row per
 * user, updated inside the write's transaction, so writes take revisions in their commit order
 * on both engines, and every instance and restart reads the same log.
 */

/** How many revisions back a sync token may name; older ones are refused (403). */
export const DAV_SYNC_KEPT_REVISIONS = 100_000;

type Db = Kysely<Database>;

/** The log's key of a collection: a list's id, `inbox` or `daily-goals`. */
export function collectionKey(ref: CollectionRef): string {
  return ref.kind === 'list' ? ref.listId : ref.kind;
}

/**
 * The user's next revision (the first is 1); raises the oldest revision a token may name so that
 * `kept` revisions stay, and forgets the departures older than that.
 */
async function nextRevision(trx: Db, userId: string, kept: number): Promise<number> {
  const row = await trx
    .insertInto('dav_sync_state')
    .values({ user_id: userId, revision: 1, floor: 0 })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ revision: sql`dav_sync_state.revision + 1` }),
    )
    .returning('revision')
    .executeTakeFirstOrThrow();
  const revision = Number(row.revision);
  const floor = revision - kept;
  if (floor > 0) {
    await trx
      .updateTable('dav_sync_state')
      .set({ floor })
      .where('user_id', '=', userId)
      .where('floor', '<', floor)
      .execute();
    await trx
      .deleteFrom('dav_sync_items')
      .where('user_id', '=', userId)
      .where('deleted', '=', true)
      .where('revision', '<', floor)
      .execute();
  }
  return revision;
}

/** Enters an item as in `collection` under `name` at `revision`, and as left everywhere else. */
async function enter(
  trx: Db,
  userId: string,
  itemId: string,
  place: { collection: string; name: string } | undefined,
  revision: number,
): Promise<void> {
  let departed = trx
    .updateTable('dav_sync_items')
    .set({ deleted: true, revision })
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .where('deleted', '=', false);
  if (place) {
    departed = departed.where('collection', '!=', place.collection);
  }
  await departed.execute();
  if (place) {
    await trx
      .insertInto('dav_sync_items')
      .values({ user_id: userId, item_id: itemId, ...place, revision, deleted: false })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'collection', 'item_id'])
          .doUpdateSet({ name: place.name, revision, deleted: false }),
      )
      .execute();
  }
}

/** A todo was written (created, changed, moved or deleted): its collections' log follows. */
export async function logTodo(
  trx: Db,
  userId: string,
  todoId: string,
  kept = DAV_SYNC_KEPT_REVISIONS,
): Promise<void> {
  const todo = await trx
    .selectFrom('todos')
    .leftJoin('dav_objects', 'dav_objects.todo_id', 'todos.id')
    .select(['todos.list_id', 'dav_objects.name'])
    .where('todos.id', '=', todoId)
    .where('todos.user_id', '=', userId)
    .executeTakeFirst();
  const revision = await nextRevision(trx, userId, kept);
  const place = todo && {
    collection: todo.list_id ?? 'inbox',
    name: todo.name ?? itemName(todoId),
  };
  await enter(trx, userId, todoId, place, revision);
}

/** A plan's tasks were written: each of its tasks changed in Daily goals, `removed` left it. */
export async function logPlan(
  trx: Db,
  userId: string,
  planId: string,
  removed: readonly string[],
  kept = DAV_SYNC_KEPT_REVISIONS,
): Promise<void> {
  const tasks = await trx
    .selectFrom('daily_tasks')
    .select('id')
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .execute();
  const revision = await nextRevision(trx, userId, kept);
  for (const { id } of tasks) {
    await enter(trx, userId, id, { collection: 'daily-goals', name: itemName(id) }, revision);
  }
  for (const id of removed) {
    await enter(trx, userId, id, undefined, revision);
  }
}

/** Every item of the user's reads anew (their time zone changed how timed DUE values read). */
export async function logEveryItem(
  trx: Db,
  userId: string,
  kept = DAV_SYNC_KEPT_REVISIONS,
): Promise<void> {
  const revision = await nextRevision(trx, userId, kept);
  await trx
    .updateTable('dav_sync_items')
    .set({ revision })
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .execute();
}

/** The user's latest revision and the oldest a token may name (0 and 0 before any change). */
export async function syncState(
  db: Db,
  userId: string,
): Promise<{ revision: number; floor: number }> {
  const row = await db
    .selectFrom('dav_sync_state')
    .select(['revision', 'floor'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { revision: Number(row?.revision ?? 0), floor: Number(row?.floor ?? 0) };
}

/**
 * Whether the item once served as `name` in the collection has moved to another collection of the
 * user's (and so is not gone): a client that moves by copying and then deleting the original
 * finds its DELETE done already (dav/writes.ts).
 */
export async function movedAway(
  db: Db,
  userId: string,
  ref: CollectionRef,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('dav_sync_items')
    .innerJoin('todos', 'todos.id', 'dav_sync_items.item_id')
    .select('dav_sync_items.item_id')
    .where('dav_sync_items.user_id', '=', userId)
    .where('dav_sync_items.collection', '=', collectionKey(ref))
    .where('dav_sync_items.name', '=', name)
    .where('dav_sync_items.deleted', '=', true)
    .where('todos.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SyncChange {
  itemId: string;
  name: string;
  deleted: boolean;
}

/** What changed in a collection after revision `since`, up to `upTo`, in revision order. */
export async function changesSince(
  db: Db,
  userId: string,
  ref: CollectionRef,
  since: number,
  upTo: number,
): Promise<SyncChange[]> {
  const rows = await db
    .selectFrom('dav_sync_items')
    .select(['item_id', 'name', 'deleted'])
    .where('user_id', '=', userId)
    .where('collection', '=', collectionKey(ref))
    .where('revision', '>', since)
    .where('revision', '<=', upTo)
    .orderBy('revision')
    .orderBy('item_id')
    .execute();
  return rows.map((row) => ({
    itemId: row.item_id,
    name: row.name,
    deleted: Boolean(row.deleted),
  }));
}

/** The log follows every write to todos and plan tasks, and goes with the account. */
export function davSyncSubscribers(app: AppInstance): void {
  app.events.onWithin('todo.written', async (trx, { userId, todoId }) => {
    await logTodo(trx, userId, todoId);
  });
  app.events.onWithin('plan.written', async (trx, { userId, planId, removedTaskIds }) => {
    await logPlan(trx, userId, planId, removedTaskIds);
  });
  app.events.onWithin('settings.changed', async (trx, { userId, key }) => {
    if (key === 'timezone') {
      await logEveryItem(trx, userId);
    }
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('dav_sync_items').where('user_id', '=', userId).execute();
    await trx.deleteFrom('dav_sync_state').where('user_id', '=', userId).execute();
  });
}
