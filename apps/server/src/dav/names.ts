import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { DAV_PAGE_SIZE } from './items';
import type { CollectionRef } from './paths';

/*
 * Resource names (ADR 0034): an item a client PUT is served under the name it chose
 * (dav_objects.name); any other under `<its id>.ics`, which then names nothing else.
 */

const OWN_NAME = /^([A-Za-z0-9_-]{1,64})\.ics$/;

/**
 * The ids of the items `names` name, by name: the collection's todos a client named so, and for
 * the others the item of the id `<id>.ics` gives, unless a client named that one otherwise.
 * Whether each is in the collection is for the caller's read of it (collectionObjects).
 */
export async function idsByName(
  db: Kysely<Database>,
  userId: string,
  ref: CollectionRef,
  names: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let start = 0; start < names.length; start += DAV_PAGE_SIZE) {
    const page = names.slice(start, start + DAV_PAGE_SIZE);
    if (ref.kind !== 'daily-goals') {
      const named = await db
        .selectFrom('dav_objects')
        .innerJoin('todos', 'todos.id', 'dav_objects.todo_id')
        .select(['dav_objects.name', 'dav_objects.todo_id'])
        .where('dav_objects.user_id', '=', userId)
        .where('dav_objects.name', 'in', page)
        .where(
          'todos.list_id',
          ref.kind === 'list' ? '=' : 'is',
          ref.kind === 'list' ? ref.listId : null,
        )
        .orderBy('dav_objects.todo_id')
        .execute();
      for (const row of named) {
        if (!found.has(row.name)) {
          found.set(row.name, row.todo_id);
        }
      }
    }
    const byId = new Map<string, string>();
    for (const name of page) {
      const id = OWN_NAME.exec(name)?.[1];
      if (id !== undefined && !found.has(name)) {
        byId.set(id, name);
      }
    }
    if (byId.size > 0 && ref.kind !== 'daily-goals') {
      const renamed = await db
        .selectFrom('dav_objects')
        .select(['todo_id', 'name'])
        .where('user_id', '=', userId)
        .where('todo_id', 'in', [...byId.keys()])
        .execute();
      for (const row of renamed) {
        if (row.name !== byId.get(row.todo_id)) {
          byId.delete(row.todo_id);
        }
      }
    }
    for (const [id, name] of byId) {
      found.set(name, id);
    }
  }
  return found;
}
