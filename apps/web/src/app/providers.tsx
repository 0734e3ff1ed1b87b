import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toaster';
import { useRefetchOnReconnect } from '../lib/refetch-on-reconnect';

function RefetchOnReconnect() {
  useRefetchOnReconnect();
  return null;
}

/** Everything around the router, the same in the browser and when prerendering. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
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
      }),
  );
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
