import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import type { CalendarFeed, CreatedApiToken } from '@daywise/shared/schemas';
import { afterEach, describe, expect, it } from 'vitest';

import { accountClient, PASSWORD, signUpBody } from '../../test/account-client';
import { createTestApp, ENGINES, type TestApp, testClock } from '../../test/helpers';
import { sendAs } from '../../test/signed-in';
import type { Engine } from '../db/database';

/** Every /api/admin route, as a client calls it. */
const ADMIN_CALLS = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/invitations'],
  ['POST', '/api/admin/invitations', { email: 'carol@example.com' }],
  ['POST', '/api/admin/users/USER/disable'],
  ['POST', '/api/admin/users/USER/enable'],
  ['POST', '/api/admin/users/USER/password-reset'],
  ['GET', '/api/admin/status'],
  ['GET', '/api/admin/audit'],
] as const;

describe.each(ENGINES)('who may join, and the admin, on %s', (engine: Engine) => {
  let ctx: TestApp | undefined;
  afterEach(() => ctx?.close());

  /** An app with `env`, whose first account (Ada) is signed in. */
  const start = async (env: Record<string, string> = {}) => {
    const clock = testClock();
    ctx = await createTestApp(engine, { env, now: clock.now });
    const api = accountClient(ctx);
    const ada = (await api.signUpAndVerify('ada@example.com')) ?? '';
    return { ctx, clock, api, ada };
  };
  const call = (
    app: TestApp,
    cookie: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    method === 'GET'
      ? app.app.inject({ method, url, headers: cookie ? { cookie } : {} })
      : sendAs(app, cookie, method, url, payload);
  const userId = async (app: TestApp, cookie: string) =>
    (await app.app.inject({ url: '/api/account/session', headers: { cookie } })).json<{
      user: { id: string };
    }>().user.id;
  const signUp = (app: TestApp, email: string, invitation?: string) =>
    sendAs(app, undefined, 'POST', '/api/account/sign-up', {
      ...signUpBody(email, 'Someone Invited'),
      ...(invitation === undefined ? {} : { invitation }),
    });
  const auditActions = async (app: TestApp, cookie: string) =>
    (await call(app, cookie, 'GET', '/api/admin/audit'))
      .json<{ entries: { action: string; target: string; adminEmail: string }[] }>()
      .entries.map(({ action, target, adminEmail }) => `${adminEmail} ${action} ${target}`);

  it('makes the first account the admin and answers 404 on every admin route to anyone else', async () => {
    const { ctx: app, api, ada } = await start();
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    const bobId = await userId(app, bob);
    const session = (cookie: string) =>
      app.app.inject({ url: '/api/account/session', headers: { cookie } });
    expect((await session(ada)).json()).toMatchObject({ admin: true });
    expect((await session(bob)).json()).not.toHaveProperty('admin');

    for (const [method, path, payload] of ADMIN_CALLS) {
      const url = path.replace('USER', bobId);
      for (const cookie of [bob, undefined]) {
        const response = await call(app, cookie, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      }
    }
    // Nothing was done for Bob: no invitation, no email, no audit row, his session live.
    expect(await app.database.db.selectFrom('invitations').selectAll().execute()).toEqual([]);
    expect(await app.database.db.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
    expect((await session(bob)).json()).toMatchObject({ user: { id: bobId } });
    expect((await call(app, ada, 'GET', '/api/admin/status')).statusCode).toBe(200);
  });

  it('makes the ADMIN_EMAILS addresses the admins instead of the first account', async () => {
    const { ctx: app, api, ada } = await start({ ADMIN_EMAILS: 'Bob@Example.com' });
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    expect((await call(app, ada, 'GET', '/api/admin/users')).statusCode).toBe(404);
    const users = await call(app, bob, 'GET', '/api/admin/users');
    expect(users.statusCode).toBe(200);
    expect(users.json()).toMatchObject({
      page: 1,
      total: 2,
      users: [
        { email: 'ada@example.com', admin: false, todoCount: 0, disabled: false },
        { email: 'bob@example.com', admin: true },
      ],
    });
  });

  it('lists users with their todo count, storage and last activity, and the instance status', async () => {
    const { ctx: app, ada } = await start();
    for (const title of ['Água', 'Tea']) {
      expect((await sendAs(app, ada, 'POST', '/api/todos', { title })).statusCode).toBe(201);
    }
    const [user] = (await call(app, ada, 'GET', '/api/admin/users')).json<{
      users: { todoCount: number; storageBytes: number; lastActiveAt: string; name: string }[];
    }>().users;
    // "Água" is 5 bytes in UTF-8, "Tea" 3.
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      todoCount: 2,
      storageBytes: 8,
      lastActiveAt: expect.any(String) as string,
      joinedAt: expect.any(String) as string,
    });
    const status = await call(app, ada, 'GET', '/api/admin/status');
    expect(status.json()).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string,
      registration: 'open',
      database: { engine, status: 'ok' },
      redis: 'not-configured',
      queuedReminderJobs: 0,
      email: { transport: 'outbox', lastSentAt: '2026-11-21T09:00:00.000Z', lastFailedAt: null },
    });
  });

  it('with REGISTRATION=invite, lets only an invitation link sign up, for its address, for 7 days', async () => {
    const { ctx: app, api, ada, clock } = await start({ REGISTRATION: 'invite' });
    expect((await app.app.inject({ url: '/api/registration' })).json()).toEqual({
      registration: 'invite',
    });
    const refused = await signUp(app, 'bob@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'REGISTRATION_CLOSED', message: ACCESS_MESSAGES.registrationInviteOnly },
    });
    expect(await app.database.db.selectFrom('users').select('email').execute()).toHaveLength(1);

    const invited = await call(app, ada, 'POST', '/api/admin/invitations', {
      email: 'Bob@Example.com',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'bob@example.com',
      expiresAt: '2026-11-28T09:00:00.000Z',
      acceptedAt: null,
    });
    const mail = app.mailer.sent.at(-1);
    expect(mail?.to).toBe('bob@example.com');
    expect(mail?.content.subject).toBe("You're invited to Daywise");
    const link = api.lastLink('bob@example.com');
    expect(link.pathname).toBe('/signup');
    const token = api.linkParams(link).get('invitation') ?? '';
    expect(api.linkParams(link).get('email')).toBe('bob@example.com');
    // Only the hash is stored.
    expect(
      JSON.stringify(await app.database.db.selectFrom('invitations').selectAll().execute()),
    ).not.toContain(token);

    // The link is for Bob's address only, and a made-up one opens nothing.
    for (const [email, secret] of [
      ['carol@example.com', token],
      ['bob@example.com', 'not-the-secret'],
    ] as const) {
      const wrong = await signUp(app, email, secret);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: { message: ACCESS_MESSAGES.invitationInvalid } });
    }

    clock.advance(7 * 24 * 60 * 60 * 1000 - 1);
    expect((await signUp(app, 'bob@example.com', token)).statusCode).toBe(201);
    await api.post('/api/account/verify-email', api.linkBody(api.lastLink('bob@example.com')));
    expect((await api.login('bob@example.com', PASSWORD)).statusCode).toBe(200);
    const [row] = await app.database.db.selectFrom('invitations').selectAll().execute();
    expect(row?.accepted_at).not.toBeNull();

    // An invitation past its 7 days opens nothing.
    clock.advance(1000);
    await call(app, ada, 'POST', '/api/admin/invitations', { email: 'carol@example.com' });
    const carolToken = api.linkParams(api.lastLink('carol@example.com')).get('invitation') ?? '';
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect((await signUp(app, 'carol@example.com', carolToken)).statusCode).toBe(403);

    // An address with an account is not invited again.
    const again = await call(app, ada, 'POST', '/api/admin/invitations', {
      email: 'bob@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(await auditActions(app, ada)).toEqual([
      'ada@example.com invite carol@example.com',
      'ada@example.com invite bob@example.com',
    ]);
  });

  it('with REGISTRATION=closed, lets only invited addresses sign up; open lets anyone', async () => {
    const { ctx: app, ada } = await start({ REGISTRATION: 'closed' });
    const refused = await signUp(app, 'carol@example.com');
    expect(refused.json()).toEqual({
      error: { code: 'REGISTRATION_CLOSED', message: ACCESS_MESSAGES.registrationClosed },
    });
    await call(app, ada, 'POST', '/api/admin/invitations', { email: 'carol@example.com' });
    expect((await signUp(app, 'carol@example.com')).statusCode).toBe(201);
    expect((await signUp(app, 'dan@example.com')).statusCode).toBe(403);
    await app.close();

    const open = await start();
    expect((await signUp(open.ctx, 'dan@example.com')).statusCode).toBe(201);
  });

  it('lets the first account of a new instance sign up whatever REGISTRATION says', async () => {
    const { ctx: app, ada } = await start({ REGISTRATION: 'closed' });
    expect(ada).not.toBe('');
    expect((await call(app, ada, 'GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it('disabling ends the session, API tokens, app passwords, push devices and calendar feed; enabling lets sign-in back', async () => {
    const { ctx: app, api, ada, clock } = await start();
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    const bobId = await userId(app, bob);
    const token = (
      await sendAs(app, bob, 'POST', '/api/tokens', { name: 'Script', scope: 'read' })
    ).json<CreatedApiToken>().secret;
    const appPassword = (
      await sendAs(app, bob, 'POST', '/api/tokens', { name: 'Phone', scope: 'caldav' })
    ).json<CreatedApiToken>().secret;
    const feed = new URL(
      (await sendAs(app, bob, 'POST', '/api/calendar-feed/rotate')).json<CalendarFeed>().url ?? '',
    );
    const asBob = {
      session: () => app.app.inject({ url: '/api/todos', headers: { cookie: bob } }),
      token: () =>
        app.app.inject({ url: '/api/todos', headers: { authorization: `Bearer ${token}` } }),
      dav: () =>
        app.app.inject({
          method: 'PROPFIND',
          url: '/dav/',
          headers: {
            depth: '0',
            authorization: `Basic ${Buffer.from(`bob@example.com:${appPassword}`).toString('base64')}`,
          },
        }),
      feed: () => app.app.inject({ url: feed.pathname }),
    };
    // A browser of Bob's that gets his reminders by web push.
    await app.database.db
      .insertInto('push_subscriptions')
      .values({
        id: 'push-bob',
        user_id: bobId,
        endpoint: 'https://push.example.com/bob',
        p256dh: 'key',
        auth: 'secret',
        device_label: 'Firefox on Linux',
        session_id: null,
        created_at: '2026-11-21T09:00:00.000Z',
        last_success_at: null,
      })
      .execute();
    expect((await asBob.session()).statusCode).toBe(200);
    expect((await asBob.token()).statusCode).toBe(200);
    expect((await asBob.dav()).statusCode).toBe(207);
    expect((await asBob.feed()).statusCode).toBe(200);

    const self = await call(app, ada, 'POST', `/api/admin/users/${await userId(app, ada)}/disable`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      error: { message: 'You cannot disable your own account.' },
    });

    const disabled = await call(app, ada, 'POST', `/api/admin/users/${bobId}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ email: 'bob@example.com', disabled: true });
    expect((await asBob.session()).statusCode).toBe(401);
    expect((await asBob.token()).statusCode).toBe(401);
    expect((await asBob.dav()).statusCode).toBe(401);
    expect((await asBob.feed()).statusCode).toBe(404);
    expect(
      await app.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', bobId)
        .execute(),
    ).toEqual([]);
    const login = await api.login('bob@example.com');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: { code: 'ACCOUNT_DISABLED', message: ACCESS_MESSAGES.accountDisabled },
    });
    // A wrong password still says only that the credentials are wrong.
    expect((await api.login('bob@example.com', 'Wrong2026pass')).statusCode).toBe(401);

    clock.advance(1000);
    const enabled = await call(app, ada, 'POST', `/api/admin/users/${bobId}/enable`);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await asBob.session()).statusCode).toBe(401);
    expect((await asBob.token()).statusCode).toBe(401);
    expect((await api.login('bob@example.com')).statusCode).toBe(200);

    expect(await auditActions(app, ada)).toEqual([
      'ada@example.com enable bob@example.com',
      'ada@example.com disable bob@example.com',
    ]);
  });

  it('sends a password reset link to a user, and 404s an unknown one', async () => {
    const { ctx: app, api, ada } = await start();
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    const reset = await call(
      app,
      ada,
      'POST',
      `/api/admin/users/${await userId(app, bob)}/password-reset`,
    );
    expect(reset.json()).toEqual({
      message: 'A password reset link was sent to bob@example.com.',
    });
    expect(api.lastLink('bob@example.com').pathname).toBe('/reset-password');
    expect(
      (await call(app, ada, 'POST', '/api/admin/users/nobody/password-reset')).statusCode,
    ).toBe(404);
    expect(await auditActions(app, ada)).toEqual([
      'ada@example.com password-reset bob@example.com',
    ]);
  });

  it('refuses the verification link of an account disabled before it was verified', async () => {
    const { ctx: app, api, ada } = await start();
    expect((await signUp(app, 'bob@example.com')).statusCode).toBe(201);
    const { users } = (await call(app, ada, 'GET', '/api/admin/users')).json<{
      users: { id: string; email: string; verified: boolean }[];
    }>();
    const bob = users.find((user) => user.email === 'bob@example.com');
    expect(bob?.verified).toBe(false);
    expect((await call(app, ada, 'POST', `/api/admin/users/${bob?.id}/disable`)).statusCode).toBe(
      200,
    );
    const verify = await api.post(
      '/api/account/verify-email',
      api.linkBody(api.lastLink('bob@example.com')),
    );
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toMatchObject({ error: { code: 'ACCOUNT_DISABLED' } });
    expect(api.sessionCookie(verify)).toBeUndefined();
  });
});
