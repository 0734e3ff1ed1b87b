import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { SessionUser } from '../lib/caller';
import { ApiError } from '../lib/errors';
import { collectionCtag, type DavCollection, davCollection, davCollections } from './items';
import { idsByName } from './names';
import { collectionObject } from './objects';
import type { DavPath } from './paths';
import {
  collectionProperties,
  homeProperties,
  principalProperties,
  type Property,
  rootProperties,
} from './properties';
import { syncState } from './sync-log';
import { syncToken } from './sync-report';
import type { DavObject } from './vtodo';

/** Who asks and how their items read: the authenticated user and their time zone. */
export interface DavContext {
  db: Kysely<Database>;
  user: SessionUser;
  timezone: string;
}

export type Resolved =
  | { kind: 'root' | 'principal' | 'home' }
  | { kind: 'collection'; collection: DavCollection }
  | { kind: 'object'; collection: DavCollection; object: DavObject };

/**
 * The resource at `path`, or 404: one that is not there and one of another user's answer alike
 * (docs/ARCHITECTURE.md, Policy: what the user may not read is 404), so paths reveal nothing.
 */
export async function resolve(context: DavContext, path: DavPath | undefined): Promise<Resolved> {
  const notFound = new ApiError('NOT_FOUND', 'There is nothing at this address.');
  if (!path) {
    throw notFound;
  }
  if (path.kind === 'root') {
    return { kind: 'root' };
  }
  if (path.userId !== context.user.id) {
    throw notFound;
  }
  if (path.kind === 'principal' || path.kind === 'home') {
    return { kind: path.kind };
  }
  const collection = await davCollection(context.db, context.user.id, path.collection);
  if (!collection) {
    throw notFound;
  }
  if (path.kind === 'collection') {
    return { kind: 'collection', collection };
  }
  const id = (await idsByName(context.db, context.user.id, collection.ref, [path.name])).get(
    path.name,
  );
  const object =
    id === undefined
      ? undefined
      : await collectionObject(context.db, context.user.id, collection.ref, context.timezone, id);
  if (!object || object.name !== path.name) {
    throw notFound;
  }
  return { kind: 'object', collection, object };
}

/** The properties of a resource that is not an item. */
export async function resourceProperties(
  context: DavContext,
  resource: Exclude<Resolved, { kind: 'object' }>,
): Promise<Property[]> {
  switch (resource.kind) {
    case 'root':
      return rootProperties(context.user);
    case 'principal':
      return principalProperties(context.user);
    case 'home':
      return homeProperties(context.user);
    case 'collection':
      return collectionProperties(context.user, resource.collection, {
        ctag: await collectionCtag(context.db, context.user.id, resource.collection.ref),
        syncToken: syncToken((await syncState(context.db, context.user.id)).revision),
      });
  }
}

/** The home's collections with their properties (a Depth 1 PROPFIND of the home). */
export async function homeChildren(
  context: DavContext,
): Promise<{ collection: DavCollection; properties: Property[] }[]> {
  const collections = await davCollections(context.db, context.user.id);
  const children = [];
  for (const collection of collections) {
    children.push({
      collection,
      properties: await resourceProperties(context, { kind: 'collection', collection }),
    });
  }
  return children;
}
