import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { documentTitleOf } from './app/document-title';
import { HomeApp } from './app/home-app';
import { AppProviders } from './app/providers';
import { PRERENDERED_PATHS, routes } from './app/routes';
import { sessionEndpoint } from './lib/session-read';

export { PRERENDERED_PATHS };
/** What the signed-in pages' shells preload (scripts/prerender.mjs). */
export const SESSION_PATH = sessionEndpoint.path;

/** The `<title>` of a prerendered page or shell (scripts/prerender.mjs). */
export function documentTitle(pathname: string): string {
  return documentTitleOf(routes, pathname);
}

/** Renders one public page to HTML at build time (scripts/prerender.mjs). */
export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://daywise.local${pathname}`));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${pathname} answered a redirect`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/** Renders the home page as its own entry draws it (src/home.tsx, scripts/prerender.mjs). */
export function renderHome(): string {
  return renderToString(<HomeApp />);
}
