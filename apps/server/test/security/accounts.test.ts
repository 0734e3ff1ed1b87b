import { MESSAGES, VERIFICATION_TTL_MS } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient, PASSWORD, SESSION_COOKIE, signUpBody } from '../account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../helpers';

const ATTACKER_PASSWORD = 'Attacker2026';
const attackerSignUp = (email: string) => ({
  ...signUpBody(email, 'Mallory'),
  password: ATTACKER_PASSWORD,
  confirmPassword: ATTACKER_PASSWORD,
});

describe.each(ENGINES)('account attacks on %s', (engine) => {
  let ctx: TestApp;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    ctx = await createTestApp(engine, { now: clock.now });
  });
  afterEach(() => ctx.close());

  /** A request from a browser that holds no cookies of anyone. */
  const bare = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: SAME_ORIGIN });

  const users = () => ctx.database.db.selectFrom('users').selectAll().execute();

  describe('pre-account takeover', () => {
    it('cannot replace a pending account while its link is live', async () => {
      const victim = accountClient(ctx);
      expect((await victim.post('/api/account/sign-up', signUpBody())).statusCode).toBe(201);
      const [pending] = await users();

      const attack = await bare('/api/account/sign-up', attackerSignUp('ada@example.com'));
      expect(attack.statusCode).toBe(409);
      expect(attack.json()).toEqual({
        error: { code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken },
      });
      expect(await users()).toEqual([pending]);
      expect(ctx.mailer.sent).toHaveLength(1);

      // The victim's own link still signs the victim in, with the victim's password.
      const verified = await victim.post(
        '/api/account/verify-email',
        victim.linkBody(victim.lastLink()),
      );
      expect(verified.statusCode).toBe(200);
      expect(victim.sessionCookie(verified)).toBeDefined();
      expect((await victim.login()).statusCode).toBe(200);
      expect((await victim.login('ada@example.com', ATTACKER_PASSWORD)).statusCode).toBe(401);
    });

    it('never signs the victim into an account the attacker created for their address', async () => {
      // The attacker signs up first, with the victim's address and a password the attacker knows.
      expect(
        (await bare('/api/account/sign-up', attackerSignUp('ada@example.com'))).statusCode,
      ).toBe(201);
      const victim = accountClient(ctx);
      const clicked = await victim.post(
        '/api/account/verify-email',
        victim.linkBody(victim.lastLink()),
      );
      expect(clicked.statusCode).toBe(200);
      expect(clicked.json()).toEqual({
        verified: true,
        restored: false,
        signedIn: false,
        message: MESSAGES.verifiedLogIn,
      });
      expect(clicked.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
      expect(await ctx.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it('a replaced pending account’s old link stays dead after the replacement', async () => {
      const first = accountClient(ctx);
      await first.post('/api/account/sign-up', signUpBody());
      const oldLink = first.linkBody(first.lastLink());
      clock.advance(VERIFICATION_TTL_MS);
      const second = accountClient(ctx);
      expect((await second.post('/api/account/sign-up', signUpBody())).statusCode).toBe(201);
      expect((await first.post('/api/account/verify-email', oldLink)).statusCode).toBe(404);
      expect(await users()).toHaveLength(1);
    });

    it('two sign-ups of one address at once give one 201 and one 409, never a 500', async () => {
      const responses = await Promise.all([
        bare('/api/account/sign-up', signUpBody('race@example.com')),
        bare('/api/account/sign-up', attackerSignUp('race@example.com')),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const refused = responses.find((response) => response.statusCode === 409);
      expect(refused?.json()).toEqual({
        error: { code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken },
      });
      expect(await users()).toHaveLength(1);
    });
  });

  it('the password chosen at sign-up is the one that logs in after verifying elsewhere', async () => {
    const owner = accountClient(ctx);
    await owner.post('/api/account/sign-up', signUpBody());
    // Opened on another device: verified, not signed in; the owner logs in with the password.
    const elsewhere = await bare('/api/account/verify-email', owner.linkBody(owner.lastLink()));
    expect(elsewhere.json()).toMatchObject({ verified: true, signedIn: false });
    expect((await owner.login('ada@example.com', PASSWORD)).statusCode).toBe(200);
  });
});
