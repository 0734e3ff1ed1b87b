import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useOffline } from './connection';

/**
 * When the connection comes back, reads again every shown list whose load failed, so that what
 * said Try Again fills in by itself. TanStack Query refetches on the browser's 'online' event
 * too, but not after the API itself was unreachable; `cancelRefetch: false` joins a read that
 * is already running instead of starting a second.
 */
export function useRefetchOnReconnect(): void {
  const offline = useOffline();
  const queryClient = useQueryClient();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) {
      void queryClient.refetchQueries(
        { type: 'active', predicate: (query) => query.state.status === 'error' },
        { cancelRefetch: false },
      );
    }
    wasOffline.current = offline;
  }, [offline, queryClient]);
}
