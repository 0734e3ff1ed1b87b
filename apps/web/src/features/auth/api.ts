import type { DebugVerification, LoginInput, SignUpInput } from '@daywise/shared/schemas';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The account contract, loaded with its zod schemas at the first call, not with the account
 * pages: /login shows and hydrates without zod (ADR 0018).
 */
const accountApi = async () => (await import('@daywise/shared/api/account')).accountApi;

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
      queryFn: async ({ signal }) =>
        callApi((await accountApi()).checkResetLink, { body: link }, { signal }),
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
};

/** The account actions, each one call of the contract; the pages run them through hooks. */
export const accountCalls = {
  signUp: async (body: SignUpInput) => callApi((await accountApi()).signUp, { body }),
  login: async (body: LoginInput) => callApi((await accountApi()).login, { body }),
  verificationStatus: async (userId: string) =>
    callApi((await accountApi()).verificationStatus, { query: { userId } }),
  resendVerification: async (userId: string) =>
    callApi((await accountApi()).resendVerification, { body: { userId } }),
  verifyEmail: async (body: LinkToken & { isRestore: boolean }) =>
    callApi((await accountApi()).verifyEmail, { body }),
  forgotPassword: async (body: { email: string }) =>
    callApi((await accountApi()).forgotPassword, { body }),
  resetPassword: async (body: LinkToken & { password: string }) =>
    callApi((await accountApi()).resetPassword, { body }),
  restore: async (body: { email: string }) =>
    callApi((await accountApi()).restore, { body: { email: body.email } }),
  recoverVerification: async (body: { email: string; password: string }) =>
    callApi((await accountApi()).verificationRecovery, { body }),
  /** A POST: the secret stays out of URLs the server logs. */
  debugVerification: async (link: LinkToken): Promise<DebugVerification> => {
    const result = await callApi((await accountApi()).debugVerification, { body: { ...link } });
    // Only the three facts the screen promises, whatever else a response might carry.
    return {
      userExists: result.userExists,
      alreadyVerified: result.alreadyVerified,
      token: result.token,
    };
  },
};
