import { describeDevice } from '@daywise/shared';
import { Loader2, Monitor } from 'lucide-react';

import { Button } from '../../components/button';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatDateTimeIn } from '../../lib/format';
import { useAccountSessions, useEndSessions } from './use-account-sessions';

/** Active sessions: every signed-in device, with sign-out for each and for all others. */
export function ActiveSessions({ timeZone }: { timeZone: string }) {
  const query = useAccountSessions();
  const revoke = useEndSessions();

  if (query.isPending) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 py-4 text-sm text-gray-600 dark:text-gray-300"
      >
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading sessions...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="py-4">
        <LoadError
          message="Could not load your sessions."
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const sessions = query.data.sessions;
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="py-4 first:pt-0">
      <ul className="space-y-3">
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <Monitor aria-hidden className="size-5 shrink-0 text-gray-500" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">
                  {describeDevice(session.userAgent)}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-300">
                  Last active {formatDateTimeIn(session.lastActiveAt, timeZone)}
                </p>
              </div>
            </div>
            {!session.current && (
              <Button
                onClick={() => revoke.mutate(session.id)}
                disabled={revoke.isPending}
                variant="bare"
                className="shrink-0 rounded-lg border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
                aria-label={`Sign out ${describeDevice(session.userAgent)}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          onClick={() => revoke.mutate(undefined)}
          disabled={revoke.isPending}
          variant="bare"
          className="mt-4 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Sign out all other sessions
        </Button>
      )}
    </div>
  );
}
