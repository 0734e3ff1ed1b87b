import {
  type DehydratedState,
  hashKey,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

import { queryKeys } from './query-keys';

/**
 * How long what the server read to draw a page stays fresh: the page does not read it again as it
 * starts, which would draw it again for nothing (ADR 0018, Drawn state). A write, or a realtime
 * event saying it changed elsewhere, reads it again at once as ever.
 */
const DRAWN_FRESH_MS = 30_000;

/** The reads each query cache was started from (`startFrom`), and when. */
const drawnIn = new WeakMap<QueryClient, { at: number; hashes: Set<string> }>();

/** Whether `query` still holds what the server read to draw the page. */
function stillDrawn(client: QueryClient, query: Query): boolean {
  const drawn = drawnIn.get(client);
  return (
    drawn !== undefined &&
    drawn.hashes.has(query.queryHash) &&
    query.state.dataUpdatedAt === drawn.at
  );
}

/**
 * Starts `client` from what the server read to draw a page (entry-server.tsx): in the browser as
 * the page hydrates, and in the server's renderer for each draw, so that both see the same reads,
 * equally fresh.
 */
export function startFrom(client: QueryClient, state: DehydratedState): void {
  const drawnAt = Date.now();
  drawnIn.set(client, {
    at: drawnAt,
    hashes: new Set(state.queries.map((query) => query.queryHash)),
  });
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: drawnAt },
    })),
  });
  client.setDefaultOptions({
    queries: {
      ...client.getDefaultOptions().queries,
      staleTime: (query) => (stillDrawn(client, query) ? DRAWN_FRESH_MS : 0),
    },
  });
}

const SESSION = hashKey(queryKeys.session);

/**
 * Reads again what the page still shows as the server read it, once the realtime connection is
 * open (lib/realtime.ts): a change made elsewhere between the server's read and that moment sent
 * an event the page could not hear. Only the reads the page shows are made, and what comes back
 * the same draws nothing again. The session is not read again: a session ended meanwhile closes
 * the connection, which says so.
 */
export async function readAgainWhatWasDrawn(client: QueryClient): Promise<void> {
  if (!drawnIn.has(client)) {
    return;
  }
  await client.refetchQueries({
    type: 'active',
    predicate: (query) => query.queryHash !== SESSION && stillDrawn(client, query),
  });
}
