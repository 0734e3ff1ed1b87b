import { DEBUG_SECRET_PREVIEW_LENGTH } from '@daywise/shared';
import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';

import { Button, buttonClass } from '../../components/button';
import { AuthCard } from './auth-card';
import { useAccountAction } from './use-account';
import { useLinkParams } from './use-link-params';

const MISSING = '(missing)';

/**
 * Verification debug: shows the link's user id and only a preview of its secret
 *, checks the link on demand and offers to follow it.
 */
export default function DebugVerificationPage() {
  const searchParams = useLinkParams();
  const userId = searchParams.get('userId') ?? '';
  const secret = searchParams.get('secret') ?? '';
  const complete = userId !== '' && secret !== '';

  const debug = useAccountAction('debugVerification');

  return (
    <AuthCard
      title="Verification Debug"
      subtitle="Check what a verification link proves before you follow it."
    >
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-gray-700 dark:text-gray-300">User ID:</dt>
          <dd className="font-mono break-all">{userId || MISSING}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700 dark:text-gray-300">Secret:</dt>
          <dd className="font-mono break-all">
            {secret ? `${secret.slice(0, DEBUG_SECRET_PREVIEW_LENGTH)}…` : MISSING}
          </dd>
        </div>
      </dl>
      {!complete && (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          This link is missing its userId or secret, so it cannot be checked.
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          disabled={!complete || debug.isPending}
          onClick={() => debug.mutate({ userId, secret })}
        >
          {debug.isPending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          Run Debug
        </Button>
        {complete ? (
          <Link
            to={`/verify-email#${new URLSearchParams({ userId, secret })}`}
            className={buttonClass('outline')}
          >
            Attempt Verification
          </Link>
        ) : (
          <Button disabled variant="outline">
            Attempt Verification
          </Button>
        )}
      </div>
      <section aria-labelledby="debug-result-title" className="mt-6">
        <h2 id="debug-result-title" className="text-base font-semibold">
          Result
        </h2>
        <div role="status" className="mt-2 text-sm">
          {debug.isPending && <p className="text-gray-700 dark:text-gray-300">Running...</p>}
          {debug.isSuccess && (
            <pre className="overflow-x-auto rounded-lg bg-gray-100 p-3 font-mono text-gray-900 dark:bg-gray-800 dark:text-gray-100">
              {JSON.stringify(debug.data, null, 2)}
            </pre>
          )}
          {debug.isError && (
            <p className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
              {debug.error.message}
            </p>
          )}
          {debug.isIdle && (
            <p className="text-gray-700 dark:text-gray-300">Run the debug to see the result.</p>
          )}
        </div>
      </section>
    </AuthCard>
  );
}
