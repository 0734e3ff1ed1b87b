import { AUTH_RATE_LIMIT, MESSAGES, PASSWORD_RESET_TTL_MS } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  type AccountTestApp,
  accountTestApp,
  PASSWORD,
  signUpBody,
} from '../../test/account-client';
import { ENGINES, SAME_ORIGIN, TEST_APP_URL } from '../../test/helpers';

const NEW_PASSWORD = 'Moonrise2027';

describe.each(ENGINES)('password reset, restore and recovery on %s', (engine) => {
  let { ctx, clock, api } = {} as AccountTestApp;
  beforeEach(async () => {
    ({ ctx, clock, api } = await accountTestApp(engine));
  });
  afterEach(() => ctx.close());

  const errorOf = (response: { json: <T>() => T }) =>
    response.json<{ error: { code: string; message: string } }>().error;
  const deleteAccount = (cookie: string | undefined) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie: cookie ?? '' },
    });

  describe('password reset', () => {
    it('emails a 1-hour link; the new password works, the old does not, and sessions end', async () => {
      const cookie = await api.signUpAndVerify();
      const sent = await api.post('/api/account/forgot-password', { email: 'ADA@example.com' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: MESSAGES.resetEmailSent });
      const link = api.lastLink();
      expect(link.origin + link.pathname).toBe(`${TEST_APP_URL}/reset-password`);
      expect(ctx.mailer.sent.at(-1)?.content.text).toContain('expires in 1 hour');

      const check = await api.post('/api/account/reset-password/check', api.linkBody(link));
      expect(check.json()).toEqual({ valid: true, message: MESSAGES.resetTokenVerified });
      const reset = await api.post('/api/account/reset-password', {
        ...api.linkBody(link),
        password: NEW_PASSWORD,
      });
      expect(reset.json()).toEqual({ message: MESSAGES.resetSuccess });

      expect((await api.get('/api/account/session', cookie)).json()).toEqual({ user: null });
      expect((await api.login('ada@example.com', PASSWORD)).statusCode).toBe(401);
      expect((await api.login('ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);

      const again = await api.post('/api/account/reset-password', {
        ...api.linkBody(link),
        password: 'Another2028',
      });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again)).toEqual({
        code: 'RESET_LINK_INVALID',
        message: MESSAGES.resetLinkExpiredOrInvalid,
      });
    });

    it('refuses an expired link and a link used for another user', async () => {
      await api.signUpAndVerify();
      await api.signUpAndVerify('grace@example.com');
      await api.post('/api/account/forgot-password', { email: 'ada@example.com' });
      const ada = api.linkBody(api.lastLink());
      await api.post('/api/account/forgot-password', { email: 'grace@example.com' });
      const grace = api.linkBody(api.lastLink('grace@example.com'));

      const crossed = await api.post('/api/account/reset-password', {
        userId: grace.userId,
        secret: ada.secret,
        password: NEW_PASSWORD,
      });
      expect(crossed.statusCode).toBe(400);
      clock.advance(PASSWORD_RESET_TTL_MS + 1);
      expect((await api.post('/api/account/reset-password/check', ada)).statusCode).toBe(400);
      expect(
        (await api.post('/api/account/reset-password', { ...ada, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(400);
      expect((await api.login('ada@example.com', PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an address that keeps trying wrong links, yet serves a right link from it', async () => {
      await api.signUpAndVerify();
      await api.post('/api/account/forgot-password', { email: 'ada@example.com' });
      const link = api.linkBody(api.lastLink());
      const wrong = { userId: link.userId, secret: 'x'.repeat(link.secret.length) };
      // Wrong links count whichever form they come to, and whatever password comes with them.
      for (let miss = 0; miss < AUTH_RATE_LIMIT.perAddress.max; miss += 1) {
        const response =
          miss % 2 === 0
            ? await api.post('/api/account/reset-password/check', wrong)
            : await api.post('/api/account/reset-password', { ...wrong, password: 'Password1' });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).code).toBe('RESET_LINK_INVALID');
      }
      const refused = await api.post('/api/account/reset-password/check', wrong);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('RATE_LIMITED');

      // The owner behind the same address (an office, a school) still resets the password.
      const check = await api.post('/api/account/reset-password/check', link);
      expect(check.json()).toEqual({ valid: true, message: MESSAGES.resetTokenVerified });
      const common = await api.post('/api/account/reset-password', {
        ...link,
        password: 'Password1',
      });
      expect(errorOf(common).message).toBe(MESSAGES.passwordTooCommon);
      const reset = await api.post('/api/account/reset-password', {
        ...link,
        password: NEW_PASSWORD,
      });
      expect(reset.json()).toEqual({ message: MESSAGES.resetSuccess });
      expect((await api.login('ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('checks the new password with the reset rules', async () => {
      await api.signUpAndVerify();
      await api.post('/api/account/forgot-password', { email: 'ada@example.com' });
      const response = await api.post('/api/account/reset-password', {
        ...api.linkBody(api.lastLink()),
        password: 'lowercase1',
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(MESSAGES.resetPasswordRules);
    });

    it('answers an unknown address and a deleted account with the spec messages', async () => {
      const unknown = await api.post('/api/account/forgot-password', {
        email: 'nobody@example.com',
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown)).toEqual({
        code: 'ACCOUNT_NOT_FOUND',
        message: MESSAGES.resetNoAccount,
      });

      await deleteAccount(await api.signUpAndVerify());
      const deleted = await api.post('/api/account/forgot-password', { email: 'ada@example.com' });
      expect(deleted.statusCode).toBe(403);
      expect(errorOf(deleted)).toEqual({
        code: 'RESET_ACCOUNT_DELETED',
        message: MESSAGES.resetAccountDeleted,
      });
    });
  });

  describe('restore', () => {
    it('emails a deleted account a link that restores it and signs in where it was asked for', async () => {
      await deleteAccount(await api.signUpAndVerify());
      const response = await api.post('/api/account/restore', { email: 'Ada@example.com' });
      expect(response.statusCode).toBe(200);
      const link = api.lastLink();
      expect(api.linkParams(link).get('isRestore')).toBe('true');

      const restored = await api.post('/api/account/verify-email', {
        ...api.linkBody(link),
        isRestore: true,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        restored: true,
        signedIn: true,
        message: MESSAGES.restoreSignedIn,
      });
      expect(
        (await api.get('/api/account/session', api.sessionCookie(restored))).json(),
      ).toMatchObject({
        user: { email: 'ada@example.com' },
      });
      const user = await ctx.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(Boolean(user.is_deleted)).toBe(false);
      expect(user.deleted_at).toBeNull();
      expect(user.restored_at).toBe(clock.now().toISOString());
      expect((await api.login()).statusCode).toBe(200);

      const reuse = await api.post('/api/account/verify-email', {
        ...api.linkBody(link),
        isRestore: true,
      });
      expect(errorOf(reuse)).toEqual({
        code: 'RESTORE_LINK_INVALID',
        message: MESSAGES.restoreLinkInvalid,
      });
    });

    it('restores from another browser without signing in, and says to log in', async () => {
      await deleteAccount(await api.signUpAndVerify());
      await api.post('/api/account/restore', { email: 'ada@example.com' });
      const elsewhere = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/verify-email',
        payload: { ...api.linkBody(api.lastLink()), isRestore: true },
        headers: SAME_ORIGIN,
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json()).toEqual({
        verified: true,
        restored: true,
        signedIn: false,
        message: MESSAGES.restoreSuccess,
      });
      expect(api.sessionCookie(elsewhere)).toBeUndefined();
      const user = await ctx.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(Boolean(user.is_deleted)).toBe(false);
      expect((await api.login()).statusCode).toBe(200);
    });

    it('answers an unknown address and a live account with the service texts', async () => {
      const unknown = await api.post('/api/account/restore', { email: 'nobody@example.com' });
      expect(errorOf(unknown)).toEqual({
        code: 'RESTORE_EMAIL_NOT_FOUND',
        message: MESSAGES.restoreServiceNotFound,
      });
      await api.signUpAndVerify();
      const live = await api.post('/api/account/restore', { email: 'ada@example.com' });
      expect(live.statusCode).toBe(409);
      expect(errorOf(live)).toEqual({
        code: 'ACCOUNT_NOT_DELETED',
        message: MESSAGES.restoreServiceNotDeleted,
      });
    });

    it('refuses a restoration link once the account is live again', async () => {
      await deleteAccount(await api.signUpAndVerify());
      await api.post('/api/account/restore', { email: 'ada@example.com' });
      const link = api.linkBody(api.lastLink());
      await ctx.database.db.updateTable('users').set({ is_deleted: false }).execute();
      const response = await api.post('/api/account/verify-email', { ...link, isRestore: true });
      expect(errorOf(response)).toEqual({
        code: 'RESTORE_NOT_ELIGIBLE',
        message: MESSAGES.restoreNotEligible,
      });
    });
  });

  describe('verification recovery', () => {
    it('signs in a verified account with the right password', async () => {
      await api.signUpAndVerify();
      const response = await api.post('/api/account/verification-recovery', {
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(response.json()).toMatchObject({ status: 'signed-in' });
      expect(api.sessionCookie(response)).toBeDefined();
    });

    it('sends an unverified account a fresh link instead of signing it in', async () => {
      await api.post('/api/account/sign-up', signUpBody());
      const first = api.linkBody(api.lastLink());
      const response = await api.post('/api/account/verification-recovery', {
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(response.json()).toMatchObject({
        status: 'verification-sent',
        message: MESSAGES.recoveryEmailSent,
      });
      expect(api.sessionCookie(response)).toBeUndefined();
      expect(api.linkParams(api.lastLink()).get('secret')).not.toBe(first.secret);
    });

    it('gives one generic failure for a wrong password or an unknown address', async () => {
      await api.signUpAndVerify();
      for (const body of [
        { email: 'ada@example.com', password: 'Wrong1234' },
        { email: 'nobody@example.com', password: PASSWORD },
      ]) {
        const response = await api.post('/api/account/verification-recovery', body);
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toEqual({
          code: 'RECOVERY_FAILED',
          message: MESSAGES.recoveryCouldNot,
        });
      }
    });
  });

  it('the debug view reports only what the link proves', async () => {
    await api.post('/api/account/sign-up', signUpBody());
    const link = api.linkBody(api.lastLink());
    const query = (body: { userId: string; secret: string }) =>
      api.post('/api/account/debug-verification', body);
    expect((await query(link)).json()).toEqual({
      userExists: true,
      alreadyVerified: false,
      token: 'valid',
    });
    // Without this user's secret the link proves nothing: the answer says nothing about the user.
    expect((await query({ ...link, secret: 'x'.repeat(43) })).json()).toEqual({
      userExists: false,
      alreadyVerified: false,
      token: 'invalid',
    });
    expect((await query({ userId: 'f'.repeat(32), secret: link.secret })).json()).toEqual({
      userExists: false,
      alreadyVerified: false,
      token: 'invalid',
    });
  });
});
