import { createHmac, timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * What a single sign-on keeps in the browser between its steps (ADR 0038), each in its own
 * HttpOnly, SameSite=Lax cookie holding a JSON value, its expiry and an HMAC of both under the
 * cookie-signing key: the sign-in's checks (state, nonce, PKCE verifier) from the start until the
 * provider sends the browser back, and the account a sign-in may connect to until its password
 * is given. A cookie that was changed, is past its expiry or belongs to another purpose is none.
 */

export interface SsoCookie {
  name: string;
  /** Sent only to these paths. */
  path: string;
  maxAgeS: number;
}

/** The checks of a sign-in under way: from /sso/start to /sso/callback. */
export const FLOW_COOKIE: SsoCookie = { name: 'daywise.sso', path: '/sso', maxAgeS: 10 * 60 };

/** An account waiting for its password to connect single sign-on. */
export const LINK_COOKIE: SsoCookie = {
  name: 'daywise.sso-link',
  path: '/api/account/sso',
  maxAgeS: 10 * 60,
};

function mac(secret: string, cookie: SsoCookie, body: string): string {
  return createHmac('sha256', secret).update(`${cookie.name}:${body}`).digest('base64url');
}

function header(cookie: SsoCookie, value: string, maxAgeS: number, secure: boolean): string {
  return [
    `${cookie.name}=${value}`,
    `Path=${cookie.path}`,
    `Max-Age=${maxAgeS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setSsoCookie(
  reply: FastifyReply,
  secret: string,
  cookie: SsoCookie,
  value: object,
  now: Date,
  secure: boolean,
): void {
  const body = Buffer.from(
    JSON.stringify({ value, expiresAt: now.getTime() + cookie.maxAgeS * 1000 }),
  ).toString('base64url');
  reply.header(
    'set-cookie',
    header(cookie, `${body}.${mac(secret, cookie, body)}`, cookie.maxAgeS, secure),
  );
}

export function clearSsoCookie(reply: FastifyReply, cookie: SsoCookie, secure: boolean): void {
  reply.header('set-cookie', header(cookie, '', 0, secure));
}

/** The cookie's value when it is ours, whole and not expired; undefined otherwise. */
export function readSsoCookie(
  request: FastifyRequest,
  secret: string,
  cookie: SsoCookie,
  now: Date,
): unknown {
  const raw = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookie.name}=`))
    ?.slice(cookie.name.length + 1);
  const [body = '', signature = ''] = (raw ?? '').split('.');
  const expected = Buffer.from(mac(secret, cookie, body));
  const given = Buffer.from(signature);
  if (body === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return undefined;
  }
  const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    value: unknown;
    expiresAt: number;
  };
  return parsed.expiresAt > now.getTime() ? parsed.value : undefined;
}
