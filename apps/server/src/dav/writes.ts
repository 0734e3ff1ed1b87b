import { MAX_EXCLUDED_DATES, QUOTAS } from '@daywise/shared';
import { type TodoCreate, type TodoUpdate, todoUpdateSchema } from '@daywise/shared/schemas';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { DomainEvent, EventBus } from '../lib/events';
import { todoWritten } from '../todos/events';
import { acceptRule, keptExclusions, seriesOf } from '../todos/repeats';
import { createTodo, deleteTodo, updateTodo } from '../todos/todos';
import { type DavCollection, davCollection } from './items';
import { idsByName } from './names';
import { collectionObject } from './objects';
import { type DavPath, hrefPath, parseDavPath } from './paths';
import { DavPrecondition, DavRefusal } from './precondition';
import type { DavContext } from './resources';
import { movedAway } from './sync-log';
import { tagIdsByName } from './tag-names';
import type { DavObject } from './vtodo';
import { parseCalendar, type ReadTodo, readTodo } from './vtodo-read';
import { NS } from './xml';

/*
 * Writes to todos over CalDAV (ADR 0034, 2026-11-29): PUT, DELETE and MOVE of an item. Each goes
 * through the todos' own services in one transaction, with `todoWritten`, so quotas, reminders,
 * analytics and the app's live updates hold as for the user's writes in the app.
 */

/** A write's context: who writes, when, and where its events go. */
export interface DavWriter extends DavContext {
  events: EventBus;
  now: Date;
  today: string;
}

/** The conditional headers of a write (RFC 7232). */
export interface Conditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

type ObjectPath = Extract<DavPath, { kind: 'object' }>;
type Writable = DavCollection & { ref: Exclude<DavCollection['ref'], { kind: 'daily-goals' }> };

const notFound = () => new ApiError('NOT_FOUND', 'There is nothing at this address.');
const readOnly = () => new DavPrecondition(403, NS.dav, 'need-privileges');

/** The writable collection (a list or the Inbox) of the user's that `path` names, or 404/403. */
export async function writableCollection(
  context: DavContext,
  path: DavPath | undefined,
): Promise<Writable> {
  if (!path || path.kind !== 'object' || path.userId !== context.user.id) {
    throw notFound();
  }
  const collection = await davCollection(context.db, context.user.id, path.collection);
  if (!collection) {
    throw notFound();
  }
  if (collection.ref.kind === 'daily-goals') {
    throw readOnly();
  }
  return collection as Writable;
}

/** The item at `name` in the collection, as served, or undefined. */
async function objectAt(
  context: DavContext,
  collection: Writable,
  name: string,
): Promise<DavObject | undefined> {
  const id = (await idsByName(context.db, context.user.id, collection.ref, [name])).get(name);
  const object =
    id === undefined
      ? undefined
      : await collectionObject(context.db, context.user.id, collection.ref, context.timezone, id);
  return object?.name === name ? object : undefined;
}

/** 412 unless the conditions hold for the resource as it is (`existing`, or none). */
export function requireConditions(existing: DavObject | undefined, conditions: Conditions): void {
  const stale = () => new DavRefusal(412, 'The item changed since it was read: read it again.');
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifNoneMatch !== undefined && existing) {
    const tags = ifNoneMatch.split(',').map((each) => each.trim());
    if (tags.includes('*') || tags.includes(existing.etag)) {
      throw stale();
    }
  }
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((each) => each.trim());
    if (!existing || !(tags.includes('*') || tags.includes(existing.etag))) {
      throw stale();
    }
  }
}

/** Runs a write in a transaction; its events (and the realtime ones) follow the commit. */
async function write<T>(
  writer: DavWriter,
  run: (trx: Transaction<Database>, after: DomainEvent[]) => Promise<T>,
): Promise<T> {
  const { result, followUps } = await writer.db.transaction().execute(async (trx) => {
    const after: DomainEvent[] = [];
    return { result: await run(trx, after), followUps: after };
  });
  for (const event of followUps) {
    await writer.events.emit(event);
  }
  return result;
}

