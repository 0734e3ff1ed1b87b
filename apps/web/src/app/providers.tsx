import type { SessionState } from '@daywise/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toaster';
import { queryKeys } from '../lib/query-keys';
import { useRefetchOnReconnect } from '../lib/refetch-on-reconnect';

function RefetchOnReconnect() {
  useRefetchOnReconnect();
  return null;
}

/**
 * Everything around the router, the same in the browser and on the server. `session` is the
 * session a signed-in page was drawn for on the server (entry-server.tsx): the page starts from it
 * on both sides, so the browser hydrates exactly what the server drew.
 */
export function AppProviders({
  children,
  session,
}: {
  children: ReactNode;
  session?: SessionState | undefined;
}) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
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
    if (session) {
      client.setQueryData(queryKeys.session, session);
    }
    return client;
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
