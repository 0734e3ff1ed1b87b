import { MESSAGES } from '@daywise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { apiRequest } from './api-client';
import { notify } from './toast';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

interface SessionResponse {
  user: SessionUser | null;
  /** Set when the server ended a session whose account was deleted or has vanished. */
  reason?: 'deleted' | 'not-found';
}

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The auth state (auth context): loading, then a user or none. A session that turns
 * out to belong to a deleted or vanished account has been ended by the server; the user is told
 * why with the forced-logout message (docs/product/accounts.md#sessions).
 */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<SessionResponse>('/api/account/session', { signal }),
    staleTime: 60_000,
    retry: 1,
  });
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
  return () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/**
 * Records the user an account answer (login, verification link, recovery) just signed in, so the
 * guards see them at once, without waiting for the session to be read again. A session read still
 * in flight was sent without the new cookie; it is cancelled so its stale answer cannot win.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    void queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
    queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user });
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
      await apiRequest('/api/account/logout', { method: 'POST' });
      notify.success(MESSAGES.logoutSuccess);
      // Leave the protected area (committed at once, not as a transition) before the auth state
      // changes, or the guard would send the user to /login; then re-read the ended session.
      await navigate('/', { flushSync: true });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
      });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    } catch {
      notify.error(failureMessage);
    } finally {
      setSigningOut(false);
    }
  };
  return { signOut, signingOut };
}
