import { accountApi } from '@daywise/shared/api';
import type { SessionState } from '@daywise/shared/schemas';
import { StrictMode, useEffect, useState } from 'react';

import { ErrorBoundary } from '../components/error-boundary';
import { anchorNavigation, NavigationProvider } from '../components/link';
import { Navbar } from '../components/navbar';
import { Toaster } from '../components/toaster';
import HomePage from '../features/marketing/home-page';
import { callApi } from '../lib/api-client';
import { useEndedSessionNotice } from '../lib/session-read';
import { PublicFrame } from './public-frame';
import { ReadyMarker } from './ready-marker';

/**
 * The session, read once: whether the navigation bar offers Dashboard or Login and Sign Up. A
 * read that fails leaves the visitor's links, as the app's navigation bar does.
 */
function useSessionState(): SessionState | null {
  const [session, setSession] = useState<SessionState | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi(accountApi.session, {}, { signal: controller.signal }).then(setSession, () => {});
    return () => controller.abort();
  }, []);
  return session;
}

/** The navigation bar, offering Dashboard once the session says the visitor is signed in. */
function SessionNavbar() {
  const session = useSessionState();
  useEndedSessionNotice(session?.reason);
  return <Navbar signedIn={Boolean(session?.user)} />;
}

const navigation = anchorNavigation('/');

/**
 * The home page on an entry of its own (src/home.tsx): the same page as the app draws at `/`,
 * without the router and the query cache, whose code a first visit would otherwise load before
 * the page can answer (ADR 0018, The home page's own entry). Its links load the page they name.
 */
export function HomeApp() {
  return (
    <StrictMode>
      <ErrorBoundary>
        <NavigationProvider value={navigation}>
          <PublicFrame navbar={<SessionNavbar />}>
            <HomePage />
          </PublicFrame>
        </NavigationProvider>
        <Toaster />
        <ReadyMarker />
      </ErrorBoundary>
    </StrictMode>
  );
}