/** The todo a UID names among the user's: one a client wrote with it, or one served with it. */
async function todoOfUid(db: Kysely<Database>, userId: string, uid: string) {
  const named = await db
    .selectFrom('dav_objects')
    .select('todo_id')
    .where('user_id', '=', userId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (named) {
    return named.todo_id;
  }
  const own = await db
    .selectFrom('todos')
    .leftJoin('dav_objects', 'dav_objects.todo_id', 'todos.id')
    .select('todos.id')
    .where('todos.user_id', '=', userId)
    .where('todos.id', '=', uid)
    .where('dav_objects.todo_id', 'is', null)
    .executeTakeFirst();
  return own?.id;
}

async function saveDavObject(
  trx: Transaction<Database>,
  userId: string,
  todoId: string,
  row: { name: string; uid: string; kept: string; sequence: number },
): Promise<void> {
  await trx.deleteFrom('dav_objects').where('todo_id', '=', todoId).execute();
  await trx
    .insertInto('dav_objects')
    .values({ todo_id: todoId, user_id: userId, ...row })
    .execute();
}

/** What a PUT's VTODO sets, as the todos' services take it. */
async function fieldsOf(
  trx: Transaction<Database>,
  writer: DavWriter,
  read: ReadTodo,
  after: DomainEvent[],
): Promise<{ fields: TodoUpdate & TodoCreate; parentKnown: boolean }> {
  const userId = writer.user.id;
  const parentId = read.parentUid ? await todoOfUid(trx, userId, read.parentUid) : undefined;
  const tags = await tagIdsByName(trx, userId, read.tags, writer.now);
  if (tags.created) {
    after.push({ type: 'plans.changed', userId });
  }
  return {
    fields: {
      title: read.title,
      description: read.description,
      priority: read.priority,
      dueDate: read.dueDate,
      dueTime: read.dueTime,
      reminders: read.reminders,
      tagIds: tags.ids,
      repeat: read.repeat,
      parentId: parentId ?? null,
    },
    parentKnown: read.parentUid === null || parentId !== undefined,
  };
}

/** The VTODO a PUT carries; anything ical.js cannot read or write back is 400 valid-calendar-data. */
function readOrRefuse(body: string, timezone: string): ReadTodo {
  try {
    return readTodo(parseCalendar(body), {
      timezone,
      acceptsRule: (rule) => {
        try {
          acceptRule(rule, 'due');
          return true;
        } catch {
          return false;
        }
      },
    });
  } catch (error) {
    if (error instanceof DavPrecondition) {
      throw error;
    }
    throw new DavPrecondition(400, NS.caldav, 'valid-calendar-data');
  }
}

const listIdOf = (collection: Writable) =>
  collection.ref.kind === 'list' ? collection.ref.listId : null;

/**
 * The todo `holder`, whose UID a PUT to a new name in `collection` carries, when that PUT is a
 * move from another collection; 409 no-uid-conflict when the name is taken or the todo is in this
 * collection already (RFC 4791 5.3.2.1).
 */
async function movedHere(
  writer: DavWriter,
  collection: Writable,
  holder: string,
  existing: DavObject | undefined,
): Promise<string> {
  const todo = await writer.db
    .selectFrom('todos')
    .select('list_id')
    .where('id', '=', holder)
    .where('user_id', '=', writer.user.id)
    .executeTakeFirst();
  if (existing || !todo || todo.list_id === listIdOf(collection)) {
    throw new DavPrecondition(409, NS.caldav, 'no-uid-conflict');
  }
  return holder;
}

/**
 * PUT of an item (RFC 4791 5.3.2): creates a todo in the collection, or replaces the one at the
 * name. Answers whether it created one (201) or not (204).
 */
export async function putObject(
  writer: DavWriter,
  path: DavPath | undefined,
  body: string,
  contentType: string | undefined,
  conditions: Conditions,
): Promise<boolean> {
  try {
    return await putOnce(writer, path, body, contentType, conditions);
  } catch (error) {
    // The todo a copy-and-delete move was moving was deleted meanwhile (its client deletes the
    // original concurrently): the PUT, read again, creates it anew with what it carries.
    if (error instanceof MoveLost) {
      return putOnce(writer, path, body, contentType, conditions);
    }
    throw error;
  }
}

/** The todo a PUT was moving is gone. */
class MoveLost extends Error {}

async function putOnce(
  writer: DavWriter,
  path: DavPath | undefined,
  body: string,
  contentType: string | undefined,
  conditions: Conditions,
): Promise<boolean> {
  const collection = await writableCollection(writer, path);
  const { name } = path as ObjectPath;
  if (!/^text\/calendar\s*(;|$)/i.test(contentType ?? '')) {
    throw new DavPrecondition(415, NS.caldav, 'supported-calendar-data');
  }
  const existing = await objectAt(writer, collection, name);
  requireConditions(existing, conditions);
  const read = readOrRefuse(body, writer.timezone);
  const userId = writer.user.id;
  const holder = await todoOfUid(writer.db, userId, read.uid);
  // A client that moves an item by copying it into another collection and deleting the original
  // (vdirsyncer, DAVx⁵) moves the todo itself: its id and everything it carries (ADR 0041).
  const moving =
    holder !== undefined && holder !== existing?.id
      ? await movedHere(writer, collection, holder, existing)
      : undefined;
  return write(writer, async (trx, after) => {
    const { fields, parentKnown } = await fieldsOf(trx, writer, read, after);
    const kept = read.kept;
    if (!parentKnown && read.parentJson !== undefined) {
      kept.properties.push(read.parentJson);
    }
    const order = read.order !== null && read.order <= QUOTAS.todos ? read.order : undefined;
    let todoId: string;
    const written: string[] = [];
    const replacing = existing?.id ?? moving;
    if (replacing !== undefined) {
      todoId = replacing;
      // Read through a no-op update, which locks the row until the commit: a concurrent DELETE
      // of the original waits, then finds it moved (deleteObject).
      const current = await trx
        .updateTable('todos')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', todoId)
        .returning(['completed', 'repeat_from', 'parent_id', 'position'])
        .executeTakeFirst();
      if (!current) {
        throw moving === undefined ? notFound() : new MoveLost();
      }
      const update: TodoUpdate = { ...fields };
      // A repeat the writer could not serve (counted from completion) is not the client's to clear.
      if (!read.repeat && current.repeat_from === 'completion') {
        delete update.repeat;
      }
      if (!parentKnown || (fields.parentId ?? null) === current.parent_id) {
        delete update.parentId;
      }
      if (order !== undefined && order !== Number(current.position)) {
        update.order = order;
      }
      if (read.completed !== Boolean(current.completed)) {
        update.completed = read.completed;
      }
      if (moving !== undefined) {
        update.listId = listIdOf(collection);
      }
      const result = await updateTodo(
        trx,
        userId,
        todoId,
        // What the API's route checks before the service (createTodo checks its own).
        todoUpdateSchema.parse(update),
        writer.now,
        writer.today,
        writer.timezone,
      );
      written.push(todoId, ...result.others);
    } else {
      const todo = await createTodo(
        trx,
        userId,
        {
          ...fields,
          ...(fields.parentId ? {} : { listId: listIdOf(collection) }),
          ...(order === undefined ? {} : { order }),
        },
        writer.now,
        writer.today,
        writer.timezone,
      );
      todoId = todo.id;
      written.push(todoId);
      if (read.completed) {
        const result = await updateTodo(
          trx,
          userId,
          todoId,
          { completed: true },
          writer.now,
          writer.today,
          writer.timezone,
        );
        written.push(...result.others);
      }
    }
    await saveExclusions(trx, todoId, read.excluded, writer.timezone);
    await saveDavObject(trx, userId, todoId, {
      name,
      uid: read.uid,
      kept: JSON.stringify(kept),
      sequence: read.sequence,
    });
    after.push(...(await todoWritten(trx, writer.events, userId, [...new Set(written)])));
    return existing === undefined;
  });
}

/**
 * The client's EXDATEs as the series' excluded dates (ADR 0034, 2026-11-29): those that are days
 * of its rule after its due date, at most MAX_EXCLUDED_DATES. The due date is the series' current
 * occurrence: a client that excludes it has the series keep it (Skip in the app moves it on).
 */
async function saveExclusions(
  trx: Kysely<Database>,
  todoId: string,
  days: readonly string[],
  timezone: string,
): Promise<void> {
  const row = await trx
    .selectFrom('todos')
    .selectAll()
    .where('id', '=', todoId)
    .executeTakeFirstOrThrow();
  const series = seriesOf(row, timezone);
  const excluded =
    series && row.due_date
      ? keptExclusions(series, days)
          .filter((day) => day > (row.due_date ?? ''))
          .slice(0, MAX_EXCLUDED_DATES)
      : [];
  await trx
    .updateTable('todos')
    .set({ repeat_excluded: JSON.stringify(excluded) })
    .where('id', '=', todoId)
    .execute();
}

/**
 * DELETE of an item: the todo and its subtasks, as in the app. The name of one that has moved to
 * another collection is deleted already: nothing to do (a client's copy-and-delete move).
 */
export async function deleteObject(
  writer: DavWriter,
  path: DavPath | undefined,
  conditions: Conditions,
): Promise<void> {
  const collection = await writableCollection(writer, path);
  const { name } = path as ObjectPath;
  const existing = await objectAt(writer, collection, name);
  if (!existing) {
    if (await movedAway(writer.db, writer.user.id, collection.ref, name)) {
      return;
    }
    throw notFound();
  }
  requireConditions(existing, conditions);
  await write(writer, async (trx, after) => {
    // Locks the todo where it is: one a concurrent PUT has just moved away stays (its move won).
    const listId = listIdOf(collection);
    const still = await trx
      .updateTable('todos')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', existing.id)
      .where('list_id', listId === null ? 'is' : '=', listId)
      .returning('id')
      .executeTakeFirst();
    if (!still) {
      return;
    }
    const others = await deleteTodo(trx, writer.user.id, existing.id);
    after.push(
      ...(await todoWritten(trx, writer.events, writer.user.id, [existing.id, ...others])),
    );
  });
}

/**
 * MOVE of an item (RFC 4918 9.9) to a name in the same or another of the user's writable
 * collections: the same todo (its id, history and everything it carries), in the destination's
 * list. Answers whether the destination was new (201) or replaced (204).
 */
export async function moveObject(
  writer: DavWriter,
  path: DavPath | undefined,
  destination: string | undefined,
  overwrite: string | undefined,
  conditions: Conditions,
): Promise<boolean> {
  const source = await writableCollection(writer, path);
  const existing = await objectAt(writer, source, (path as ObjectPath).name);
  if (!existing) {
    throw notFound();
  }
  requireConditions(existing, conditions);
  if (!destination) {
    throw new ApiError('VALIDATION_FAILED', 'A MOVE needs a Destination header.');
  }
  const target = parseDavPath(hrefPath(destination) ?? '');
  let collection: Writable;
  try {
    collection = await writableCollection(writer, target);
  } catch (error) {
    // RFC 4918 9.9.4: a destination whose collection is not there (or not the user's) is 409.
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError('CONFLICT', 'The destination collection is not there.');
    }
    throw error;
  }
  const name = (target as ObjectPath).name;
  const replaced = await objectAt(writer, collection, name);
  if (replaced?.id === existing.id) {
    return false;
  }
  if (replaced && overwrite?.trim().toUpperCase() === 'F') {
    throw new DavRefusal(412, 'Something is at the destination, and Overwrite is F.');
  }
  return write(writer, async (trx, after) => {
    const userId = writer.user.id;
    const written = [existing.id];
    if (replaced) {
      written.push(replaced.id, ...(await deleteTodo(trx, userId, replaced.id)));
    }
    const listId = listIdOf(collection);
    if (listId !== listIdOf(source)) {
      const result = await updateTodo(
        trx,
        userId,
        existing.id,
        { listId },
        writer.now,
        writer.today,
        writer.timezone,
      );
      written.push(...result.others);
    } else {
      await trx
        .updateTable('todos')
        .set({ updated_at: writer.now.toISOString() })
        .where('id', '=', existing.id)
        .execute();
    }
    const kept = await trx
      .selectFrom('dav_objects')
      .select(['uid', 'kept', 'sequence'])
      .where('todo_id', '=', existing.id)
      .executeTakeFirst();
    await saveDavObject(trx, userId, existing.id, {
      name,
      ...(kept ?? { uid: existing.id, kept: JSON.stringify(EMPTY_KEPT), sequence: 0 }),
    });
    after.push(...(await todoWritten(trx, writer.events, userId, [...new Set(written)])));
    return replaced === undefined;
  });
}

const EMPTY_KEPT = { properties: [], components: [], zones: [] };
