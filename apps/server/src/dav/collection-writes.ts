import { ApiError } from '../lib/errors';
import { createList, deleteList } from '../lists/lists';
import { davCollection } from './items';
import type { DavPath } from './paths';
import { DavPrecondition } from './precondition';
import type { DavWriter } from './writes';
import { child, isElement, NS, parseXml } from './xml';

/*
 * Collections over CalDAV (ADR 0034, 2026-11-29): MKCALENDAR makes a list, DELETE of a list's
 * collection deletes it with its todos, as the app's `?todos=delete`; the Inbox and Daily goals
 * are not the client's to make or delete.
 */

const notFound = () => new ApiError('NOT_FOUND', 'There is nothing at this address.');
/** What a list made without a name is called. */
const UNNAMED_LIST = 'New list';

/** The name, colour and components a MKCALENDAR body sets (RFC 4791 5.3.1), each optional. */
function mkcalendarProps(body: string): { name?: string; color?: string; vtodo: boolean } {
  if (!body.trim()) {
    return { vtodo: true };
  }
  const root = parseXml(body);
  if (!isElement(root, NS.caldav, 'mkcalendar')) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'A MKCALENDAR body must be a CALDAV:mkcalendar element.',
    );
  }
  const props = root.children
    .filter((each) => isElement(each, NS.dav, 'set'))
    .flatMap((set) => child(set, NS.dav, 'prop')?.children ?? []);
  const find = (ns: string, name: string) => props.find((each) => isElement(each, ns, name));
  const color = /^#[0-9a-f]{6}/i.exec(find(NS.apple, 'calendar-color')?.text.trim() ?? '')?.[0];
  const components = find(NS.caldav, 'supported-calendar-component-set');
  const name = find(NS.dav, 'displayname')?.text.trim();
  return {
    ...(name ? { name } : {}),
    ...(color ? { color } : {}),
    vtodo:
      !components ||
      components.children.some(
        (each) =>
          isElement(each, NS.caldav, 'comp') && each.attributes.name?.toUpperCase() === 'VTODO',
      ),
  };
}

/** MKCALENDAR (RFC 4791 5.3.1): a new list, at the segment the client chose. */
export async function mkcalendar(
  writer: DavWriter,
  path: DavPath | undefined,
  body: string,
): Promise<void> {
  if (!path || path.kind === 'root' || path.userId !== writer.user.id) {
    throw notFound();
  }
  if (path.kind !== 'collection' || path.collection.kind !== 'list') {
    throw new DavPrecondition(403, NS.caldav, 'calendar-collection-location-ok');
  }
  const segment = path.collection.listId;
  if (await davCollection(writer.db, writer.user.id, path.collection)) {
    throw new DavPrecondition(403, NS.dav, 'resource-must-be-null');
  }
  const props = mkcalendarProps(body);
  if (!props.vtodo) {
    throw new DavPrecondition(403, NS.caldav, 'supported-calendar-component');
  }
  const userId = writer.user.id;
  await writer.db.transaction().execute(async (trx) => {
    const list = await createList(
      trx,
      userId,
      { name: props.name ?? UNNAMED_LIST, ...(props.color ? { color: props.color } : {}) },
      writer.now,
    );
    await trx
      .insertInto('dav_collections')
      .values({ list_id: list.id, user_id: userId, segment })
      .execute();
  });
  await writer.events.emit({ type: 'lists.changed', userId });
}

/** DELETE of a collection: a list, with its todos (the Inbox and Daily goals are 403). */
export async function deleteCollection(
  writer: DavWriter,
  path: DavPath | undefined,
): Promise<void> {
  if (!path || path.kind === 'root' || path.userId !== writer.user.id) {
    throw notFound();
  }
  if (path.kind !== 'collection') {
    throw new DavPrecondition(403, NS.dav, 'need-privileges');
  }
  const collection = await davCollection(writer.db, writer.user.id, path.collection);
  if (!collection) {
    throw notFound();
  }
  if (collection.ref.kind !== 'list') {
    throw new DavPrecondition(403, NS.dav, 'need-privileges');
  }
  const { listId } = collection.ref;
  const userId = writer.user.id;
  const followUps = await writer.db.transaction().execute(async (trx) => {
    const deleted = await deleteList(trx, userId, listId, 'delete');
    const within = [];
    for (const todoId of deleted) {
      within.push(...(await writer.events.within(trx, { type: 'todo.written', userId, todoId })));
    }
    return within;
  });
  for (const event of [
    ...followUps,
    { type: 'lists.changed', userId } as const,
    { type: 'sections.changed', userId } as const,
    { type: 'todos.changed', userId } as const,
  ]) {
    await writer.events.emit(event);
  }
}
