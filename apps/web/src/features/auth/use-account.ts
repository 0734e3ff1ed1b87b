import { VERIFICATION_POLL_MS } from '@daywise/shared';
import { registrationApi } from '@daywise/shared/api';
import type { VerificationStatus } from '@daywise/shared/schemas';
import { useMutation, type UseMutationOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { callApi } from '../../lib/api-client';
import { useHydrated } from '../../lib/browser-value';
import { PUBLIC_FORM_MUTATION } from '../../lib/public-request';
import { queryKeys } from '../../lib/query-keys';
import { accountCalls, accountQueries, type LinkToken } from './api';

type AccountAction = keyof typeof accountCalls;
type ActionInput<A extends AccountAction> = Parameters<(typeof accountCalls)[A]>[0];
type ActionResult<A extends AccountAction> = Awaited<ReturnType<(typeof accountCalls)[A]>>;

/**
 * One account action as a mutation: the page says what happens on success and failure; the call
 * itself is the contract's. Every one is a public form's (public-request.ts): tried at once,
 * failed within seconds when the server cannot be reached, never sent later.
 */
export function useAccountAction<A extends AccountAction>(
  action: A,
  options: Omit<UseMutationOptions<ActionResult<A>, Error, ActionInput<A>>, 'mutationFn'> = {},
) {
  return useMutation({
    ...PUBLIC_FORM_MUTATION,
    ...options,
    mutationFn: accountCalls[action] as (input: ActionInput<A>) => Promise<ActionResult<A>>,
  });
}

/**
 * How this instance signs people in, read once the page has hydrated: public pages are
 * prerendered alike for every instance (ADR 0006), so the first render matches their HTML.
 */
export const useSignInOptions = () =>
  useQuery({ ...accountQueries.signInOptions(), enabled: useHydrated() });

/** The account a single sign-on in this browser waits to connect (ADR 0038). */
export const usePendingSsoLink = () => useQuery(accountQueries.pendingSsoLink());

/** Checks a password reset link once it is complete. */
export const useResetLinkCheck = (link: LinkToken, enabled: boolean) =>
  useQuery({ ...accountQueries.resetLink(link), enabled });

/**
 * Asks every few seconds whether the pending account is verified yet, while `active`. A failed
 * poll is retried by the next one.
 */
export function useVerificationPoll(
  userId: string,
  active: boolean,
  onStatus: (status: VerificationStatus) => void,
) {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });
  useEffect(() => {
    if (!active) {
      return;
    }
    const poll = setInterval(() => {
      accountCalls.verificationStatus(userId).then(
        (status) => latest.current(status),
        () => undefined,
      );
    }, VERIFICATION_POLL_MS);
    return () => clearInterval(poll);
  }, [active, userId]);
}

/** Who may sign up on this server (REGISTRATION, ADR 0039), read once per visit. */
export const useRegistration = () =>
  useQuery({
    queryKey: queryKeys.registration,
    queryFn: ({ signal }) => callApi(registrationApi.read, {}, { signal }),
    staleTime: Infinity,
  }).data?.registration;
