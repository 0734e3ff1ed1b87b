import { AsyncLocalStorage } from 'node:async_hooks';

import { accountApi } from '@daywise/shared/api';
import type { SessionState } from '@daywise/shared/schemas';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppRoot } from './app/app-root';
import { documentTitleOf } from './app/document-title';
import { HomeApp } from './app/home-app';
import { createQueryClient } from './app/providers';
import { PRERENDERED_PATHS, routes } from './app/routes';
import { sendApiRequestsWith } from './lib/api-client';
import { startFrom } from './lib/drawn-state';
import { queryKeys } from './lib/query-keys';
import { INLINE_STATE_ID } from './lib/session-read';

export { PRERENDERED_PATHS };

/** The `<title>` of a prerendered page or shell (scripts/prerender.mjs). */
export function documentTitle(pathname: string): string {
  return documentTitleOf(routes, pathname);
}

/**
 * Renders the page at `url` (its path and query) to HTML: a public page at build time
 * (scripts/prerender.mjs), a signed-in page from the reads in `client` (`renderSignedInPage`).
 */
export async function render(url: string, client?: QueryClient): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://daywise.local${url}`));
  if (context instanceof Response) {
    throw new Error(`Rendering ${url} answered a redirect`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot
      client={client}
      router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
    />,
  );
}

/** Renders the home page's own app at build time (scripts/prerender.mjs). */
export function renderHome(): string {
  return renderToString(<HomeApp />);
}

const ROOT_START = '<div id="root">';
const ROOT_END = '</div>\n  </body>';
/** The signed-in pages' shells preload the session read with this (scripts/prerender.mjs). */
export const SESSION_PRELOAD = `<link rel="preload" as="fetch" crossorigin href="${accountApi.session.path}">`;

/** Reads the API as the user a page is drawn for; what `renderSignedInPage` is given. */
export type ReadApi = (path: string) => Promise<Response>;

/** The reads of the page being drawn, each render's own: renders for several users overlap. */
const pageReads = new AsyncLocalStorage<ReadApi>();
sendApiRequestsWith((input, init) => {
  const read = pageReads.getStore();
  if (!read || (init?.method ?? 'GET') !== 'GET' || typeof input !== 'string') {
    return Promise.reject(new Error('A page drawn on the server only reads, as its user'));
  }
  return read(input);
});

/**
 * How many times a page is drawn to learn what it reads: a read may wait on another's answer (the
 * dashboard's analytics wait on the settings), and each round makes the reads the last draw asked
 * for. The last draw is the one sent.
 */
const READ_ROUNDS = 3;

/** Whether the page would make this read now: it has no answer, and its component enables it. */
function waitsForRead(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.options.queryFn !== undefined;
}

/** JSON that stays inert inside a `<script>` element: no `</script>` or `<!--` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * A signed-in page as the server sends it to its user (apps/server/src/web/routes.ts, ADR 0018):
 * its shell (dist/shells/<path>.html) with the page drawn for `session` in place of the spinner,
 * from the reads the page makes, made with `readApi` as that user. The page is drawn, its reads
 * made, and drawn again, until it asks for nothing more; a read that fails is left to the browser,
 * which shows it loading and makes it itself. What was read, the session first, is inlined for
 * the browser, which starts from it (main.tsx) instead of reading it again, so the preload of the
 * session read goes. The user sees their page, their name and their data on it, as soon as the
 * HTML is in; the code hydrates it once loaded.
 */
export async function renderSignedInPage(
  shell: string,
  url: string,
  session: SessionState,
  readApi: ReadApi,
): Promise<string> {
  const start = shell.indexOf(ROOT_START);
  const end = shell.lastIndexOf(ROOT_END);
  if (start < 0 || end < start || !shell.includes(SESSION_PRELOAD)) {
    throw new Error(`The shell of ${url} is not the one scripts/prerender.mjs writes`);
  }
  const seeded = createQueryClient();
  seeded.setQueryData(queryKeys.session, session);
  let state = dehydrate(seeded);
  const tried = new Set<string>();
  let page = '';
  for (let round = 0; round <= READ_ROUNDS; round += 1) {
    // A client of its own each time, so that each query carries the options of this draw.
    const client = createQueryClient();
    startFrom(client, state);
    page = await render(url, client);
    const reads = client
      .getQueryCache()
      .getAll()
      .filter((query) => !tried.has(query.queryHash) && waitsForRead(query));
    if (reads.length === 0 || round === READ_ROUNDS) {
      break;
    }
    reads.forEach((query) => tried.add(query.queryHash));
    // Not tried twice: the browser makes a failed read again, and says so if it fails there.
    await pageReads.run(readApi, () =>
      Promise.allSettled(reads.map((query) => query.fetch({ ...query.options, retry: false }))),
    );
    state = dehydrate(client);
  }
  // The shell has the page's title already (scripts/prerender.mjs).
  page = page.replace(/<title>[^<]*<\/title>/, '');
  const inline = `<script type="application/json" id="${INLINE_STATE_ID}">${scriptJson(state)}</script>`;
  return `${shell.slice(0, start)}${inline}\n    ${ROOT_START}${page}${shell.slice(end)}`.replace(
    SESSION_PRELOAD,
    '',
  );
}
