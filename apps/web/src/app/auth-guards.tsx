import { Loader2 } from 'lucide-react';
import { type Location, Navigate, Outlet, useLocation } from 'react-router';

import { useSession } from '../lib/session';

export function FullPageSpinner() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <Loader2 aria-hidden className="size-8 animate-spin text-blue-600" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/**
 * Protected routes: a spinner while the session loads, the page for a signed-in
 * user, otherwise /login remembering where the visitor was going.
 */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return <FullPageSpinner />;
  }
  if (!user) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/**
 * /login, /signup, /reset-password and /restore-account send a signed-in user on: to the page a
 * login started from, else /dashboard.
 */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  const location = useLocation();
  if (user) {
    const from = (location.state as { from?: Location } | null)?.from;
    return (
      <Navigate to={from ? `${from.pathname}${from.search}${from.hash}` : '/dashboard'} replace />
    );
  }
  return <Outlet />;
}
