import { ApiError } from '../lib/errors';
import { filterOf, matchesFilter, UnsupportedFilter } from './filter';
import type { DavCollection } from './items';
import { idsByName } from './names';
import { collectionObjects } from './objects';
import {
  collectionPath,
  DAV_ROOT,
  type DavPath,
  homePath,
  hrefPath,
  objectPath,
  parseDavPath,
  principalPath,
} from './paths';
import { DavPrecondition } from './precondition';
import {
  asksFor,
  calendarDataProperty,
  missingResponse,
  objectProperties,
  type PropRequest,
  propRequestOf,
  propResponse,
} from './properties';
import {
  type DavContext,
  homeChildren,
  resolve,
  type Resolved,
  resourceProperties,
} from './resources';
import { syncCollectionReport } from './sync-report';
import type { DavObject } from './vtodo';
import {
  isElement,
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  NS,
  parseXml,
  type XmlElement,
} from './xml';

/** The path a resolved resource is served at. */
export function resourcePath(context: DavContext, resource: Resolved): string {
  const userId = context.user.id;
  switch (resource.kind) {
    case 'root':
      return DAV_ROOT;
    case 'principal':
      return principalPath(userId);
    case 'home':
      return homePath(userId);
    case 'collection':
      return collectionPath(userId, resource.collection.ref);
    case 'object':
      return objectPath(userId, resource.collection.ref, resource.object.name);
  }
}

function objectResponse(
  context: DavContext,
  collection: DavCollection,
  object: DavObject,
  request: PropRequest,
): string {
  const properties = objectProperties(context.user, collection, object);
  if (asksFor(request, NS.caldav, 'calendar-data')) {
    properties.push(calendarDataProperty(object));
  }
  return propResponse(
    objectPath(context.user.id, collection.ref, object.name),
    properties,
    request,
  );
}

const multistatus = (responses: string[]) =>
  MULTISTATUS_OPEN + responses.join('') + MULTISTATUS_CLOSE;

/** PROPFIND (RFC 4918 9.1) at Depth 0 or 1: the resource, and with Depth 1 its members. */
export async function propfind(
  context: DavContext,
  path: DavPath | undefined,
  depth: 0 | 1,
  body: string,
): Promise<string> {
  let root: XmlElement | undefined;
  if (body.trim()) {
    root = parseXml(body);
    if (!isElement(root, NS.dav, 'propfind')) {
      throw new ApiError('VALIDATION_FAILED', 'A PROPFIND body must be a DAV:propfind element.');
    }
  }
  const request = propRequestOf(root);
  const resource = await resolve(context, path);
  if (resource.kind === 'object') {
    return multistatus([objectResponse(context, resource.collection, resource.object, request)]);
  }
  const responses = [
    propResponse(
      resourcePath(context, resource),
      await resourceProperties(context, resource),
      request,
    ),
  ];
  if (depth === 1 && resource.kind === 'home') {
    for (const { collection, properties } of await homeChildren(context)) {
      responses.push(
        propResponse(collectionPath(context.user.id, collection.ref), properties, request),
      );
    }
  }
  if (depth === 1 && resource.kind === 'collection') {
    const { collection } = resource;
    for await (const page of collectionObjects(
      context.db,
      context.user.id,
      collection.ref,
      context.timezone,
    )) {
      for (const object of page) {
        responses.push(objectResponse(context, collection, object, request));
      }
    }
  }
  return multistatus(responses);
}

/**
 * REPORT (RFC 3253 3.6): calendar-multiget and calendar-query on a collection or an item,
 * sync-collection (RFC 6578) on a collection.
 */
export async function report(
  context: DavContext,
  path: DavPath | undefined,
  body: string,
): Promise<string> {
  if (!body.trim()) {
    throw new ApiError('VALIDATION_FAILED', 'A REPORT needs a body.');
  }
  const root = parseXml(body);
  const multiget = isElement(root, NS.caldav, 'calendar-multiget');
  const sync = isElement(root, NS.dav, 'sync-collection');
  if (!multiget && !sync && !isElement(root, NS.caldav, 'calendar-query')) {
    throw new DavPrecondition(403, NS.dav, 'supported-report');
  }
  const resource = await resolve(context, path);
  if (resource.kind !== 'collection' && (sync || resource.kind !== 'object')) {
    throw new DavPrecondition(403, NS.dav, 'supported-report');
  }
  if (sync) {
    const chunks: string[] = [];
    await syncCollectionReport(
      context,
      resource.collection,
      root,
      (collection, object, request) => objectResponse(context, collection, object, request),
      (chunk) => chunks.push(chunk),
    );
    return chunks.join('');
  }
  const request = propRequestOf(root);
  return multiget
    ? multigetReport(context, resource, root, request)
    : queryReport(context, resource, root, request);
}

/** calendar-multiget (RFC 4791 7.9): the items of the collection its hrefs name; 404 for others. */
async function multigetReport(
  context: DavContext,
  resource: Extract<Resolved, { kind: 'collection' | 'object' }>,
  root: XmlElement,
  request: PropRequest,
): Promise<string> {
  const { collection } = resource;
  const wanted = new Map<string, string>();
  const responses: string[] = [];
  for (const element of root.children.filter((each) => isElement(each, NS.dav, 'href'))) {
    const href = element.text.trim();
    const parsed = parseDavPath(hrefPath(href) ?? '');
    const inCollection =
      parsed?.kind === 'object' &&
      parsed.userId === context.user.id &&
      collectionPath(parsed.userId, parsed.collection) ===
        collectionPath(context.user.id, collection.ref);
    if (inCollection) {
      wanted.set(parsed.name, href);
    } else {
      responses.push(missingResponse(href));
    }
  }
  const ids = await idsByName(context.db, context.user.id, collection.ref, [...wanted.keys()]);
  const found = new Set<string>();
  for await (const page of collectionObjects(
    context.db,
    context.user.id,
    collection.ref,
    context.timezone,
    [...new Set(ids.values())],
  )) {
    for (const object of page) {
      if (wanted.has(object.name)) {
        found.add(object.name);
        responses.push(objectResponse(context, collection, object, request));
      }
    }
  }
  for (const [name, href] of wanted) {
    if (!found.has(name)) {
      responses.push(missingResponse(href));
    }
  }
  return multistatus(responses);
}

/** calendar-query (RFC 4791 7.8): the items passing its filter. */
async function queryReport(
  context: DavContext,
  resource: Extract<Resolved, { kind: 'collection' | 'object' }>,
  root: XmlElement,
  request: PropRequest,
): Promise<string> {
  let filter;
  try {
    filter = filterOf(root);
  } catch (error) {
    if (error instanceof UnsupportedFilter) {
      throw new DavPrecondition(403, NS.caldav, 'supported-filter');
    }
    throw error;
  }
  const { collection } = resource;
  const pages =
    resource.kind === 'object'
      ? [[resource.object]]
      : collectionObjects(context.db, context.user.id, collection.ref, context.timezone);
  const responses: string[] = [];
  for await (const page of pages) {
    for (const object of page) {
      if (matchesFilter(object.calendar, filter, context.timezone)) {
        responses.push(objectResponse(context, collection, object, request));
      }
    }
  }
  return multistatus(responses);
}
