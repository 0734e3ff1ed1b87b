import type { DavCollection } from './items';
import { collectionObjects } from './objects';
import { objectPath } from './paths';
import { DavPrecondition } from './precondition';
import { missingResponse, type PropRequest, propRequestOf } from './properties';
import type { DavContext } from './resources';
import { changesSince, syncState } from './sync-log';
import type { DavObject } from './vtodo';
import { child, escapeXml, MULTISTATUS_CLOSE, MULTISTATUS_OPEN, NS, type XmlElement } from './xml';

/*
 * REPORT sync-collection (RFC 6578, ADR 0041): a collection's members, or what changed in it
 * since a sync token, read from the change log (dav/sync-log.ts). A token is a URI naming the
 * user's revision; one older than the log keeps, newer than the latest, or not ours is 403
 * DAV:valid-sync-token, and the client starts over with an empty token.
 */

const TOKEN_PREFIX = 'urn:daywise:sync:';

/** The sync token of revision `revision` (a collection's DAV:sync-token). */
export const syncToken = (revision: number) => `${TOKEN_PREFIX}${revision}`;

/** The revision a token names, or undefined when it is not one of ours. */
function revisionOf(token: string): number | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) {
    return undefined;
  }
  const digits = token.slice(TOKEN_PREFIX.length);
  return /^\d{1,15}$/.test(digits) ? Number(digits) : undefined;
}

/** Renders a member of `collection` for the report. */
export type ObjectResponder = (
  collection: DavCollection,
  object: DavObject,
  request: PropRequest,
) => string;

/** What a sync-collection body asks: since which token, and which properties. */
function syncRequestOf(root: XmlElement): { token: string; request: PropRequest } {
  const level = child(root, NS.dav, 'sync-level')?.text.trim() ?? '1';
  if (level !== '1') {
    throw new DavPrecondition(403, NS.dav, 'sync-traversal-supported');
  }
  return {
    token: child(root, NS.dav, 'sync-token')?.text.trim() ?? '',
    request: propRequestOf(root),
  };
}

/**
 * Writes the sync-collection answer on `collection` a page at a time through `write`: each
 * member with its properties (no token) or each change since the token, then the new token.
 */
export async function syncCollectionReport(
  context: DavContext,
  collection: DavCollection,
  root: XmlElement,
  respond: ObjectResponder,
  write: (chunk: string) => void,
): Promise<void> {
  const { token, request } = syncRequestOf(root);
  const state = await syncState(context.db, context.user.id);
  const { db, user, timezone } = context;
  if (token === '') {
    write(MULTISTATUS_OPEN);
    for await (const page of collectionObjects(db, user.id, collection.ref, timezone)) {
      write(page.map((object) => respond(collection, object, request)).join(''));
    }
  } else {
    const since = revisionOf(token);
    if (since === undefined || since < state.floor || since > state.revision) {
      throw new DavPrecondition(403, NS.dav, 'valid-sync-token');
    }
    const changes = await changesSince(db, user.id, collection.ref, since, state.revision);
    write(MULTISTATUS_OPEN);
    const gone = (name: string) => missingResponse(objectPath(user.id, collection.ref, name));
    write(
      changes
        .filter((change) => change.deleted)
        .map((change) => gone(change.name))
        .join(''),
    );
    const present = changes.filter((change) => !change.deleted);
    const ids = present.map((change) => change.itemId);
    const found = new Set<string>();
    for await (const page of collectionObjects(db, user.id, collection.ref, timezone, ids)) {
      for (const object of page) {
        found.add(object.id);
      }
      write(page.map((object) => respond(collection, object, request)).join(''));
    }
    // Changed and since gone, in a write after the revision read above: gone here too.
    write(
      present
        .filter((change) => !found.has(change.itemId))
        .map((change) => gone(change.name))
        .join(''),
    );
  }
  write(`<d:sync-token>${escapeXml(syncToken(state.revision))}</d:sync-token>${MULTISTATUS_CLOSE}`);
}
