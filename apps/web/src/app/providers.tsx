import { TOAST_DURATION_MS } from '@daywise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';

import { ErrorBoundary } from '../components/error-boundary';
import { useRefetchOnReconnect } from '../lib/connection';
import { useTheme } from '../lib/theme';
import { LoadedToaster, TOAST_OFFSET, useToastsLoaded } from '../lib/toast';

/**
 * The toaster, once the first toast has loaded it (lib/toast.ts). It is a child of <body>, not of
 * the app's root: a modal dialog hides everything beside it from assistive technology and the
 * pointer, and a toast shown while one is open (Undo in a shared plan) must stay readable and
 * clickable.
 */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  if (!useToastsLoaded()) {
    return null;
  }
  return createPortal(
    <Suspense fallback={null}>
      <LoadedToaster
        theme={resolvedTheme}
        duration={TOAST_DURATION_MS}
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        richColors
        closeButton
      />
    </Suspense>,
    document.body,
  );
}

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
        <ThemedToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
