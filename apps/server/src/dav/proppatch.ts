import { type ListUpdate, listUpdateSchema } from '@daywise/shared/schemas';

import { ApiError } from '../lib/errors';
import { updateList } from '../lists/lists';
import { resourcePath } from './methods';
import type { DavPath } from './paths';
import { resolve } from './resources';
import type { DavWriter } from './writes';
import {
  escapeXml,
  isElement,
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  NS,
  parseXml,
  tag,
  type XmlElement,
} from './xml';

/*
 * PROPPATCH (RFC 4918 9.2, ADR 0041): a list's collection takes a new DAV:displayname (its name)
 * and Apple calendar-color (its colour, #RRGGBB with or without the alpha clients add). Every
 * other property, and these on the Inbox, Daily goals or an item, is not the client's to set
 * (403; nothing unknown is stored). The instructions are applied all or none: when one fails,
 * the others are 424 and nothing changes.
 */

type Status = 200 | 403 | 409 | 424;
const STATUS_LINE: Record<Status, string> = {
  200: 'HTTP/1.1 200 OK',
  403: 'HTTP/1.1 403 Forbidden',
  409: 'HTTP/1.1 409 Conflict',
  424: 'HTTP/1.1 424 Failed Dependency',
};

interface Instruction {
  element: XmlElement;
  remove: boolean;
}

/** The set and remove instructions of a DAV:propertyupdate body, in document order. */
function instructionsOf(body: string): Instruction[] {
  const root = parseXml(body);
  if (!isElement(root, NS.dav, 'propertyupdate')) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'A PROPPATCH body must be a DAV:propertyupdate element.',
    );
  }
  return root.children.flatMap((operation) => {
    const remove = isElement(operation, NS.dav, 'remove');
    if (!remove && !isElement(operation, NS.dav, 'set')) {
      return [];
    }
    return operation.children
      .filter((each) => isElement(each, NS.dav, 'prop'))
      .flatMap((prop) => prop.children.map((element) => ({ element, remove })));
  });
}

/** What one instruction changes of the list, or the status refusing it. */
function changeOf(instruction: Instruction): Partial<ListUpdate> | 403 | 409 {
  const { element, remove } = instruction;
  const displayname = isElement(element, NS.dav, 'displayname');
  if (remove || !(displayname || isElement(element, NS.apple, 'calendar-color'))) {
    return 403;
  }
  const value = element.text.trim();
  const parsed = displayname
    ? listUpdateSchema.safeParse({ name: value })
    : listUpdateSchema.safeParse({
        color: /^#[0-9a-f]{6}(?:[0-9a-f]{2})?$/i.test(value) ? value.slice(0, 7) : value,
      });
  return parsed.success ? parsed.data : 409;
}

/** PROPPATCH of the resource at `path`: the multistatus naming each property's outcome. */
export async function proppatch(
  writer: DavWriter,
  path: DavPath | undefined,
  body: string,
): Promise<string> {
  const instructions = instructionsOf(body);
  const resource = await resolve(writer, path);
  const listId =
    resource.kind === 'collection' && resource.collection.ref.kind === 'list'
      ? resource.collection.ref.listId
      : undefined;
  const outcomes = instructions.map((instruction) => {
    const change = listId === undefined ? 403 : changeOf(instruction);
    return { instruction, change };
  });
  const failed = outcomes.some((each) => typeof each.change === 'number');
  if (!failed && listId !== undefined && outcomes.length > 0) {
    const update = Object.assign({}, ...outcomes.map((each) => each.change)) as ListUpdate;
    await writer.db
      .transaction()
      .execute((trx) => updateList(trx, writer.user.id, listId, update, writer.now));
    await writer.events.emit({ type: 'lists.changed', userId: writer.user.id });
  }
  const byStatus = new Map<Status, string[]>();
  for (const { instruction, change } of outcomes) {
    const status: Status = typeof change === 'number' ? change : failed ? 424 : 200;
    const { ns, name } = instruction.element;
    byStatus.set(status, [...(byStatus.get(status) ?? []), tag(ns, name)]);
  }
  const propstats = [...byStatus]
    .map(
      ([status, props]) =>
        `<d:propstat><d:prop>${props.join('')}</d:prop><d:status>${STATUS_LINE[status]}</d:status></d:propstat>`,
    )
    .join('');
  return `${MULTISTATUS_OPEN}<d:response><d:href>${escapeXml(resourcePath(writer, resource))}</d:href>${propstats}</d:response>${MULTISTATUS_CLOSE}`;
}
