import './styles.css';

import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// From react-router/dom, so that a navigation's flushSync (signing out) is honoured.
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './app/providers';
import { routes } from './app/routes';

/**
 * Loads the lazy modules of the routes that match the page being opened, so that a prerendered
 * page hydrates with exactly the tree the server rendered.
 */
async function loadMatchedRoutes(routeObjects: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }
    }),
  );
}

/**
 * Marks the page as interactive (`<html data-ready>`) once React has hydrated or rendered it: the
 * browser tests wait for it before typing, since keys typed into prerendered HTML before then are
 * not seen by React.
 */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

await loadMatchedRoutes(routes, window.location.pathname);
// The modules have just been evaluated; the router starts in a task of its own, so that the two
// are not one long task (ADR 0018).
await new Promise((resolve) => setTimeout(resolve, 0));
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
      <ReadyMarker />
    </AppProviders>
  </StrictMode>
);
// As a transition, React hydrates or renders in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that input would wait behind (ADR 0018).
startTransition(() => {
  if (container.hasChildNodes()) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
