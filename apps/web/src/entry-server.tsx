import type { SessionState } from '@daywise/shared/schemas';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppRoot } from './app/app-root';
import { documentTitleOf } from './app/document-title';
import { HomeApp } from './app/home-app';
import { PRERENDERED_PATHS, routes } from './app/routes';
import { INLINE_SESSION_ID, sessionEndpoint } from './lib/session-read';

export { PRERENDERED_PATHS };

/** The `<title>` of a prerendered page or shell (scripts/prerender.mjs). */
export function documentTitle(pathname: string): string {
  return documentTitleOf(routes, pathname);
}

/**
 * Renders the page at `url` (its path and query) to HTML: a public page at build time
 * (scripts/prerender.mjs), a signed-in page for the `session` it is drawn for
 * (`renderSignedInPage`).
 */
export async function render(url: string, session?: SessionState): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://daywise.local${url}`));
  if (context instanceof Response) {
    throw new Error(`Rendering ${url} answered a redirect`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot
      session={session}
      router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
    />,
  );
}

/** Renders the home page as its own entry draws it (src/home.tsx, scripts/prerender.mjs). */
export function renderHome(): string {
  return renderToString(<HomeApp />);
}

const ROOT_START = '<div id="root">';
const ROOT_END = '</div>\n  </body>';
/** The signed-in pages' shells preload the session read with this (scripts/prerender.mjs). */
export const SESSION_PRELOAD = `<link rel="preload" as="fetch" crossorigin href="${sessionEndpoint.path}">`;

/** JSON that stays inert inside a `<script>` element: no `</script>` or `<!--` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * A signed-in page as the server sends it to its user (apps/server/src/web/routes.ts, ADR 0018):
 * its shell (dist/shells/<path>.html) with the page drawn for `session` in place of the spinner,
 * and that session inlined for the browser, which starts from it (main.tsx) instead of reading it
 * again, so the preload of the session read goes. The user sees their page, their name on it, as
 * soon as the HTML is in; the code hydrates it once loaded.
 */
export async function renderSignedInPage(
  shell: string,
  url: string,
  session: SessionState,
): Promise<string> {
  const start = shell.indexOf(ROOT_START);
  const end = shell.lastIndexOf(ROOT_END);
  if (start < 0 || end < start || !shell.includes(SESSION_PRELOAD)) {
    throw new Error(`The shell of ${url} is not the one scripts/prerender.mjs writes`);
  }
  // The shell has the page's title already (scripts/prerender.mjs).
  const page = (await render(url, session)).replace(/<title>[^<]*<\/title>/, '');
  const inline = `<script type="application/json" id="${INLINE_SESSION_ID}">${scriptJson(session)}</script>`;
  return `${shell.slice(0, start)}${inline}\n    ${ROOT_START}${page}${shell.slice(end)}`.replace(
    SESSION_PRELOAD,
    '',
  );
}
