import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, type InitialEntry, MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';

import { createMutationCache } from '../lib/mutation-toasts';
import { queryKeys } from '../lib/query-keys';
import { RealtimeProvider } from '../lib/realtime';
import { type SessionUser } from '../lib/session';

export interface RenderOptions {
  /** The URL the router starts at (with navigation state, if an object); `/` by default. */
  route?: InitialEntry;
  /**
   * The route pattern `ui` renders at, with `routes` beside it (a landing page to navigate to);
   * without either, `ui` renders whatever the URL.
   */
  path?: string;
  routes?: ReactNode;
  /** The signed-in user the session query starts with (null: signed out); fetched if unset. */
  session?: SessionUser | null;
  /** A client of the test's own (to seed or inspect the cache); a fresh one otherwise. */
  client?: QueryClient;
  /** Renders the app's toaster, for tests that read the toasts themselves. */
  toaster?: boolean;
  /** Wraps `ui` in the realtime provider (its socket opens for a signed-in `session`). */
  realtime?: boolean;
  /**
   * Routes with the window's own history, as the app does, for tests of how pages and dialogs
   * share it; the router starts at `route`'s path.
   */
  browserHistory?: boolean;
}

function pathOf(entry: InitialEntry): string {
  return typeof entry === 'string' ? entry : (entry.pathname ?? '/');
}

/** A query client as the app configures it, without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Renders `ui` inside the app's providers: a query client and a router at `route`. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const {
    route = '/',
    path,
    routes,
    session,
    client = createTestQueryClient(),
    toaster = false,
    realtime = false,
    browserHistory = false,
  } = options;
  if (browserHistory) {
    window.history.replaceState(null, '', pathOf(route));
  }
  if (session !== undefined) {
    client.setQueryData(queryKeys.session, { user: session });
  }
  const routed = path !== undefined || routes !== undefined;
  // A wrapper, so that `rerender` keeps the providers.
  function Providers({ children }: { children: ReactNode }) {
    const page = routed ? (
      <Routes>
        <Route path={path ?? pathOf(route)} element={children} />
        {routes}
      </Routes>
    ) : (
      children
    );
    const routedPage = realtime ? <RealtimeProvider>{page}</RealtimeProvider> : page;
    return (
      <QueryClientProvider client={client}>
        {browserHistory ? (
          <BrowserRouter>{routedPage}</BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[route]}>{routedPage}</MemoryRouter>
        )}
        {toaster && <Toaster />}
      </QueryClientProvider>
    );
  }
  const user = userEvent.setup();
  const result = render(ui, { wrapper: Providers });
  return { ...result, client, user };
}
