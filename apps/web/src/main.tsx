import './styles.css';

import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// From react-router/dom, so that a navigation's flushSync (signing out) is honoured.
import { RouterProvider } from 'react-router/dom';

import { AppRoot } from './app/app-root';
import { mount } from './app/mount';
import { routes } from './app/routes';
import { registerOfflineWorker } from './lib/offline-worker';
import { readInlineState } from './lib/session-read';
import { loadToastsOnFirstInput } from './lib/toast';

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

loadToastsOnFirstInput();
await loadMatchedRoutes(routes, window.location.pathname);
// The modules have just been evaluated; the router starts in a task of its own, so that the two
// are not one long task (ADR 0018).
await new Promise((resolve) => setTimeout(resolve, 0));
mount(
  <AppRoot
    state={readInlineState()}
    router={<RouterProvider router={createBrowserRouter(routes)} />}
  />,
);
registerOfflineWorker();
