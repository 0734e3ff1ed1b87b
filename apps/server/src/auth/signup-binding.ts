import { createHmac, timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Ties a pending account to the browser that chose its password (ADR 0013). Sign-up (and a
 * recovery that proved the password) sets this HttpOnly cookie; a verification link signs the
 * user in only when it is opened where the cookie is. Anyone else who clicks the link verifies the
 * address and is asked to log in, so a link can never sign someone into an account whose
 * password they did not set.
 */
const COOKIE = 'daywise.signup';
const MAX_AGE_S = 24 * 60 * 60;

function mac(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`signup-binding:${userId}`).digest('base64url');
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  return [
    `${COOKIE}=${value}`,
    'Path=/api/account',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setSignUpBinding(
  reply: FastifyReply,
  secret: string,
  userId: string,
  secure: boolean,
): void {
  reply.header('set-cookie', cookieHeader(`${userId}.${mac(secret, userId)}`, MAX_AGE_S, secure));
}

export function clearSignUpBinding(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookieHeader('', 0, secure));
}

/** Whether the request carries the binding cookie of `userId`. */
export function hasSignUpBinding(request: FastifyRequest, secret: string, userId: string): boolean {
  const expected = Buffer.from(`${userId}.${mac(secret, userId)}`);
  return (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${COOKIE}=`))
    .some((part) => {
      const value = Buffer.from(part.slice(COOKIE.length + 1));
      return value.length === expected.length && timingSafeEqual(value, expected);
    });
}
