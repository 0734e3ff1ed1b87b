import { TOAST_DURATION_MS } from '@daywise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';

import { ErrorBoundary } from '../components/error-boundary';
import { useTheme } from '../lib/theme';
import { LoadedToaster, TOAST_OFFSET, useToastsLoaded } from '../lib/toast';

/** The toaster, once the first toast has loaded it (lib/toast.ts). */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  if (!useToastsLoaded()) {
    return null;
  }
  return (
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
    </Suspense>
  );
}

/** Everything around the router, the same in the browser and when prerendering. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
