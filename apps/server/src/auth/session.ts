import type { FastifyReply, FastifyRequest } from 'fastify';

import { ApiError, isDependencyUnavailable } from '../lib/errors';
import type { Auth } from './auth';

/** A Fastify request's headers as the Fetch Headers Better Auth reads. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) {
      value.forEach((item) => headers.append(name, item));
    } else if (value !== undefined) {
      headers.set(name, value);
    }
  }
  return headers;
}

/** Copies the cookies Better Auth set on its response onto ours. */
export function forwardCookies(from: Response, reply: FastifyReply): void {
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) {
    reply.header('set-cookie', cookies);
  }
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The signed-in user, or null. A database that cannot be reached is 503 UNAVAILABLE (ADR 0015),
 * not the 500 of Better Auth's wrapped error: the request was fine and may be sent again.
 */
export async function readSession(auth: Auth, request: FastifyRequest) {
  try {
    return await auth.api.getSession({ headers: fetchHeaders(request) });
  } catch (error) {
    if (isDependencyUnavailable(error)) {
      throw new ApiError('UNAVAILABLE', undefined, undefined, error);
    }
    throw error;
  }
}

/** The signed-in user; 401 UNAUTHENTICATED otherwise. */
export async function requireSession(auth: Auth, request: FastifyRequest) {
  const session = await readSession(auth, request);
  if (!session) {
    throw new ApiError('UNAUTHENTICATED');
  }
  return session;
}
