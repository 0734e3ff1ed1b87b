import { MESSAGES } from '@daywise/shared';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { type Location, Navigate, Outlet, useLocation } from 'react-router';

import { Button } from '../components/button';
import { errorPanelClass } from '../components/load-error';
import { HoldSignedInRedirect, useSession } from '../lib/session';

export function FullPageSpinner() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <Loader2 aria-hidden className="size-8 animate-spin text-blue-600" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/** The session could not be read: the message and a Try Again that reads it again. */
function SessionCheckFailed({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className={`${errorPanelClass} mx-auto my-4 max-w-3xl`}>
      <p>{MESSAGES.sessionCheckFailed}</p>
      <Button onClick={retry} disabled={retrying} variant="secondary" size="sm" className="mt-3">
        Try Again
      </Button>
    </div>
  );
}

/**
 * Protected routes: a spinner while the session loads, the page for a signed-in
 * user, otherwise /login remembering where the visitor was going. A session read that failed is
 * not a sign-out: the page stays with the last user known, or an error offers Try Again
 * (docs/product/accounts.md#sessions).
 */
export function RequireAuth() {
  const { user, isLoading, failed, retrying, retry } = useSession();
  const location = useLocation();
  if (isLoading) {
    return <FullPageSpinner />;
  }
  if (user) {
    return (
      <>
        {failed && !retrying && <SessionCheckFailed retry={retry} retrying={retrying} />}
        <Outlet />
      </>
    );
  }
  if (failed) {
    return <SessionCheckFailed retry={retry} retrying={retrying} />;
  }
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/**
 * /login, /signup, /reset-password and /restore-account send a signed-in user on: to the page a
 * login started from, else /dashboard.
 */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  const location = useLocation();
  // A page that has just signed its user in may hold the redirect while it says so.
  const [held, setHeld] = useState(false);
  if (user && !held) {
    const from = (location.state as { from?: Location } | null)?.from;
    return (
      <Navigate to={from ? `${from.pathname}${from.search}${from.hash}` : '/dashboard'} replace />
    );
  }
  return (
    <HoldSignedInRedirect.Provider value={setHeld}>
      <Outlet />
    </HoldSignedInRedirect.Provider>
  );
}
