import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';

import { AppProviders } from './providers';
import { ReadyMarker } from './ready-marker';

/**
 * The app's tree around its router, one and the same in the browser (main.tsx) and on the server
 * (entry-server.tsx). React names elements (`useId`) by their place in the tree: a page drawn on
 * the server keeps the ids it was drawn with only if both trees are the same, and a control that
 * names a part drawn later (a button's `aria-controls`) would otherwise name nothing.
 */
export function AppRoot({
  router,
  client,
  state,
}: {
  router: ReactNode;
  client?: QueryClient;
  state?: DehydratedState | undefined;
}) {
  return (
    <StrictMode>
      <AppProviders client={client} state={state}>
        {router}
        <ReadyMarker />
      </AppProviders>
    </StrictMode>
  );
}
