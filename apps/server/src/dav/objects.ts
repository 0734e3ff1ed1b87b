import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { DAV_PAGE_SIZE, taskPage, todoPage } from './items';
import type { CollectionRef } from './paths';
import { type DavObject, davObject, taskCalendar, todoCalendar } from './vtodo';

/**
 * A collection's items as served, a page at a time (ADR 0034): every one, or only those of `ids`
 * that are in it. A caller renders and writes out each page before asking for the next, so the
 * work grows with the collection and one page is in memory at once (the answer itself is still
 * gathered before it is sent: streaming it is noted for the next step).
 */
export async function* collectionObjects(
  db: Kysely<Database>,
  userId: string,
  ref: CollectionRef,
  timezone: string,
  ids?: readonly string[],
): AsyncGenerator<DavObject[]> {
  const read = async (options: { after?: string; ids?: readonly string[] }) =>
    ref.kind === 'daily-goals'
      ? (await taskPage(db, userId, options)).map((task) =>
          davObject(task.id, taskCalendar(task, timezone), task.updatedAt),
        )
      : (await todoPage(db, userId, ref, options)).map((todo) =>
          davObject(todo.id, todoCalendar(todo, timezone), todo.updatedAt, todo.dav?.name),
        );
  if (ids) {
    for (let start = 0; start < ids.length; start += DAV_PAGE_SIZE) {
      yield await read({ ids: ids.slice(start, start + DAV_PAGE_SIZE) });
    }
    return;
  }
  let after: string | undefined;
  for (;;) {
    const page = await read(after === undefined ? {} : { after });
    if (page.length > 0) {
      yield page;
    }
    if (page.length < DAV_PAGE_SIZE) {
      return;
    }
    after = page.at(-1)?.id;
  }
}

/** One item of the collection, or undefined when it is not in it. */
export async function collectionObject(
  db: Kysely<Database>,
  userId: string,
  ref: CollectionRef,
  timezone: string,
  id: string,
): Promise<DavObject | undefined> {
  for await (const page of collectionObjects(db, userId, ref, timezone, [id])) {
    return page[0];
  }
  return undefined;
}
