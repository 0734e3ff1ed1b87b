import { expect } from 'vitest';

import type { Engine } from '../src/db/database';
import { createTestApp, SAME_ORIGIN, TEST_APP_URL, type TestApp, testClock } from './helpers';

export const SESSION_COOKIE = 'daywise.session_token';
export const PASSWORD = 'Sunrise2026';
export const SIGNUP_COOKIE = 'daywise.signup';
export const RESTORE_COOKIE = 'daywise.restore';
/** The cookies that bind an emailed link to the browser that asked for it (ADR 0013). */
const BINDING_COOKIES = [SIGNUP_COOKIE, RESTORE_COOKIE];

export const signUpBody = (email = 'ada@example.com', name = 'Ada Lovelace') => ({
  name,
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

/** A sign-up form for Ada with `password` chosen and confirmed. */
export const signUpWith = (password: string) => ({
  ...signUpBody('ada@example.com', 'Ada'),
  password,
  confirmPassword: password,
});

/** A Contact form sent with `forwardedFor` as its X-Forwarded-For header. */
export const contactFrom = (ctx: TestApp, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    headers: { ...SAME_ORIGIN, 'x-forwarded-for': forwardedFor },
  });

/** `count` wrong-password sign-ins to one account, all sent at once. */
export const loginBurst = (ctx: TestApp, count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: SAME_ORIGIN,
        payload: { email: 'victim@example.com', password: 'guess-123456' },
      }),
    ),
  );

interface InjectedCookies {
  cookies: { name: string; value: string }[];
}

/** Requests as the web app sends them, and the emails as a user would read them. */
export function accountClient(ctx: TestApp) {
  /**
   * The link binding cookies this "browser" holds (ADR 0013), by cookie and user id: a link signs
   * in only where it was asked for, so they go with every request about that user, as a browser
   * would send them.
   */
  const bindings = new Map<string, string>();
  const post = async (url: string, payload: object, cookie?: string) => {
    const userId = (payload as { userId?: unknown }).userId;
    const held = BINDING_COOKIES.map((name) =>
      typeof userId === 'string' ? bindings.get(`${name}:${userId}`) : undefined,
    );
    const cookies = [cookie, ...held].filter(Boolean).join('; ');
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...SAME_ORIGIN, ...(cookies ? { cookie: cookies } : {}) },
    });
    for (const set of response.cookies.filter((c) => BINDING_COOKIES.includes(c.name) && c.value)) {
      bindings.set(`${set.name}:${set.value.split('.')[0] ?? ''}`, `${set.name}=${set.value}`);
    }
    return response;
  };
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** The link in the newest email to `to`. */
  const lastLink = (to = 'ada@example.com'): URL => {
    const mail = ctx.mailer.sent.filter((sent) => sent.to === to).at(-1);
    const line = mail?.content.text.split('\n').find((text) => text.startsWith(TEST_APP_URL));
    if (!line) {
      throw new Error(`no link emailed to ${to}`);
    }
    return new URL(line);
  };
  /** An emailed link's parameters: in the fragment (ADR 0013), or the query of older links. */
  const linkParams = (link: URL) => new URLSearchParams(link.hash.slice(1) || link.search);
  const linkBody = (link: URL) => ({
    userId: linkParams(link).get('userId') ?? '',
    secret: linkParams(link).get('secret') ?? '',
  });
  const sessionCookie = (response: InjectedCookies) => {
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    return cookie ? `${cookie.name}=${cookie.value}` : undefined;
  };

  /** Signs up, clicks the emailed link, and returns the session cookie it set. */
  const signUpAndVerify = async (email = 'ada@example.com') => {
    expect((await post('/api/account/sign-up', signUpBody(email))).statusCode).toBe(201);
    const verified = await post('/api/account/verify-email', linkBody(lastLink(email)));
    expect(verified.statusCode).toBe(200);
    return sessionCookie(verified);
  };

  const login = (email = 'ada@example.com', password = PASSWORD) =>
    post('/api/account/login', { email, password });

  return { post, get, lastLink, linkParams, linkBody, sessionCookie, signUpAndVerify, login };
}

/** A test app on `engine` whose clock the test moves, and a client of its account routes. */
export async function accountTestApp(engine: Engine) {
  const clock = testClock();
  const ctx = await createTestApp(engine, { now: clock.now });
  return { ctx, clock, api: accountClient(ctx) };
}
export type AccountTestApp = Awaited<ReturnType<typeof accountTestApp>>;
