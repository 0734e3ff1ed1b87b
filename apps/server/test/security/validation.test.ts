import {
  ACCOUNT_BODY_LIMIT_BYTES,
  LIMITS,
  MESSAGES,
  PUBLIC_FORM_BODY_LIMIT_BYTES,
} from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient, signUpWith } from '../account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../helpers';

/** An address built so that a backtracking email pattern tries every split (ADR 0013). */
const hostileEmail = (bytes: number) => 'a@'.repeat(bytes / 2);

describe.each(ENGINES)('oversized and hostile input on %s', (engine) => {
  let ctx: TestApp;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: SAME_ORIGIN });

  it('answers a 100 KB email on forgot-password with 413 while /api/health stays quick', async () => {
    const started = performance.now();
    const [attack, health] = await Promise.all([
      post('/api/account/forgot-password', { email: hostileEmail(100_000) }),
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(attack.statusCode).toBe(413);
    expect(attack.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
    });
    expect(health.statusCode).toBe(200);
    // Before the fix this took 15 s; bounded generously for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ['/api/account/sign-up', 'email'],
    ['/api/account/login', 'email'],
    ['/api/account/forgot-password', 'email'],
    ['/api/account/restore', 'email'],
    ['/api/account/verification-recovery', 'email'],
  ])('caps %s bodies at the account limit', async (url) => {
    const response = await post(url, {
      email: 'ada@example.com',
      padding: 'x'.repeat(ACCOUNT_BODY_LIMIT_BYTES),
    });
    expect(response.statusCode).toBe(413);
  });

  it.each(['/api/contact', '/api/feedback'])(
    'answers the biggest hostile email %s accepts with the length message, quickly',
    async (url) => {
      const email = hostileEmail(PUBLIC_FORM_BODY_LIMIT_BYTES - 1000);
      const started = performance.now();
      const response = await post(url, {
        name: 'Ada',
        email,
        subject: 'Hi',
        message: 'Hello',
        category: 'Other',
        feedback: 'Hello',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { email: MESSAGES.tooLong('Email', LIMITS.emailMax) },
        },
      });
      // The old pattern spent seconds on this address.
      expect(performance.now() - started).toBeLessThan(1000);
      const table = url === '/api/contact' ? 'contact_messages' : 'feedback';
      expect(await ctx.database.db.selectFrom(table).selectAll().execute()).toEqual([]);
    },
  );

  it.each(['/api/contact', '/api/feedback'])('caps %s bodies', async (url) => {
    const response = await post(url, { message: 'x'.repeat(PUBLIC_FORM_BODY_LIMIT_BYTES) });
    expect(response.statusCode).toBe(413);
  });

  it('answers a giant password on sign-up with the length message only', async () => {
    const password = 'Aa1'.repeat(1000);
    const response = await post('/api/account/sign-up', signUpWith(password));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { password: MESSAGES.passwordTooLong } },
    });
    expect(await ctx.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it.each(['Password1', 'Welcome1', 'Summer2026'])(
    'refuses the common password %s at sign-up and creates nothing',
    async (password) => {
      const response = await post('/api/account/sign-up', signUpWith(password));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: MESSAGES.passwordTooCommon,
          fields: { password: MESSAGES.passwordTooCommon },
        },
      });
      expect(await ctx.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(ctx.mailer.sent).toEqual([]);
    },
  );

  it('refuses a common password at reset and keeps the link usable', async () => {
    const api = accountClient(ctx);
    await api.signUpAndVerify();
    await post('/api/account/forgot-password', { email: 'ada@example.com' });
    const link = api.linkBody(api.lastLink());
    const common = await post('/api/account/reset-password', { ...link, password: 'Welcome1' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      error: { fields: { password: MESSAGES.passwordTooCommon } },
    });
    expect((await api.login()).statusCode).toBe(200);
    const chosen = await post('/api/account/reset-password', { ...link, password: 'Moonrise2027' });
    expect(chosen.statusCode).toBe(200);
  });
});
