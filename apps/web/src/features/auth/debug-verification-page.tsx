import { DEBUG_SECRET_PREVIEW_LENGTH } from '@daywise/shared';
import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';

import { primaryButtonClass } from '../../components/form-field';
import { AuthCard } from './auth-card';
import { useAccountAction } from './use-account';
import { useLinkParams } from './use-link-params';

const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-blue-600 px-5 py-2.5 font-semibold text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:border-blue-400 dark:text-blue-300 dark:hover:bg-blue-950';

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
        <button
          type="button"
          disabled={!complete || debug.isPending}
          onClick={() => debug.mutate({ userId, secret })}
          className={primaryButtonClass}
        >
          {debug.isPending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          Run Debug
        </button>
        {complete ? (
          <Link
            to={`/verify-email#${new URLSearchParams({ userId, secret })}`}
            className={secondaryButtonClass}
          >
            Attempt Verification
          </Link>
        ) : (
          <button type="button" disabled className={secondaryButtonClass}>
            Attempt Verification
          </button>
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
