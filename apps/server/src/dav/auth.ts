import { AUTH_RATE_LIMIT } from '@daywise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { createKeyedLimit, emailKey, refuseWhenBlocked } from '../auth/limits';
import type { AppInstance } from '../lib/app-instance';
import type { SessionUser } from '../lib/caller';
import { ApiError } from '../lib/errors';

/** The realm of the Basic challenge: what a client shows when it asks for the app password. */
export const DAV_REALM = 'Daywise';

/** The email and password of an `Authorization: Basic` header, or undefined without one. */
export function basicCredentials(
  request: FastifyRequest,
): { email: string; password: string } | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic[ \t]+(\S+)$/i.exec(header.trim()) : null;
  if (!match?.[1]) {
    return undefined;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? undefined
    : { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Who calls /dav/ (ADR 0034): HTTP Basic with the account's email and an app password (an API
 * token of scope 'caldav'); never a session cookie, the account password or another scope's
 * token. Anything else is 401 with the Basic challenge. Wrong credentials count as wrong
 * passwords do at sign-in (AUTH_RATE_LIMIT.loginFailures, per email and client address, failures
 * only, so nobody elsewhere can lock the owner's apps out); past the limit, 429.
 */
export function davAuthenticator(
  app: AppInstance,
): (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser> {
  const failures = createKeyedLimit(app, 'dav-failures', AUTH_RATE_LIMIT.loginFailures);
  return async (request, reply) => {
    const credentials = basicCredentials(request);
    if (!credentials) {
      throw new ApiError('UNAUTHENTICATED', 'Sign in with your email and a CalDAV app password.');
    }
    const key = `${emailKey(credentials.email)}|${request.ip}`;
    refuseWhenBlocked(await failures.isBlocked(request, key), reply);
    try {
      const caller = await app.apiTokens.authenticate(request, credentials.password, ['caldav']);
      if (emailKey(caller.user.email) !== emailKey(credentials.email)) {
        throw new ApiError('UNAUTHENTICATED');
      }
      return caller.user;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        refuseWhenBlocked(await failures.hit(request, key), reply);
        throw new ApiError(
          'UNAUTHENTICATED',
          'This email and app password do not match a CalDAV app password.',
        );
      }
      throw error;
    }
  };
}
