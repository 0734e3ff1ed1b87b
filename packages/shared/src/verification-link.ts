import { LINK_SECRET_MIN_LENGTH, SECRET_MIN_LENGTH, USER_ID_MIN_LENGTH } from './constants';
import { MESSAGES } from './messages';

export type VerificationLink =
  | { ok: true; userId: string; secret: string; email: string | null; isRestore: boolean }
  | { ok: false; message: string };

function first(params: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = params.get(name);
    if (value) {
      return value;
    }
  }
  return null;
}

/**
 * Reads a verification link's query: the user id from userId, user or id; the secret
 * from secret, token, code or verification; optional email; isRestore=true for a restoration.
 * The format checks run in the order of docs/product/accounts.md, each with its message.
 */
export function parseVerificationLink(params: URLSearchParams): VerificationLink {
  const userId = first(params, ['userId', 'user', 'id']);
  const secret = first(params, ['secret', 'token', 'code', 'verification']);
  if (!userId || !secret) {
    return { ok: false, message: MESSAGES.linkMissingParameters };
  }
  if (secret.length < LINK_SECRET_MIN_LENGTH) {
    return { ok: false, message: MESSAGES.linkBadTokenFormat };
  }
  if (userId.length < USER_ID_MIN_LENGTH || !/^[a-zA-Z0-9]+$/.test(userId)) {
    return { ok: false, message: MESSAGES.linkBadUserFormat };
  }
  if (secret.length < SECRET_MIN_LENGTH) {
    return { ok: false, message: MESSAGES.linkTokenTooShort };
  }
  return {
    ok: true,
    userId,
    secret,
    email: params.get('email'),
    isRestore: params.get('isRestore') === 'true',
  };
}
