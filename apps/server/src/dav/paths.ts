/*
 * The CalDAV server's resources and their paths (ADR 0034):
 *
 *   /dav/                                   the root (where discovery starts)
 *   /dav/principals/<userId>/               the user's principal
 *   /dav/calendars/<userId>/                their calendar home
 *   /dav/calendars/<userId>/<collection>/   a VTODO collection: a list's id (or the segment a
 *                                           client chose in MKCALENDAR), `inbox`, `daily-goals`
 *   /dav/calendars/<userId>/<collection>/<name>   a todo or a plan task: `<itemId>.ics`, or the
 *                                                 name a client gave it in a PUT (dav_objects)
 */

export const DAV_ROOT = '/dav/';

/**
 * A collection. A list's `listId` is, in a parsed path, the segment the client named (its id or
 * the segment its MKCALENDAR chose); once resolved, its id, with `segment` when it has one.
 */
export type CollectionRef =
  { kind: 'list'; listId: string; segment?: string } | { kind: 'inbox' } | { kind: 'daily-goals' };

export type DavPath =
  | { kind: 'root' }
  | { kind: 'principal'; userId: string }
  | { kind: 'home'; userId: string }
  | { kind: 'collection'; userId: string; collection: CollectionRef }
  | { kind: 'object'; userId: string; collection: CollectionRef; name: string };

/** Our ids (lib/ids.ts), the collections' fixed names and clients' UUIDs: nothing to escape. */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * A resource name as clients choose them (UUIDs, UIDs with `@` or dots), percent-decoded: only
 * characters a path segment may hold as they are, so names are served back unescaped.
 */
const OBJECT = /^[A-Za-z0-9._~@+=-]{1,200}$/;

/** The name an item without a client-chosen one is served under. */
export const itemName = (itemId: string) => `${itemId}.ics`;

function objectName(segment: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return OBJECT.test(name) && name !== '.' && name !== '..' ? name : undefined;
}

function collectionRef(segment: string): CollectionRef {
  return segment === 'inbox' || segment === 'daily-goals'
    ? { kind: segment }
    : { kind: 'list', listId: segment };
}

/**
 * The resource a request path names, or undefined when it names none of ours (404). A missing
 * trailing slash on a collection is accepted, as clients differ; `path` is the canonical path the
 * edge let through (lib/origin-check.ts), without its query.
 */
export function parseDavPath(path: string): DavPath | undefined {
  if (!path.startsWith('/dav')) {
    return undefined;
  }
  const segments = path.slice('/dav'.length).split('/').filter(Boolean);
  const [area, userId, collection, object, ...rest] = segments;
  if (area === undefined) {
    return path === '/dav' || path === DAV_ROOT ? { kind: 'root' } : undefined;
  }
  if (rest.length > 0 || userId === undefined || !SEGMENT.test(userId)) {
    return undefined;
  }
  if (area === 'principals') {
    return collection === undefined ? { kind: 'principal', userId } : undefined;
  }
  if (area !== 'calendars') {
    return undefined;
  }
  if (collection === undefined) {
    return { kind: 'home', userId };
  }
  if (!SEGMENT.test(collection)) {
    return undefined;
  }
  if (object === undefined) {
    return { kind: 'collection', userId, collection: collectionRef(collection) };
  }
  const name = objectName(object);
  return name === undefined
    ? undefined
    : { kind: 'object', userId, collection: collectionRef(collection), name };
}

export const principalPath = (userId: string) => `/dav/principals/${userId}/`;
export const homePath = (userId: string) => `/dav/calendars/${userId}/`;

export function collectionSegment(collection: CollectionRef): string {
  return collection.kind === 'list' ? (collection.segment ?? collection.listId) : collection.kind;
}

export const collectionPath = (userId: string, collection: CollectionRef) =>
  `${homePath(userId)}${collectionSegment(collection)}/`;

export const objectPath = (userId: string, collection: CollectionRef, name: string) =>
  `${collectionPath(userId, collection)}${name}`;

/** The path part of an href a client sent (absolute URL or path), percent-decoded; or undefined. */
export function hrefPath(href: string): string | undefined {
  try {
    return decodeURIComponent(new URL(href.trim(), 'http://host').pathname);
  } catch {
    return undefined;
  }
}
