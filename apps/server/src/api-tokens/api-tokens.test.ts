import { QUOTAS } from '@daywise/shared';
import type { ApiToken, CreatedApiToken } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs, type TestClock } from '../../test/signed-in';
import { API_TOKEN_RATE_LIMIT } from './routes';
import { hashApiToken } from './tokens';

describe.each(ENGINES)('API tokens on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;
  let clock: TestClock;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie, clock } = app));

  const createToken = async (name: string, scope: 'read' | 'read-write', as = cookie) => {
    const response = await sendAs(ctx, as, 'POST', '/api/tokens', { name, scope });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiToken>();
  };
  const listTokens = async (as = cookie) =>
    (await api.get('/api/tokens', as)).json<{ tokens: ApiToken[] }>().tokens;
  /** A request as a script sends it: the token, no cookie, no Origin. */
  const withToken = (
    secret: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${secret}`, ...headers },
    });

  it('creates a token shown once, lists it without the secret, and stores only its hash', async () => {
    const created = await createToken('Daily summary', 'read');
    expect(created.secret).toMatch(/^dw_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toEqual({
      id: expect.any(String) as string,
      name: 'Daily summary',
      scope: 'read',
      createdAt: '2026-11-21T09:00:00.000Z',
      lastUsedAt: null,
    });
    const listed = await api.get('/api/tokens', cookie);
    expect(listed.json()).toEqual({ tokens: [created.token] });
    expect(listed.body).not.toContain(created.secret);

    const rows = await ctx.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashApiToken(created.secret));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(3));
  });

  it('authenticates documented endpoints with the token alone, without Origin or cookie', async () => {
    const { secret } = await createToken('Script', 'read-write');
    const created = await withToken(secret, 'POST', '/api/todos', { title: 'From a script' });
    expect(created.statusCode).toBe(201);
    const listed = await withToken(secret, 'GET', '/api/todos');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { title: string }[] }>().items.map((todo) => todo.title)).toEqual([
      'From a script',
    ]);
    // No Origin check for a token: it is no ambient credential. A cookie from elsewhere still is.
    const foreign = { origin: 'https://elsewhere.example' };
    clock.advance(1000);
    expect(
      (await withToken(secret, 'POST', '/api/todos', { title: 'Also' }, foreign)).statusCode,
    ).toBe(201);
    const cookieFromElsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      payload: { title: 'Forged' },
      headers: { ...foreign, cookie },
    });
    expect(cookieFromElsewhere.statusCode).toBe(403);
    expect(cookieFromElsewhere.json<{ error: { code: string } }>().error.code).toBe(
      'FORBIDDEN_ORIGIN',
    );
    // The browser session sees the same todos: the token acts as its user.
    expect((await api.get('/api/todos', cookie)).json()).toMatchObject({
      items: [{ title: 'Also' }, { title: 'From a script' }],
    });
  });

  it('lets a read token GET but not change anything, with a clear 403', async () => {
    const { secret } = await createToken('Reader', 'read');
    expect((await withToken(secret, 'GET', '/api/todos')).statusCode).toBe(200);
    const refused = await withToken(secret, 'POST', '/api/todos', { title: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'TOKEN_READ_ONLY',
        message: 'This API token can only read. Create a read-write token to make changes.',
      },
    });
    expect((await api.get('/api/todos', cookie)).json()).toMatchObject({ items: [] });
  });

  it('stops a revoked token at once, and a wrong one alike, with 401', async () => {
    const { secret, token } = await createToken('Old', 'read-write');
    expect((await withToken(secret, 'GET', '/api/todos')).statusCode).toBe(200);
    const revoked = await sendAs(ctx, cookie, 'DELETE', `/api/tokens/${token.id}`);
    expect(revoked.statusCode).toBe(204);
    expect(await listTokens()).toEqual([]);

    const after = await withToken(secret, 'GET', '/api/todos');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'This API token is not valid or was revoked.' },
    });
    for (const wrong of ['dw_' + 'A'.repeat(43), 'not-a-token', '']) {
      expect((await withToken(wrong, 'GET', '/api/todos')).statusCode).toBe(401);
    }
    // Revoking again, or revoking what does not exist, is 404.
    expect((await sendAs(ctx, cookie, 'DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(404);
  });

  it('uses only the bearer when a request also carries a cookie', async () => {
    const { secret, token } = await createToken('Both', 'read');
    await sendAs(ctx, cookie, 'DELETE', `/api/tokens/${token.id}`);
    // A valid session cookie does not rescue a revoked token.
    const both = await ctx.app.inject({
      method: 'GET',
      url: '/api/todos',
      headers: { authorization: `Bearer ${secret}`, cookie },
    });
    expect(both.statusCode).toBe(401);
    // Nor does it give a read token the cookie's right to write.
    const reader = await createToken('Reader', 'read');
    const write = await withToken(reader.secret, 'POST', '/api/todos', { title: 'x' }, { cookie });
    expect(write.statusCode).toBe(403);
  });

  it('refuses tokens on cookie-only endpoints, even read-write ones', async () => {
    const { secret } = await createToken('Admin?', 'read-write');
    const refusals = [
      await withToken(secret, 'GET', '/api/tokens'),
      await withToken(secret, 'POST', '/api/tokens', { name: 'Another', scope: 'read-write' }),
      await withToken(secret, 'GET', '/api/account/sessions'),
      await withToken(secret, 'DELETE', '/api/account'),
      await withToken(secret, 'PATCH', '/api/settings', {
        group: 'privacy',
        key: 'profileVisibility',
        value: 'public',
      }),
      await withToken(secret, 'GET', '/api/calendar-feed'),
      await withToken(secret, 'POST', '/api/calendar-feed/rotate'),
      await withToken(secret, 'GET', '/api/calendar-feed/filters/any-filter'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('COOKIE_ONLY');
    }
    // Nothing changed: one token, the account still there, the setting as it was.
    expect(await listTokens()).toHaveLength(1);
    expect((await api.get('/api/settings', cookie)).json()).toMatchObject({
      privacy: { profileVisibility: 'private' },
    });
    expect((await api.get('/api/calendar-feed', cookie)).json()).toEqual({
      enabled: false,
      url: null,
    });
    // Settings can still be read with a token.
    expect((await withToken(secret, 'GET', '/api/settings')).statusCode).toBe(200);
  });

  it('cannot choose the time zone of settings it reads first, which only the browser may', async () => {
    const { secret } = await createToken('Script', 'read-write');
    await ctx.database.db.deleteFrom('user_settings').execute();
    const read = await withToken(secret, 'GET', '/api/settings?timezone=Asia%2FTokyo');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ preferences: { timezone: 'UTC' } });
    expect((await api.get('/api/settings?timezone=Europe%2FParis', cookie)).json()).toMatchObject({
      preferences: { timezone: 'UTC' },
    });
  });

  it('records the last use at most once a minute', async () => {
    const { secret, token } = await createToken('Cron', 'read');
    await withToken(secret, 'GET', '/api/todos');
    expect((await listTokens())[0]?.lastUsedAt).toBe('2026-11-21T09:00:00.000Z');
    clock.advance(30_000);
    await withToken(secret, 'GET', '/api/todos');
    expect((await listTokens())[0]?.lastUsedAt).toBe('2026-11-21T09:00:00.000Z');
    clock.advance(31_000);
    await withToken(secret, 'GET', '/api/todos');
    expect(await listTokens()).toEqual([{ ...token, lastUsedAt: '2026-11-21T09:01:01.000Z' }]);
  });

  it('rate limits each token on its own', async () => {
    const first = await createToken('Busy', 'read');
    const second = await createToken('Quiet', 'read');
    const statuses = await Promise.all(
      Array.from(
        { length: API_TOKEN_RATE_LIMIT.max },
        async () => (await withToken(first.secret, 'GET', '/api/todos/stats')).statusCode,
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await withToken(first.secret, 'GET', '/api/todos/stats');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    expect((await withToken(second.secret, 'GET', '/api/todos/stats')).statusCode).toBe(200);
    // The browser session is not limited by the token's use.
    expect((await api.get('/api/todos/stats', cookie)).statusCode).toBe(200);
  });

  it('keeps tokens to their user and to the quota, and validates names and scopes', async () => {
    const bob = await api.signUpAndVerify('bob@example.com');
    const bobs = await createToken('Bob script', 'read-write', bob);
    const adas = await createToken('Ada script', 'read-write');
    expect((await listTokens()).map((t) => t.name)).toEqual(['Ada script']);
    expect((await sendAs(ctx, cookie, 'DELETE', `/api/tokens/${bobs.token.id}`)).statusCode).toBe(
      404,
    );
    await withToken(bobs.secret, 'POST', '/api/todos', { title: "Bob's" });
    expect((await withToken(adas.secret, 'GET', '/api/todos')).json()).toMatchObject({
      items: [],
    });

    for (const bad of [
      { name: '   ', scope: 'read' },
      { name: 'x'.repeat(61), scope: 'read' },
      { name: 'Admin', scope: 'admin' },
      { name: 'No scope' },
    ]) {
      expect((await sendAs(ctx, cookie, 'POST', '/api/tokens', bad)).statusCode).toBe(400);
    }
    for (let count = 1; count < QUOTAS.apiTokens; count += 1) {
      await createToken(`Token ${count}`, 'read');
    }
    const over = await sendAs(ctx, cookie, 'POST', '/api/tokens', {
      name: 'One more',
      scope: 'read',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json<{ error: { code: string } }>().error.code).toBe('QUOTA_EXCEEDED');
    expect(await listTokens()).toHaveLength(QUOTAS.apiTokens);
  });

  it("ends a deleted account's tokens", async () => {
    const { secret } = await createToken('Script', 'read');
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account')).statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/todos')).statusCode).toBe(401);
    expect(await ctx.database.db.selectFrom('api_tokens').selectAll().execute()).toEqual([]);
  });

  it('ends the tokens with a password reset, but not with signing out', async () => {
    const { secret } = await createToken('Script', 'read');
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account/sessions')).statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/todos')).statusCode).toBe(200);

    expect(
      (await api.post('/api/account/forgot-password', { email: 'ada@example.com' })).statusCode,
    ).toBe(200);
    const reset = await api.post('/api/account/reset-password', {
      ...api.linkBody(api.lastLink()),
      password: 'Another2028',
    });
    expect(reset.statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/todos')).statusCode).toBe(401);
    expect(await ctx.database.db.selectFrom('api_tokens').selectAll().execute()).toEqual([]);
  });

  it('runs the reference’s token example as it says: pending todos only', async () => {
    const { secret } = await createToken('Example', 'read');
    const pending = await sendAs(ctx, cookie, 'POST', '/api/todos', { title: 'Still to do' });
    const done = await sendAs(ctx, cookie, 'POST', '/api/todos', { title: 'Done already' });
    const doneId = done.json<{ id: string }>().id;
    expect(
      (await sendAs(ctx, cookie, 'PATCH', `/api/todos/${doneId}`, { completed: true })).statusCode,
    ).toBe(200);
    const description = (await api.get('/api/openapi.json')).json<{
      info: { description: string };
    }>().info.description;
    const example = /"https:\/\/daywise\.example(\/api\/[^"]+)"/.exec(description)?.[1];
    expect(example).toBeDefined();
    const listed = await withToken(secret, 'GET', example!);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { id: string }[] }>().items.map(({ id }) => id)).toEqual([
      pending.json<{ id: string }>().id,
    ]);
  });

  it('describes bearer authentication in the OpenAPI document', async () => {
    const document = (await api.get('/api/openapi.json')).json<{
      info: { description: string };
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.info.description).toContain('Authorization: Bearer $DAYWISE_TOKEN');
    expect(document.paths['/api/todos']?.get?.security).toEqual([
      { session: [] },
      { bearerAuth: [] },
    ]);
    expect(document.paths['/api/tokens']?.post?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/account/sessions']?.get?.security).toEqual([{ session: [] }]);
  });
});
