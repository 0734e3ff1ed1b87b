import { MESSAGES } from '@daywise/shared';
import type { SessionState, SessionUser } from '@daywise/shared/schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { callApi } from './api-client';
import { queryKeys } from './query-keys';
import { notify } from './toast';

export type { SessionUser };

/**
 * The account endpoints, loaded with their zod schemas after the page itself: every public page
 * reads the session, and their first load carries no zod (ADR 0005, ADR 0017).
 */
const accountEndpoints = async () => (await import('@daywise/shared/api/account')).accountApi;

/** The auth state as the server tells it, read at most once a minute. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }) => callApi((await accountEndpoints()).session, {}, { signal }),
    staleTime: 60_000,
    retry: 1,
  });

/**
 * The auth state (auth context): loading, then a user or none. A session that turns
 * out to belong to a deleted or vanished account has been ended by the server; the user is told
 * why with the forced-logout message (docs/product/accounts.md#sessions).
 */
export function useSession() {
  const query = useQuery(sessionQuery());
  const reason = query.data?.reason;
  useEffect(() => {
    if (reason === 'deleted') {
      notify.error(MESSAGES.forcedLogoutDeleted);
    } else if (reason === 'not-found') {
      notify.error(MESSAGES.forcedLogoutNotFound);
    }
  }, [reason]);
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
  };
}

/** Re-reads the session after login, verification or logout (docs/product/accounts.md). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.session });
}

/**
 * Records the user an account answer (login, verification link, recovery) just signed in, so the
 * guards see them at once, without waiting for the session to be read again. A session read still
 * in flight was sent without the new cookie; it is cancelled so its stale answer cannot win.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    void queryClient.cancelQueries({ queryKey: queryKeys.session });
    queryClient.setQueryData<SessionState>(queryKeys.session, { user });
  };
}

/**
 * Sign out: the server ends the session, the user lands on '/' with 'Logged out
 * successfully', or stays with `failureMessage` ('Logout failed'; 'Failed to logout' in Settings).
 */
export function useSignOut(failureMessage: string = MESSAGES.logoutFailed) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await callApi((await accountEndpoints()).logout);
      notify.success(MESSAGES.logoutSuccess);
      // Leave the protected area (committed at once, not as a transition) before the auth state
      // changes, or the guard would send the user to /login; then re-read the ended session.
      await navigate('/', { flushSync: true });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    } catch {
      notify.error(failureMessage);
    } finally {
      setSigningOut(false);
    }
  };
  return { signOut, signingOut };
}
