import { TOAST_DURATION_MS } from '@daywise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';

import { ErrorBoundary } from '../components/error-boundary';
import { useTheme } from '../lib/theme';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme}
      duration={TOAST_DURATION_MS}
      position="top-right"
      richColors
      closeButton
    />
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
