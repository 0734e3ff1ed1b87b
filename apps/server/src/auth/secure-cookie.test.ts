import { afterEach, beforeEach, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
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
  const mail = ctx.mailer.sent.at(-1)?.content.text ?? '';
  const link = new URL(
    mail.split('\n').find((line) => line.startsWith('https://daywise.example.com/verify-email')) ??
      '',
  );
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/verify-email',
    headers: origin,
    payload: api.linkBody(link),
  });
  expect(verified.cookies).toEqual([
    expect.objectContaining({
      name: '__Secure-daywise.session_token',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    }),
  ]);
  expect(verified.headers['strict-transport-security']).toContain('max-age=31536000');
});
