import { useNavigate, useRouteError } from 'react-router';

import { Button } from '../components/button';
import { ErrorScreen } from '../components/error-boundary';
import { ApiClientError } from '../lib/api-client';

/**
 * Ours (docs/product/README.md#offline-load-failures-and-back-ours): what a page that could not
 * load because the server did not answer says, instead of the generic error screen.
 */
export const UNREACHABLE_TITLE = 'Cannot reach the server';
export const UNREACHABLE_TEXT =
  'Daywise could not load this page because the server cannot be reached. Check your connection and try again.';

/**
 * Whether a route failed because nothing answered: the page's code could not be fetched (a
 * failed dynamic import is a TypeError naming the module), an API read got no answer, or the
 * browser is offline.
 */
export function isUnreachable(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    return true;
  }
  if (error instanceof ApiClientError) {
    return error.code === 'NETWORK';
  }
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script failed|failed to fetch/i.test(
      error.message,
    )
  );
}

/** The server could not be reached: Try Again loads the page anew, its code included. */
function UnreachableScreen() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{UNREACHABLE_TITLE}</h1>
      <p className="max-w-md text-gray-600 dark:text-gray-300">{UNREACHABLE_TEXT}</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </main>
  );
}

/**
 * The router's error element: a page the server could not be reached for says so; any other
 * error gets the generic screen, whose Try Again re-enters the current route, clearing the error.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('Route error', error);
  if (isUnreachable(error)) {
    return <UnreachableScreen />;
  }
  return <ErrorScreen onTryAgain={() => void navigate('.', { replace: true })} />;
}
