import { AUTH_RATE_LIMIT, MESSAGES, VERIFICATION_TTL_MS } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Engine } from '../../src/db/database';
import { accountClient, PASSWORD, SESSION_COOKIE, signUpBody } from '../account-client';
import {
  createTestApp,
  ENGINES,
  SAME_ORIGIN,
  TEST_REDIS_URL,
  type TestApp,
  testClock,
} from '../helpers';

const ATTACKER_PASSWORD = 'Attacker2026';
const attackerSignUp = (email: string) => ({
  ...signUpBody(email, 'Mallory'),
  password: ATTACKER_PASSWORD,
  confirmPassword: ATTACKER_PASSWORD,
});

/** Both engines, and the limits counted in Redis (shared by every instance) when it is there. */
const SETUPS: { name: string; engine: Engine; redis: boolean }[] = [
  ...ENGINES.map((engine) => ({ name: engine, engine, redis: false })),
  ...(TEST_REDIS_URL
    ? [{ name: 'sqlite with Redis', engine: 'sqlite' as const, redis: true }]
    : []),
];

describe.each(SETUPS)('account attacks on $name', ({ engine, redis }) => {
  let ctx: TestApp;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    ctx = await createTestApp(engine, {
      now: clock.now,
      ...(redis ? { env: { REDIS_URL: TEST_REDIS_URL } } : {}),
    });
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

  describe('targeted lockout', () => {
    const OWNER_IP = '203.0.113.10';
    const ATTACKER_IP = '198.51.100.66';
    const from = (remoteAddress: string, url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: SAME_ORIGIN, remoteAddress });
    const ownerLogin = () =>
      from(OWNER_IP, '/api/account/login', { email: 'ada@example.com', password: PASSWORD });

    beforeEach(async () => {
      await accountClient(ctx).signUpAndVerify();
    });

    it('anonymous forgot-password calls do not keep the owner out of login', async () => {
      for (let i = 0; i < 12; i += 1) {
        await from(ATTACKER_IP, '/api/account/forgot-password', { email: 'ada@example.com' });
      }
      expect((await ownerLogin()).statusCode).toBe(200);
    });

    it('wrong passwords from elsewhere never stop the owner’s right password', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < AUTH_RATE_LIMIT.loginFailures.max + 3; i += 1) {
        const guess = await from(ATTACKER_IP, '/api/account/login', {
          email: 'ada@example.com',
          password: `Guess${i}x2026`,
        });
        statuses.push(guess.statusCode);
      }
      expect(statuses).toEqual([
        ...Array<number>(AUTH_RATE_LIMIT.loginFailures.max).fill(401),
        429,
        429,
        429,
      ]);
      // The guessing address is stopped even with the right password...
      const lucky = await from(ATTACKER_IP, '/api/account/login', {
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(lucky.statusCode).toBe(429);
      expect(lucky.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(Number(lucky.headers['retry-after'])).toBeGreaterThan(0);
      // ...the owner is not.
      expect((await ownerLogin()).statusCode).toBe(200);
    });

    it('counts only failures: the owner can sign in again and again', async () => {
      for (let i = 0; i < AUTH_RATE_LIMIT.loginFailures.max + 5; i += 1) {
        expect((await ownerLogin()).statusCode).toBe(200);
      }
    });
  });

  describe('email bombing', () => {
    const sentTo = (to: string) => ctx.mailer.sent.filter((mail) => mail.to === to).length;
    const [shortWindow] = AUTH_RATE_LIMIT.emailsPerRecipient;

    it(`resend-verification sends at most ${shortWindow.max} emails to one address`, async () => {
      const owner = accountClient(ctx);
      const signedUp = await owner.post('/api/account/sign-up', signUpBody());
      const { userId } = signedUp.json<{ userId: string }>();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const resend = await ctx.app.inject({
          method: 'POST',
          url: '/api/account/resend-verification',
          payload: { userId },
          headers: SAME_ORIGIN,
          remoteAddress: `198.51.100.${i + 1}`,
        });
        statuses.push(resend.statusCode);
      }
      expect(sentTo('ada@example.com')).toBe(shortWindow.max);
      // The sign-up email counted too.
      expect(statuses).toEqual([
        ...Array<number>(shortWindow.max - 1).fill(200),
        ...Array<number>(12 - shortWindow.max + 1).fill(429),
      ]);
    });

    it('every route that sends email shares the recipient’s quota', async () => {
      await accountClient(ctx).signUpAndVerify();
      const statuses: number[] = [];
      for (const email of ['ada@example.com', 'ADA@example.com ', 'ada@example.com']) {
        statuses.push((await bare('/api/account/forgot-password', { email })).statusCode);
      }
      // One went to the sign-up; two resets fit, the third is refused and not sent.
      expect(statuses).toEqual([200, 200, 429]);
      expect(sentTo('ada@example.com')).toBe(shortWindow.max);
      // Another address is not affected.
      await accountClient(ctx).signUpAndVerify('bob@example.com');
      expect(
        (await bare('/api/account/forgot-password', { email: 'bob@example.com' })).statusCode,
      ).toBe(200);
    });
  });

  it('a phishing sentence typed as the name never reaches the email', async () => {
    const name = 'Click http://evil.example to claim';
    expect(
      (await bare('/api/account/sign-up', signUpBody('ada@example.com', name))).statusCode,
    ).toBe(201);
    const [mail] = ctx.mailer.sent;
    expect(mail?.content.text).not.toContain('evil.example');
    expect(mail?.content.html).not.toContain('evil.example');
    expect(mail?.content.text.startsWith('Hi,\n')).toBe(true);
  });

  it('a session ends 30 days after sign-in, however often it was used', async () => {
    const cookie = await accountClient(ctx).signUpAndVerify();
    const session = () =>
      ctx.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });
    const { user } = (await session()).json<{ user: { id: string; email: string } }>();
    expect(user.email).toBe('ada@example.com');
    // Signed in 31 days ago and refreshed since (expires_at keeps moving forward). The row is
    // rewritten behind the app's back, so its few seconds of session cache are dropped too.
    const signedInAt = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await ctx.database.db.updateTable('sessions').set({ created_at: signedInAt }).execute();
    ctx.app.sessionCache.forgetUser(user.id);
    expect((await session()).json()).toEqual({ user: null });
    expect(await ctx.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
