import type { SessionUser } from '../lib/caller';
import type { DavCollection } from './items';
import { homePath, principalPath } from './paths';
import type { DavObject } from './vtodo';
import { child, clark, escapeXml, NS, tag, type XmlElement } from './xml';

/*
 * WebDAV properties of each resource (RFC 4918 15, RFC 4791 5.2 and 6.2, RFC 5397, and the
 * calendarserver.org and Apple extensions clients read), and the <d:response> elements that carry
 * them. Every value is written as XML content here, escaped.
 */

/** A property's name, and its value as XML content ('' for an empty element). */
export interface Property {
  ns: string;
  name: string;
  value: string;
}

/** What a PROPFIND or REPORT asks for (RFC 4918 14.20). */
export type PropRequest =
  | { kind: 'prop'; names: { ns: string; name: string }[] }
  | { kind: 'allprop' }
  | { kind: 'propname' };

const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;
const prop = (ns: string, name: string, value = ''): Property => ({ ns, name, value });

const privileges = (...names: string[]) =>
  names.map((name) => `<d:privilege>${tag(NS.dav, name)}</d:privilege>`).join('');
/** What clients check before offering to edit (RFC 3744 3): Daily goals and the rest read only. */
const READ_PRIVILEGES = privileges('read', 'read-current-user-privilege-set');
/** The Inbox, lists and their todos: written with PUT, DELETE and MOVE (ADR 0034, 2026-11-29). */
const WRITE_PRIVILEGES = privileges(
  'read',
  'read-current-user-privilege-set',
  'write',
  'write-content',
  'bind',
  'unbind',
);
/** The home: MKCALENDAR makes a list in it. */
const HOME_PRIVILEGES = privileges('read', 'read-current-user-privilege-set', 'bind');

function common(user: SessionUser, privilegeSet = READ_PRIVILEGES): Property[] {
  return [
    prop(NS.dav, 'current-user-principal', href(principalPath(user.id))),
    prop(NS.dav, 'current-user-privilege-set', privilegeSet),
  ];
}

const writable = (collection: DavCollection) => collection.ref.kind !== 'daily-goals';

export function rootProperties(user: SessionUser): Property[] {
  return [prop(NS.dav, 'resourcetype', tag(NS.dav, 'collection')), ...common(user)];
}

export function principalProperties(user: SessionUser): Property[] {
  return [
    prop(NS.dav, 'resourcetype', tag(NS.dav, 'collection') + tag(NS.dav, 'principal')),
    prop(NS.dav, 'displayname', escapeXml(user.name)),
    prop(NS.dav, 'principal-URL', href(principalPath(user.id))),
    prop(NS.caldav, 'calendar-home-set', href(homePath(user.id))),
    prop(NS.caldav, 'calendar-user-address-set', href(`mailto:${user.email}`)),
    ...common(user),
  ];
}

export function homeProperties(user: SessionUser): Property[] {
  return [
    prop(NS.dav, 'resourcetype', tag(NS.dav, 'collection')),
    prop(NS.dav, 'displayname', escapeXml(user.name)),
    prop(NS.dav, 'owner', href(principalPath(user.id))),
    ...common(user, HOME_PRIVILEGES),
  ];
}

/** The reports a calendar collection answers (RFC 3253 3.1.5, RFC 6578 3). */
export const SUPPORTED_REPORTS = [
  { ns: NS.caldav, name: 'calendar-multiget' },
  { ns: NS.caldav, name: 'calendar-query' },
  { ns: NS.dav, name: 'sync-collection' },
] as const;

/** What a collection's versions are: its CTag and its sync token (RFC 6578 4). */
export interface CollectionVersion {
  ctag: string;
  syncToken: string;
}

