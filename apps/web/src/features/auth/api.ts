import { accountApi } from '@daywise/shared/api';
import type { DebugVerification, LoginInput, SignUpInput } from '@daywise/shared/schemas';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
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
};

/** The account actions, each one call of the contract; the pages run them through hooks. */
export const accountCalls = {
  signUp: (body: SignUpInput) => callApi(accountApi.signUp, { body }),
  login: (body: LoginInput) => callApi(accountApi.login, { body }),
  verificationStatus: (userId: string) =>
    callApi(accountApi.verificationStatus, { query: { userId } }),
  resendVerification: (userId: string) =>
    callApi(accountApi.resendVerification, { body: { userId } }),
  verifyEmail: (body: LinkToken & { isRestore: boolean }) =>
    callApi(accountApi.verifyEmail, { body }),
  forgotPassword: (body: { email: string }) => callApi(accountApi.forgotPassword, { body }),
  resetPassword: (body: LinkToken & { password: string }) =>
    callApi(accountApi.resetPassword, { body }),
  restore: (body: { email: string }) =>
    callApi(accountApi.restore, { body: { email: body.email } }),
  recoverVerification: (body: { email: string; password: string }) =>
    callApi(accountApi.verificationRecovery, { body }),
  /** A POST: the secret stays out of URLs the server logs. */
  debugVerification: async (link: LinkToken): Promise<DebugVerification> => {
    const result = await callApi(accountApi.debugVerification, { body: { ...link } });
    // Only the three facts the screen promises, whatever else a response might carry.
    return {
      userExists: result.userExists,
      alreadyVerified: result.alreadyVerified,
      token: result.token,
    };
  },
};
