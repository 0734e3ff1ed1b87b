import { afterEach, beforeEach, expect, it } from 'vitest';

import { accountClient, SIGNUP_COOKIE } from '../../test/account-client';
import { createTestApp, type TestApp } from '../../test/helpers';

let ctx: TestApp;
beforeEach(async () => {
  ctx = await createTestApp('sqlite', { env: { APP_URL: 'https://daywise.example.com' } });
});
afterEach(() => ctx.close());

it('marks the session cookie Secure (with the __Secure- prefix) when APP_URL is https', async () => {
  const api = accountClient(ctx);
  const origin = { origin: 'https://daywise.example.com' };
  const signUp = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/sign-up',
    headers: origin,
    payload: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Sunrise2026',
      confirmPassword: 'Sunrise2026',
      acceptTerms: true,
    },
  });
  expect(signUp.statusCode).toBe(201);
  const binding = signUp.cookies.find((cookie) => cookie.name === SIGNUP_COOKIE);
  expect(binding).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  const mail = ctx.mailer.sent.at(-1)?.content.text ?? '';
  const link = new URL(
    mail.split('\n').find((line) => line.startsWith('https://daywise.example.com/verify-email')) ??
      '',
  );
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/verify-email',
    headers: { ...origin, cookie: `${SIGNUP_COOKIE}=${binding?.value}` },
    payload: api.linkBody(link),
  });
  // Every cookie is Secure: the cleared sign-up binding, the session and its "not remembered" mark.
  expect(verified.cookies.map((cookie) => cookie.name)).toEqual([
    SIGNUP_COOKIE,
    '__Secure-daywise.session_token',
    '__Secure-daywise.dont_remember',
  ]);
  for (const cookie of verified.cookies) {
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  }
  expect(verified.headers['strict-transport-security']).toContain('max-age=31536000');
});