export function collectionProperties(
  user: SessionUser,
  collection: DavCollection,
  version: CollectionVersion,
): Property[] {
  const reports = SUPPORTED_REPORTS.map(
    ({ ns, name }) =>
      `<d:supported-report><d:report>${tag(ns, name)}</d:report></d:supported-report>`,
  ).join('');
  return [
    prop(NS.dav, 'resourcetype', tag(NS.dav, 'collection') + tag(NS.caldav, 'calendar')),
    prop(NS.dav, 'displayname', escapeXml(collection.name)),
    prop(NS.dav, 'owner', href(principalPath(user.id))),
    prop(NS.caldav, 'supported-calendar-component-set', '<c:comp name="VTODO"/>'),
    prop(
      NS.caldav,
      'supported-calendar-data',
      '<c:calendar-data content-type="text/calendar" version="2.0"/>',
    ),
    prop(NS.dav, 'supported-report-set', reports),
    prop(NS.cs, 'getctag', escapeXml(version.ctag)),
    prop(NS.dav, 'sync-token', escapeXml(version.syncToken)),
    ...(collection.color ? [prop(NS.apple, 'calendar-color', escapeXml(collection.color))] : []),
    prop(NS.apple, 'calendar-order', String(collection.order)),
    ...common(user, writable(collection) ? WRITE_PRIVILEGES : READ_PRIVILEGES),
  ];
}

export const OBJECT_CONTENT_TYPE = 'text/calendar; charset=utf-8; component=vtodo';

/** An item's properties; calendar-data only when asked for by name (RFC 4791 9.6). */
export function objectProperties(
  user: SessionUser,
  collection: DavCollection,
  object: DavObject,
): Property[] {
  return [
    prop(NS.dav, 'resourcetype'),
    prop(NS.dav, 'getetag', escapeXml(object.etag)),
    prop(NS.dav, 'getcontenttype', OBJECT_CONTENT_TYPE),
    prop(NS.dav, 'getcontentlength', String(Buffer.byteLength(object.body))),
    prop(NS.dav, 'getlastmodified', new Date(object.updatedAt).toUTCString()),
    ...common(user, writable(collection) ? WRITE_PRIVILEGES : READ_PRIVILEGES),
  ];
}

export function calendarDataProperty(object: DavObject): Property {
  return prop(NS.caldav, 'calendar-data', escapeXml(object.body));
}

const STATUS = { 200: 'HTTP/1.1 200 OK', 404: 'HTTP/1.1 404 Not Found' } as const;

function propstat(properties: string[], status: keyof typeof STATUS): string {
  return properties.length === 0
    ? ''
    : `<d:propstat><d:prop>${properties.join('')}</d:prop><d:status>${STATUS[status]}</d:status></d:propstat>`;
}

/**
 * One <d:response> for a resource at `path` with `properties`, as `request` asks: the named ones
 * (those it does not have in a 404 propstat), all of them, or their names.
 */
export function propResponse(path: string, properties: Property[], request: PropRequest): string {
  if (request.kind === 'allprop') {
    return `<d:response>${href(path)}${propstat(
      properties.map((each) => tag(each.ns, each.name, each.value)),
      200,
    )}</d:response>`;
  }
  if (request.kind === 'propname') {
    return `<d:response>${href(path)}${propstat(
      properties.map((each) => tag(each.ns, each.name)),
      200,
    )}</d:response>`;
  }
  const byName = new Map(properties.map((each) => [clark(each.ns, each.name), each]));
  const found: string[] = [];
  const missing: string[] = [];
  for (const name of request.names) {
    const property = byName.get(clark(name.ns, name.name));
    if (property) {
      found.push(tag(property.ns, property.name, property.value));
    } else {
      missing.push(tag(name.ns, name.name));
    }
  }
  return `<d:response>${href(path)}${propstat(found, 200)}${propstat(missing, 404)}</d:response>`;
}

/** A <d:response> saying the resource at `path` is not there (a multiget's unknown href). */
export function missingResponse(path: string): string {
  return `<d:response>${href(path)}<d:status>${STATUS[404]}</d:status></d:response>`;
}

/** What an element holding <d:prop>, <d:allprop> or <d:propname> asks for; allprop when none. */
export function propRequestOf(element: XmlElement | undefined): PropRequest {
  if (!element) {
    return { kind: 'allprop' };
  }
  const named = child(element, NS.dav, 'prop');
  if (named) {
    return {
      kind: 'prop',
      names: named.children.map((each) => ({ ns: each.ns, name: each.name })),
    };
  }
  if (child(element, NS.dav, 'propname')) {
    return { kind: 'propname' };
  }
  return { kind: 'allprop' };
}

/** Whether `request` names `{ns}name`. */
export function asksFor(request: PropRequest, ns: string, name: string): boolean {
  return (
    request.kind === 'prop' && request.names.some((each) => each.ns === ns && each.name === name)
  );
}
