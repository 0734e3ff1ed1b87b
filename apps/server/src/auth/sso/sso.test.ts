import { ERROR_CODES, MESSAGES } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../../test/account-client';
import {
  createTestApp,
  ENGINES,
  SAME_ORIGIN,
  TEST_APP_URL,
  type TestApp,
} from '../../../test/helpers';
import {
  startTestProvider,
  TEST_CLIENT,
  type TestProvider,
  walkProvider,
} from '../../../test/oidc-provider';

type ErrorBody = { error: { code: string; message: string } };

const REDIRECT_URI = `${TEST_APP_URL}/sso/callback`;
const HOUR_MS = 60 * 60 * 1000;

describe.each(ENGINES)('single sign-on through a real OpenID Connect provider on %s', (engine) => {
  let ctx: TestApp | undefined;
  let provider: TestProvider | undefined;
  afterEach(async () => {
    await ctx?.close();
    await provider?.close();
    ctx = undefined;
    provider = undefined;
  });

  /** The app, configured for the provider; its clock `ahead` of the real one. */
  async function appFor(
    issuer: string,
    options: { ahead?: number; env?: Record<string, string> } = {},
  ) {
    const ahead = options.ahead ?? 0;
    ctx = await createTestApp(engine, {
      env: {
        OIDC_ISSUER_URL: issuer,
        OIDC_CLIENT_ID: TEST_CLIENT.id,
        OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        OIDC_BUTTON_LABEL: 'Sign in with Test ID',
        ...options.env,
      },
      now: () => new Date(Date.now() + ahead),
    });
    return ctx;
  }

  async function startProvider() {
    provider = await startTestProvider({ redirectUri: REDIRECT_URI, autoLogin: true });
    return provider;
  }

  /** The browser's whole sign-in: start, the provider, and back; the app's last answer. */
  async function signIn(app: TestApp, tamper: (callback: URL) => void = () => undefined) {
    const start = await app.app.inject({ method: 'GET', url: '/sso/start' });
    expect(start.statusCode).toBe(302);
    const flow = start.cookies.find((c) => c.name === 'daywise.sso');
    const location = String(start.headers.location);
    if (!flow) {
      return { answer: start, location };
    }
    const back = await walkProvider(location, TEST_APP_URL);
    tamper(back);
    const answer = await app.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `daywise.sso=${flow.value}` },
    });
    return { answer, location: String(answer.headers.location) };
  }

  const sessionOf = async (app: TestApp, cookie: string | undefined) =>
    (await accountClient(app).get('/api/account/session', cookie)).json<{
      user: { email: string; name: string } | null;
    }>();

  it('tells the pages about the button, and creates a verified account on the first sign-in', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    const options = await app.app.inject({ method: 'GET', url: '/api/account/sign-in-options' });
    expect(options.json()).toEqual({
      sso: { label: 'Sign in with Test ID' },
      passwordForAdminsOnly: false,
    });

    idp.signInAs('grace', {
      email: 'Grace@Example.com',
      email_verified: true,
      name: 'Grace Hopper',
    });
    const { answer, location } = await signIn(app);
    expect(answer.statusCode).toBe(302);
    expect(location).toBe('/dashboard');
    const session = accountClient(app).sessionCookie(answer);
    expect((await sessionOf(app, session)).user).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
    });

    // Later sign-ins go to the same account.
    const again = await signIn(app);
    expect(again.location).toBe('/dashboard');
    const users = await app.database.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .execute();
    expect(users.map((user) => [user.email, Boolean(user.email_verified)])).toEqual([
      ['grace@example.com', true],
    ]);
  });

  it('connects an existing account only once its password is given, then goes straight in', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    const api = accountClient(app);
    await api.signUpAndVerify('ada@example.com');

    idp.signInAs('ada-at-idp', { email: 'ada@example.com', email_verified: true, name: 'Ada' });
    const first = await signIn(app);
    expect(first.location).toBe('/sso/link');
    expect(first.answer.cookies.find((c) => c.name === 'daywise.session_token')).toBeUndefined();
    const link = first.answer.cookies.find((c) => c.name === 'daywise.sso-link');
    const linkCookie = `daywise.sso-link=${link?.value ?? ''}`;

    const pending = await api.get('/api/account/sso/link', linkCookie);
    expect(pending.json()).toEqual({ email: 'ada@example.com' });

    const post = (password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/account/sso/link',
        payload: { password },
        headers: { ...SAME_ORIGIN, cookie: linkCookie },
      });
    const wrong = await post('NotMyPassword1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorBody>().error.message).toBe(MESSAGES.invalidCredentials);
    expect(
      await app.database.db
        .selectFrom('accounts')
        .where('provider_id', '=', 'oidc')
        .selectAll()
        .execute(),
    ).toEqual([]);

    const linked = await post('Sunrise2026');
    expect(linked.statusCode).toBe(200);
    expect(linked.json<{ user: { email: string } }>().user.email).toBe('ada@example.com');
    expect((await sessionOf(app, api.sessionCookie(linked))).user?.email).toBe('ada@example.com');

    const later = await signIn(app);
    expect(later.location).toBe('/dashboard');

    const withoutCookie = await api.get('/api/account/sso/link');
    expect(withoutCookie.statusCode).toBe(400);
    expect(withoutCookie.json<ErrorBody>().error.message).toBe(
      ERROR_CODES.SSO_LINK_EXPIRED.message,
    );
  });

  it('refuses an address the provider has not verified', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    idp.signInAs('eve', { email: 'eve@example.com', email_verified: false, name: 'Eve' });
    const { answer, location } = await signIn(app);
    expect(answer.statusCode).toBe(302);
    expect(location).toBe('/login?sso=email-unverified');
    expect(await app.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    idp.misbehave.publishOtherKey = true;
    const { location } = await signIn(app);
    expect(location).toBe('/login?sso=failed');
    expect(await app.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses an ID token with another nonce than the one this sign-in sent', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    idp.misbehave.swapNonce = true;
    const { location } = await signIn(app);
    expect(location).toBe('/login?sso=failed');
    expect(await app.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses an expired ID token', async () => {
    const idp = await startProvider();
    // The provider's ID tokens last an hour; the app's clock is two hours on.
    const app = await appFor(idp.issuer, { ahead: 2 * HOUR_MS });
    const { location } = await signIn(app);
    expect(location).toBe('/login?sso=failed');
  });

  it('refuses a return with another state, or without the sign-in’s cookie', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer);
    const tampered = await signIn(app, (back) => back.searchParams.set('state', 'not-the-state'));
    expect(tampered.location).toBe('/login?sso=failed');

    const stray = await app.app.inject({ method: 'GET', url: '/sso/callback?code=abc&state=def' });
    expect(stray.statusCode).toBe(302);
    expect(stray.headers.location).toBe('/login?sso=expired');
  });

  it('says the provider is down when discovery or its token endpoint does not answer', async () => {
    const idp = await startProvider();
    const issuer = idp.issuer;
    const app = await appFor(issuer);
    const start = await app.app.inject({ method: 'GET', url: '/sso/start' });
    const flow = start.cookies.find((c) => c.name === 'daywise.sso');
    const back = await walkProvider(String(start.headers.location), TEST_APP_URL);
    await idp.close();
    provider = undefined;

    const answer = await app.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `daywise.sso=${flow?.value ?? ''}` },
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/login?sso=unavailable');

    await ctx?.close();
    const down = await appFor(issuer);
    const noDiscovery = await down.app.inject({ method: 'GET', url: '/sso/start' });
    expect(noDiscovery.statusCode).toBe(302);
    expect(noDiscovery.headers.location).toBe('/login?sso=unavailable');
  });

  it('makes accounts only as REGISTRATION allows, and lets no disabled account in', async () => {
    const idp = await startProvider();
    const invited = await appFor(idp.issuer, {
      env: { REGISTRATION: 'invite', ADMIN_EMAILS: 'admin@example.com' },
    });
    idp.signInAs('grace', { email: 'grace@example.com', email_verified: true, name: 'Grace' });
    // Under `invite` only the emailed link makes an account, and a sign-on carries none.
    expect((await signIn(invited)).location).toBe('/login?sso=invite-only');
    expect(await invited.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    await invited.close();

    const closed = await appFor(idp.issuer, {
      env: { REGISTRATION: 'closed', ADMIN_EMAILS: 'admin@example.com' },
    });
    expect((await signIn(closed)).location).toBe('/login?sso=registration-closed');
    // An invited address may join a closed instance through the provider.
    await accountClient(closed).signUpAndVerify('admin@example.com');
    const admin = await closed.database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    await closed.database.db
      .insertInto('invitations')
      .values({
        id: 'invitation-1',
        email: 'grace@example.com',
        token_hash: 'not-used-here',
        invited_by: admin.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + HOUR_MS).toISOString(),
        accepted_at: null,
      })
      .execute();
    expect((await signIn(closed)).location).toBe('/dashboard');
    const invitation = await closed.database.db
      .selectFrom('invitations')
      .select('accepted_at')
      .executeTakeFirstOrThrow();
    expect(invitation.accepted_at).not.toBeNull();

    // Disabled by an admin, the account's sign-ons stop.
    await closed.database.db
      .updateTable('users')
      .set({ disabled_at: now.toISOString() })
      .where('email', '=', 'grace@example.com')
      .execute();
    expect((await signIn(closed)).location).toBe('/login?sso=disabled');
  });

  it('keeps the password forms for administrators alone with OIDC_ONLY', async () => {
    const idp = await startProvider();
    const app = await appFor(idp.issuer, {
      env: { OIDC_ONLY: 'true', ADMIN_EMAILS: 'ada@example.com' },
    });
    const options = await app.app.inject({ method: 'GET', url: '/api/account/sign-in-options' });
    expect(options.json()).toMatchObject({ passwordForAdminsOnly: true });

    const api = accountClient(app);
    const bob = await api.post('/api/account/sign-up', {
      name: 'Bob Builder',
      email: 'bob@example.com',
      password: 'Sunrise2026',
      confirmPassword: 'Sunrise2026',
      acceptTerms: true,
    });
    expect(bob.statusCode).toBe(403);
    expect(bob.json<ErrorBody>().error.message).toBe(ERROR_CODES.SSO_ONLY.message);
    const bobLogin = await api.login('bob@example.com');
    expect(bobLogin.statusCode).toBe(403);

    await api.signUpAndVerify('ada@example.com');
    expect((await api.login('ada@example.com')).statusCode).toBe(200);
  });
});
