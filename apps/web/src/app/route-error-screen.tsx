import { useNavigate, useRouteError } from 'react-router';

import { ErrorScreen } from '../components/error-boundary';

/** The router's error element: Try Again re-enters the current route, which clears the error. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('Route error', error);
  return <ErrorScreen onTryAgain={() => void navigate('.', { replace: true })} />;
}
