import './styles.css';

import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';

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
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
      <ReadyMarker />
    </AppProviders>
  </StrictMode>
);
if (container.hasChildNodes()) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
