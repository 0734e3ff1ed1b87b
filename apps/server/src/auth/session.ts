import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { ApiError, isDependencyUnavailable } from '../lib/errors';
import type { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions checked in the last few seconds, and their users' time zones (ADR 0018). */
    sessionCache: SessionCache<Session>;
  }
}

/**
 * The one header Better Auth reads the client's address from (auth.ts). It is always set here
 * from `request.ip`, which honours TRUST_PROXY, and whatever a client sent under that name is
 * dropped, so a session's address can never come from a header the client chose (ADR 0014).
 */
export const CLIENT_IP_HEADER = 'x-daywise-client-ip';

/** A Fastify request's headers as the Fetch Headers Better Auth reads. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === CLIENT_IP_HEADER) {
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item) => headers.append(name, item));
    } else if (value !== undefined) {
      headers.set(name, value);
    }
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies the cookies Better Auth set on its response onto ours. */
export function forwardCookies(from: Response, reply: FastifyReply): void {
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) {
    reply.header('set-cookie', cookies);
  }
}

/**
 * A session's absolute lifetime (ADR 0013): Better Auth moves `expiresAt` forward with use, so
 * an active session would otherwise never end. Thirty days after sign-in it ends regardless.
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** When a session ends: at its sliding expiry or its absolute lifetime, whichever comes first. */
export function sessionEndsAt(session: { createdAt: Date; expiresAt: Date }): number {
  return Math.min(
    session.expiresAt.getTime(),
    new Date(session.createdAt).getTime() + SESSION_MAX_AGE_MS,
  );
}

/**
 * The signed-in user, or null. A session checked in the last few seconds is answered from the
 * session cache (session-cache.ts, ADR 0018); otherwise Better Auth checks the signed cookie and
 * reads the session, moving its sliding expiry on when due. A session past its absolute lifetime
 * is deleted and is null. A database that cannot be reached is 503 UNAVAILABLE (ADR 0015), not
 * the 500 of Better Auth's wrapped error: the request was fine and may be sent again.
 */
export async function readSession(app: AppInstance, request: FastifyRequest) {
  const key = app.sessionCache.keyOf(request.headers.cookie);
  if (!key) {
    return null;
  }
  const cached = app.sessionCache.get(key);
  if (cached && sessionEndsAt(cached.session) > Date.now()) {
    return cached;
  }
  // Requests of one burst that find no answer share one check rather than each asking.
  return app.sessionCache.checkOnce(key, () => checkSession(app, request, key));
}

async function checkSession(app: AppInstance, request: FastifyRequest, key: string) {
  try {
    const epoch = app.sessionCache.epoch;
    const found = await app.auth.api.getSession({ headers: fetchHeaders(request) });
    if (found && sessionEndsAt(found.session) <= Date.now()) {
      await (await app.auth.$context).internalAdapter.deleteSession(found.session.token);
      app.sessionCache.forgetUser(found.user.id);
      return null;
    }
    if (found) {
      app.sessionCache.set(key, found, epoch);
    }
    return found;
  } catch (error) {
    if (isDependencyUnavailable(error)) {
      throw new ApiError('UNAVAILABLE', undefined, undefined, error);
    }
    throw error;
  }
}

/** The signed-in user; 401 UNAUTHENTICATED otherwise. */
export async function requireSession(app: AppInstance, request: FastifyRequest) {
  const session = await readSession(app, request);
  if (!session) {
    throw new ApiError('UNAUTHENTICATED');
  }
  return session;
}

/** A session as Better Auth answers it. */
export type Session = NonNullable<Awaited<ReturnType<AppInstance['auth']['api']['getSession']>>>;
