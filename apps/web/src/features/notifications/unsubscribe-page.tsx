import { MESSAGES } from '@daywise/shared';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { ApiClientError } from '../../lib/api-client';
import { useUnsubscribe } from './use-unsubscribe';

/**
 * The page a reminder email's "Turn off reminder emails" link opens: the signed token is the
 * whole fragment (never sent to the server in the address, ADR 0013). It posts the token once on
 * arrival and says the emails are off; no session is needed. A link that is not valid says so;
 * any other failure offers Try Again.
 */
export default function UnsubscribePage() {
  const token = useLocation().hash.replace(/^#/, '');
  const unsubscribe = useUnsubscribe(token);
  const sent = useRef(false);

  useEffect(() => {
    // Sent once on arrival, even if the effect runs twice.
    if (token && !sent.current) {
      sent.current = true;
      unsubscribe.mutate();
    }
    // The link is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const invalid =
    !token ||
    (unsubscribe.error instanceof ApiClientError &&
      unsubscribe.error.code === 'UNSUBSCRIBE_LINK_INVALID');

  return (
    <main className="flex min-h-[70vh] items-start justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-bold tracking-tight">Reminder Emails</h1>
        {invalid ? (
          <ErrorAlert>{MESSAGES.unsubscribeLinkInvalid}</ErrorAlert>
        ) : unsubscribe.isSuccess ? (
          <div
            role="status"
            className="flex flex-col items-center gap-3 text-center text-gray-700 dark:text-gray-300"
          >
            <CheckCircle2 aria-hidden className="size-12 text-green-600" />
            <p>{MESSAGES.unsubscribed}</p>
            <Link
              to="/login"
              className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
            >
              Log In
            </Link>
          </div>
        ) : unsubscribe.isError ? (
          <div role="alert">
            <LoadError
              message={MESSAGES.unsubscribeFailed}
              onRetry={() => unsubscribe.mutate()}
              className={errorPanelClass}
            />
          </div>
        ) : (
          <p
            role="status"
            className="flex flex-col items-center gap-3 text-center text-gray-700 dark:text-gray-300"
          >
            <Loader2 aria-hidden className="size-10 animate-spin text-blue-600" />
            {MESSAGES.unsubscribing}
          </p>
        )}
      </Card>
    </main>
  );
}
