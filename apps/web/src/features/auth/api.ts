import { accountApi } from '@daywise/shared/api';
import type { DebugVerification, LoginInput, SignUpInput } from '@daywise/shared/schemas';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { publicFormSignal } from '../../lib/public-request';
import { queryKeys } from '../../lib/query-keys';

/** An emailed link's user id and secret. */
export interface LinkToken {
  userId: string;
  secret: string;
}

/** The account reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const accountQueries = {
  /** Whether a reset link is still good. A link is single-use: coming back checks it again. */
  resetLink: (link: LinkToken) =>
    queryOptions({
      queryKey: queryKeys.resetPasswordLink(link.userId, link.secret),
      queryFn: ({ signal }) => callApi(accountApi.checkResetLink, { body: link }, { signal }),
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
  /** How this instance signs people in; it changes only with the server's settings. */
  signInOptions: () =>
    queryOptions({
      queryKey: queryKeys.signInOptions,
      queryFn: ({ signal }) => callApi(accountApi.signInOptions, {}, { signal }),
      staleTime: Infinity,
      retry: false,
    }),
  /** The account a single sign-on waits to connect; the server forgets it after ten minutes. */
  pendingSsoLink: () =>
    queryOptions({
      queryKey: queryKeys.pendingSsoLink,
      queryFn: ({ signal }) => callApi(accountApi.pendingSsoLink, {}, { signal }),
      retry: false,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
};

/** A public form's call options: it gives up on a server that does not answer in time. */
const timed = () => ({ signal: publicFormSignal() });

/**
 * The account actions, each one call of the contract; the pages run them through hooks. Each is
 * a public form's request, given up on when the server does not answer (public-request.ts).
 */
export const accountCalls = {
  signUp: (body: SignUpInput) => callApi(accountApi.signUp, { body }, timed()),
  login: (body: LoginInput) => callApi(accountApi.login, { body }, timed()),
  linkSso: (body: { password: string }) => callApi(accountApi.linkSso, { body }, timed()),
  verificationStatus: (userId: string) =>
    callApi(accountApi.verificationStatus, { query: { userId } }, timed()),
  resendVerification: (userId: string) =>
    callApi(accountApi.resendVerification, { body: { userId } }, timed()),
  verifyEmail: (body: LinkToken & { isRestore: boolean }) =>
    callApi(accountApi.verifyEmail, { body }, timed()),
  forgotPassword: (body: { email: string }) =>
    callApi(accountApi.forgotPassword, { body }, timed()),
  resetPassword: (body: LinkToken & { password: string }) =>
    callApi(accountApi.resetPassword, { body }, timed()),
  restore: (body: { email: string }) =>
    callApi(accountApi.restore, { body: { email: body.email } }, timed()),
  recoverVerification: (body: { email: string; password: string }) =>
    callApi(accountApi.verificationRecovery, { body }, timed()),
  /** A POST: the secret stays out of URLs the server logs. */
  debugVerification: async (link: LinkToken): Promise<DebugVerification> => {
    const result = await callApi(accountApi.debugVerification, { body: { ...link } }, timed());
    // Only the three facts the screen promises, whatever else a response might carry.
    return {
      userExists: result.userExists,
      alreadyVerified: result.alreadyVerified,
      token: result.token,
    };
  },
};
