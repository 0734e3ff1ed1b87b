import { createHmac, timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Ties an emailed link to the browser that asked for it (ADR 0013). Sign-up (and a recovery that
 * proved the password) sets the 'signup' cookie; asking for a restoration link sets the 'restore'
 * one. Each is HttpOnly, on `/api/account`, and holds the user id with an HMAC of it. A link
 * signs the user in only where its cookie is; anyone else who opens it gets what the link does
 * (an address verified, an account restored) and is asked to log in, so a link can never sign
 * someone in on a browser that did not ask for it.
 */
export type LinkPurpose = 'signup' | 'restore';

const COOKIES: Record<LinkPurpose, string> = {
  signup: 'daywise.signup',
  restore: 'daywise.restore',
};
const MAX_AGE_S = 24 * 60 * 60;

function mac(secret: string, purpose: LinkPurpose, userId: string): string {
  // 'signup-binding:' as before, so that cookies set before restore links were bound still hold.
  const label = purpose === 'signup' ? 'signup-binding' : `${purpose}-binding`;
  return createHmac('sha256', secret).update(`${label}:${userId}`).digest('base64url');
}

function cookieHeader(purpose: LinkPurpose, value: string, maxAge: number, secure: boolean) {
  return [
    `${COOKIES[purpose]}=${value}`,
    'Path=/api/account',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setLinkBinding(
  reply: FastifyReply,
  secret: string,
  purpose: LinkPurpose,
  userId: string,
  secure: boolean,
): void {
  reply.header(
    'set-cookie',
    cookieHeader(purpose, `${userId}.${mac(secret, purpose, userId)}`, MAX_AGE_S, secure),
  );
}

export function clearLinkBinding(reply: FastifyReply, purpose: LinkPurpose, secure: boolean): void {
  reply.header('set-cookie', cookieHeader(purpose, '', 0, secure));
}

/** Whether the request carries the `purpose` cookie of `userId`. */
export function hasLinkBinding(
  request: FastifyRequest,
  secret: string,
  purpose: LinkPurpose,
  userId: string,
): boolean {
  const cookie = COOKIES[purpose];
  const expected = Buffer.from(`${userId}.${mac(secret, purpose, userId)}`);
  return (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${cookie}=`))
    .some((part) => {
      const value = Buffer.from(part.slice(cookie.length + 1));
      return value.length === expected.length && timingSafeEqual(value, expected);
    });
}
