import { type DehydratedState, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toaster';
import { startFrom } from '../lib/drawn-state';
import { createMutationCache } from '../lib/mutation-toasts';
import { useRefetchOnReconnect } from '../lib/refetch-on-reconnect';

function RefetchOnReconnect() {
  useRefetchOnReconnect();
  return null;
}

/** The app's query cache, the same in the browser and in the server's page renderer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        // A read runs even offline, so that it fails with Try Again instead of waiting behind
        // a spinner; it is not tried twice then. The offline notice says why, and the read
        // runs again once the connection is back (lib/connection.ts).
        networkMode: 'always',
        retry: (failures) => failures < 1 && navigator.onLine,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Everything around the router, the same in the browser and on the server. `state` is what the
 * server read for a signed-in page it drew (the session, and the reads the page made;
 * entry-server.tsx): the page starts from it on both sides, so the browser hydrates exactly what
 * the server drew. The server passes its own `client`, to see which reads the page made.
 */
export function AppProviders({
  children,
  client,
  state,
}: {
  children: ReactNode;
  client?: QueryClient | undefined;
  state?: DehydratedState | undefined;
}) {
  const [queryClient] = useState(() => {
    const created = client ?? createQueryClient();
    if (state) {
      startFrom(created, state);
    }
    return created;
  });
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RefetchOnReconnect />
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
