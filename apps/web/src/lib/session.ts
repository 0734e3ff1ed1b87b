import { MESSAGES } from '@daywise/shared';
import { accountApi } from '@daywise/shared/api';
import type { SessionState, SessionUser } from '@daywise/shared/schemas';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useState } from 'react';
import { useNavigate } from 'react-router';

import { callApi } from './api-client';
import { queryKeys } from './query-keys';
import { useEndedSessionNotice } from './session-read';
import { notify } from './toast';

export type { SessionUser };

/** The auth state as the server tells it, read at most once a minute. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => callApi(accountApi.session, {}, { signal }),
    staleTime: 60_000,
    retry: 1,
  });

/**
 * The auth state (auth context): loading, then a user or none. A session that turns
 * out to belong to a deleted or vanished account has been ended by the server; the user is told
 * why with the forced-logout message (docs/product/accounts.md#sessions).
 *
 * Only the server's answer `{ user: null }` means signed out. A read that failed (a 500, no
 * network) says nothing about the session: the last user read is kept, and `failed` lets the
 * guard offer `retry` instead of sending a signed-in user to /login
 * (docs/product/accounts.md#sessions).
 */
export function useSession() {
  const query = useQuery(sessionQuery());
  useEndedSessionNotice(query.data?.reason);
  return {
    user: query.data?.user ?? null,
    /** The user is the instance's admin (ADR 0039): the Admin link and page are theirs. */
    admin: query.data?.admin === true,
    isLoading: query.isPending,
    /** The last read of the session failed (its error is kept while `retry` reads it again). */
    failed: query.isError,
    retrying: query.isError && query.isFetching,
    retry: () => void query.refetch(),
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

/** The query clients (one per tab) whose user is ending their own session here, in this tab. */
const endingHere = new WeakSet<QueryClient>();

/**
 * The server ended this tab's session (the realtime socket closed with 4001): the session is read
 * again, so the page leaves for /login. Not while this tab ends the session itself (signing out,
 * deleting the account): the server ends it before it answers, and the guard would send the user
 * to /login before the tab has taken them to '/'.
 */
export function sessionEndedByServer(queryClient: QueryClient) {
  if (!endingHere.has(queryClient)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }
}

/** Runs `leave`, which ends this tab's session and takes the user to '/', as `sessionEndedByServer` expects. */
export async function endSessionHere(queryClient: QueryClient, leave: () => Promise<void>) {
  endingHere.add(queryClient);
  try {
    await leave();
  } finally {
    endingHere.delete(queryClient);
  }
}

/**
 * Sign out: the server ends the session, the user lands on '/' with 'Logged out
 * successfully', or stays with `failureMessage` ('Logout failed'; 'Failed to logout' in Settings).
 */
export function useSignOut(failureMessage: string = MESSAGES.logoutFailed) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () =>
    endSessionHere(queryClient, async () => {
      setSigningOut(true);
      try {
        await callApi(accountApi.logout);
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
    });
  return { signOut, signingOut };
}

/**
 * Lets a page that signs its user in keep its own screen a moment (Check Your Email's 'Email
 * Verified!' for its 2 s) although the guard of the pages for visitors would send a signed-in
 * user on at once: the header then already shows the user signed in (app/auth-guards.tsx).
 */
export const HoldSignedInRedirect = createContext<(held: boolean) => void>(() => undefined);
