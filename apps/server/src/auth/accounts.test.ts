import { AUTH_RATE_LIMIT, MESSAGES, VERIFICATION_TTL_MS } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  type AccountTestApp,
  accountTestApp,
  PASSWORD,
  SESSION_COOKIE,
  SIGNUP_COOKIE,
  signUpBody,
} from '../../test/account-client';
import { ENGINES, SAME_ORIGIN, TEST_APP_URL } from '../../test/helpers';

const password = PASSWORD;

describe.each(ENGINES)('accounts on %s', (engine) => {
  let { ctx, clock, api } = {} as AccountTestApp;
  beforeEach(async () => {
    ({ ctx, clock, api } = await accountTestApp(engine));
  });
  afterEach(() => ctx.close());

  describe('sign-up', () => {
    it('creates an unverified account and emails a 5-minute link built from APP_URL', async () => {
      const response = await api.post('/api/account/sign-up', {
        ...signUpBody('  Ada@Example.COM '),
        emailVerified: true,
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{
        userId: string;
        email: string;
        name: string;
        expiresAt: string;
      }>();
      expect(body).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
      expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(VERIFICATION_TTL_MS);
      // No session yet; only the cookie that ties the link to this browser (ADR 0013).
      expect(response.cookies).toEqual([
        expect.objectContaining({ name: SIGNUP_COOKIE, path: '/api/account', httpOnly: true }),
      ]);

      const link = api.lastLink();
      expect(link.origin + link.pathname).toBe(`${TEST_APP_URL}/verify-email`);
      // The secret rides in the fragment, which browsers never send to the server.
      expect(link.search).toBe('');
      expect(link.hash).toContain('secret=');
      expect(api.linkParams(link).get('userId')).toBe(body.userId);
      expect(api.linkParams(link).get('secret')?.length).toBeGreaterThanOrEqual(40);
      expect(ctx.mailer.sent.at(-1)?.content.text).toContain('expires in 5 minutes');

      const user = await ctx.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(Boolean(user.email_verified)).toBe(false);
      const account = await ctx.database.db
        .selectFrom('accounts')
        .select('password')
        .executeTakeFirstOrThrow();
      expect(account.password).not.toContain(password);
    });

    it('refuses invalid input with the spec messages and creates nothing', async () => {
      const response = await api.post('/api/account/sign-up', {
        ...signUpBody(),
        name: 'A',
        password: 'sunrise2026',
        confirmPassword: 'other',
        acceptTerms: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        name: MESSAGES.nameTooShort,
        password: MESSAGES.passwordNeedsUppercase,
        acceptTerms: MESSAGES.acceptTerms,
        confirmPassword: MESSAGES.passwordsDoNotMatch,
      });
      expect(await ctx.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(ctx.mailer.sent).toEqual([]);
    });

    it('refuses an address that has a verified account, in any letter case', async () => {
      await api.signUpAndVerify();
      const again = await api.post('/api/account/sign-up', signUpBody('ADA@example.com'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken },
      });
    });

    it('lets the browser that signed up sign up again while the link is live, no one else', async () => {
      const first = await api.post('/api/account/sign-up', signUpBody());
      const firstLink = api.linkBody(api.lastLink());
      const binding = first.cookies.find((cookie) => cookie.name === SIGNUP_COOKIE);
      // Another browser is told the address is taken, as for any account.
      expect((await api.post('/api/account/sign-up', signUpBody())).statusCode).toBe(409);
      const again = await api.post(
        '/api/account/sign-up',
        signUpBody('ada@example.com', 'Ada King'),
        `${binding?.name}=${binding?.value}`,
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ email: 'ada@example.com', name: 'Ada King' });
      expect(await ctx.database.db.selectFrom('users').select('name').execute()).toEqual([
        { name: 'Ada King' },
      ]);
      // The first link died with the account it was for; the new one verifies.
      expect((await api.post('/api/account/verify-email', firstLink)).statusCode).toBe(404);
      const verified = await api.post('/api/account/verify-email', api.linkBody(api.lastLink()));
      expect(verified.json()).toMatchObject({ verified: true, signedIn: true });
    });

    it('replaces an unverified account for the same address once its link has expired', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const first = api.linkBody(api.lastLink());
      expect((await api.post('/api/account/sign-up', signUpBody())).statusCode).toBe(409);
      clock.advance(VERIFICATION_TTL_MS);
      expect((await api.post('/api/account/sign-up', signUpBody())).statusCode).toBe(201);
      expect(await ctx.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
      expect((await api.post('/api/account/verify-email', first)).statusCode).toBe(404);
      expect(
        (await api.post('/api/account/verify-email', api.linkBody(api.lastLink()))).statusCode,
      ).toBe(200);
    });

    it('leaves nothing behind when the email cannot be sent', async () => {
      ctx.mailer.send = () => Promise.reject(new Error('SMTP down'));
      const response = await api.post('/api/account/sign-up', signUpBody());
      expect(response.statusCode).toBe(502);
      expect(await ctx.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(await ctx.database.db.selectFrom('accounts').selectAll().execute()).toEqual([]);
    });
  });

  describe('verification', () => {
    it('reports pending with the remaining time, then expired after 5 minutes', async () => {
      const { userId } = (await api.post('/api/account/sign-up', signUpBody())).json<{
        userId: string;
      }>();
      clock.advance(60_000);
      expect((await api.get(`/api/account/verification-status?userId=${userId}`)).json()).toEqual({
        verified: false,
        expired: false,
        remainingTime: VERIFICATION_TTL_MS - 60_000,
      });
      clock.advance(VERIFICATION_TTL_MS);
      expect((await api.get(`/api/account/verification-status?userId=${userId}`)).json()).toEqual({
        verified: false,
        expired: true,
        remainingTime: 0,
      });
    });

    it('verifies once, signs the user in with an HttpOnly SameSite=Lax cookie, and refuses reuse', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const link = api.linkBody(api.lastLink());
      const response = await api.post('/api/account/verify-email', link);
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();

      const session = await api.get('/api/account/session', api.sessionCookie(response));
      expect(session.json()).toMatchObject({
        user: { email: 'ada@example.com', name: 'Ada Lovelace' },
      });
      expect(
        (await api.get(`/api/account/verification-status?userId=${link.userId}`)).json(),
      ).toMatchObject({
        verified: true,
      });

      const reuse = await api.post('/api/account/verify-email', link);
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json()).toEqual({
        error: { code: 'ALREADY_VERIFIED', message: MESSAGES.alreadyVerified },
      });
      expect(reuse.cookies).toEqual([]);
    });

    it('refuses an address that keeps sending wrong links, yet verifies a right link from it', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const link = api.linkBody(api.lastLink());
      const wrong = { userId: link.userId, secret: 'x'.repeat(link.secret.length) };
      for (let miss = 0; miss < AUTH_RATE_LIMIT.perAddress.max; miss += 1) {
        const response = await api.post('/api/account/verify-email', wrong);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VERIFICATION_INVALID' } });
      }
      const refused = await api.post('/api/account/verify-email', wrong);
      expect(refused.statusCode).toBe(429);
      // Everyone behind the same address (an office, a school) still verifies with a right link.
      const verified = await api.post('/api/account/verify-email', link);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ verified: true });
    });

    it('refuses an expired link, another user’s link and a wrong secret', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const ada = api.linkBody(api.lastLink());
      await api.post('/api/account/sign-up', signUpBody('grace@example.com'));
      const grace = api.linkBody(api.lastLink('grace@example.com'));

      const crossed = await api.post('/api/account/verify-email', {
        userId: ada.userId,
        secret: grace.secret,
      });
      expect(crossed.json()).toEqual({
        error: { code: 'VERIFICATION_INVALID', message: MESSAGES.verificationInvalid },
      });
      const wrong = await api.post('/api/account/verify-email', {
        ...ada,
        secret: `${ada.secret}x`,
      });
      expect(wrong.statusCode).toBe(400);

      clock.advance(VERIFICATION_TTL_MS + 1);
      const expired = await api.post('/api/account/verify-email', ada);
      expect(expired.statusCode).toBe(400);
      expect(expired.json<{ error: { code: string } }>().error.code).toBe('VERIFICATION_INVALID');
      // Grace's own link was not used up by the attempt with her secret.
      clock.advance(-VERIFICATION_TTL_MS);
      expect((await api.post('/api/account/verify-email', grace)).statusCode).toBe(200);
    });

    it('answers an unknown user with the not-found message', async () => {
      const response = await api.post('/api/account/verify-email', {
        userId: 'a'.repeat(32),
        secret: 'b'.repeat(43),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'VERIFICATION_USER_NOT_FOUND', message: MESSAGES.verificationUserNotFound },
      });
    });

    it('resends a new link marked resent=true and the old one stops working', async () => {
      const { userId } = (await api.post('/api/account/sign-up', signUpBody())).json<{
        userId: string;
      }>();
      const old = api.linkBody(api.lastLink());
      clock.advance(4 * 60_000);
      const resent = await api.post('/api/account/resend-verification', { userId });
      expect(resent.statusCode).toBe(200);
      expect(new Date(resent.json<{ expiresAt: string }>().expiresAt).getTime()).toBe(
        clock.now().getTime() + VERIFICATION_TTL_MS,
      );
      const link = api.lastLink();
      expect(api.linkParams(link).get('resent')).toBe('true');
      expect((await api.post('/api/account/verify-email', old)).statusCode).toBe(400);
      expect((await api.post('/api/account/verify-email', api.linkBody(link))).statusCode).toBe(
        200,
      );
    });
  });

  describe('login', () => {
    it('refuses an unverified account after a right password, with the spec message', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const response = await api.post('/api/account/login', { email: 'ada@example.com', password });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'EMAIL_NOT_VERIFIED', message: MESSAGES.emailNotVerified },
      });
    });

    it('answers a wrong password and an unknown address alike', async () => {
      await api.signUpAndVerify();
      const wrong = await api.post('/api/account/login', {
        email: 'ada@example.com',
        password: 'Wrong1234',
      });
      const unknown = await api.post('/api/account/login', {
        email: 'nobody@example.com',
        password,
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.cookies).toEqual([]);
    });

    it('starts a new session at every login; remember me decides whether the cookie persists', async () => {
      await api.signUpAndVerify();
      const forgetful = await api.post('/api/account/login', {
        email: 'ADA@example.com',
        password,
      });
      expect(forgetful.statusCode).toBe(200);
      const sessionOnly = forgetful.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(sessionOnly?.maxAge).toBeUndefined();
      expect(sessionOnly?.expires).toBeUndefined();

      const remembered = await api.post('/api/account/login', {
        email: 'ada@example.com',
        password,
        rememberMe: true,
      });
      const persistent = remembered.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(persistent?.maxAge).toBeGreaterThan(24 * 60 * 60);
      expect(persistent?.value).not.toBe(sessionOnly?.value);
      const sessions = await ctx.database.db.selectFrom('sessions').select('id').execute();
      expect(sessions).toHaveLength(3);
    });

    it('ends the session on the server at logout', async () => {
      const cookie = await api.signUpAndVerify();
      expect((await api.get('/api/account/session', cookie)).json()).toMatchObject({
        user: { name: 'Ada Lovelace' },
      });
      const logout = await api.post('/api/account/logout', {}, cookie);
      expect(logout.statusCode).toBe(200);
      expect((await api.get('/api/account/session', cookie)).json()).toEqual({ user: null });
      expect(await ctx.database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    });

    it('refuses a login posted from another site', async () => {
      await api.signUpAndVerify();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'ada@example.com', password },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.cookies).toEqual([]);
    });

    it(`stops an address after ${AUTH_RATE_LIMIT.loginFailures.max} wrong passwords for one email`, async () => {
      await api.signUpAndVerify();
      for (let i = 0; i < AUTH_RATE_LIMIT.loginFailures.max; i += 1) {
        expect(
          (await api.post('/api/account/login', { email: 'ada@example.com', password: 'Nope1234' }))
            .statusCode,
        ).toBe(401);
      }
      const limited = await api.post('/api/account/login', { email: 'Ada@Example.com', password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    });
  });

  describe('session', () => {
    it('ends a session whose account was deleted meanwhile and says why', async () => {
      const cookie = await api.signUpAndVerify();
      await ctx.database.db.updateTable('users').set({ is_deleted: true }).execute();
      const response = await api.get('/api/account/session', cookie);
      expect(response.json()).toEqual({ user: null, reason: 'deleted' });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect(await ctx.database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    });

    it('answers no user without a cookie or with a forged one', async () => {
      expect((await api.get('/api/account/session')).json()).toEqual({ user: null });
      const forged = `${SESSION_COOKIE}=abc.def`;
      expect((await api.get('/api/account/session', forged)).json()).toEqual({ user: null });
    });
  });

  describe('deletion', () => {
    it('soft-deletes the account, ends every session and refuses login until restored', async () => {
      const first = await api.signUpAndVerify();
      const second = api.sessionCookie(
        await api.post('/api/account/login', { email: 'ada@example.com', password }),
      );
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { ...SAME_ORIGIN, cookie: first ?? '' },
      });
      expect(response.statusCode).toBe(200);
      expect((await api.get('/api/account/session', second)).json()).toEqual({ user: null });

      const user = await ctx.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(Boolean(user.is_deleted)).toBe(true);
      expect(user.deleted_at).toBe(clock.now().toISOString());

      const login = await api.post('/api/account/login', { email: 'ada@example.com', password });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({
        error: { code: 'ACCOUNT_DELETED', message: MESSAGES.accountDeleted },
      });
    });

    it('needs a session', async () => {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: SAME_ORIGIN,
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
