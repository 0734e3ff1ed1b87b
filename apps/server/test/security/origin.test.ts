import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../account-client';
import { createTestApp, ENGINES, type TestApp } from '../helpers';
import { httpRequest, listenOnFreePort, sendRaw } from '../raw-http';

const EVIL = 'https://evil.example';
const INVALID_TARGET = {
  error: { code: 'INVALID_REQUEST_TARGET', message: 'The request address is not valid.' },
};
const FORBIDDEN = {
  error: { code: 'FORBIDDEN_ORIGIN', message: 'This request did not come from Daywise.' },
};

describe.each(ENGINES)('cross-site requests with disguised paths (%s)', (engine) => {
  let ctx: TestApp;
  let port: number;
  let cookie: string;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    port = await listenOnFreePort(ctx.app);
  });
  afterEach(() => ctx.close());

  /** What the victim's browser sends when the attacker's page submits a form to `target`. */
  const forged = (target: string, body = '', contentType = 'text/plain') =>
    sendRaw(
      port,
      httpRequest(
        `POST ${target} HTTP/1.1`,
        { host: 'daywise.test', origin: EVIL, cookie, 'content-type': contentType },
        body,
      ),
    );

  const todoCount = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/todos',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: unknown[] }>().items.length;
  };
  const signedIn = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } }))
      .statusCode === 200;

  it('refuses a logout whose path hides /api/ behind percent-encoding', async () => {
    const response = await forged('/%61pi/account/logout');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(INVALID_TARGET);
    expect(await signedIn()).toBe(true);
  });

  it('refuses a text/plain todo posted to an encoded, dotted, or absolute target', async () => {
    const before = await todoCount();
    const body = JSON.stringify({ title: 'Pwned' });
    for (const target of [
      '/%61pi/todos',
      '/%41pi/todos',
      '/api/%74odos',
      '/%2Fapi/todos',
      '/api/./todos',
      '/x/../api/todos',
      '/api/todos/..',
      '/api\\todos',
      '/api%5Ctodos',
      '/api/%zz',
      'http://daywise.test/api/todos',
      '//daywise.test/api/todos',
    ]) {
      const response = await forged(target, body, 'application/json');
      expect({ target, status: response.status }).toEqual({ target, status: 400 });
      expect(JSON.parse(response.body)).toEqual(INVALID_TARGET);
    }
    expect(await todoCount()).toBe(before);
  });

  it('refuses an unsafe request from another site on any path, not only under /api/', async () => {
    for (const target of ['/api/todos', '/api/account/logout', '/', '/dashboard/todos']) {
      const response = await forged(target, JSON.stringify({ title: 'Pwned' }), 'application/json');
      expect({ target, status: response.status }).toEqual({ target, status: 403 });
      expect(JSON.parse(response.body)).toEqual(FORBIDDEN);
    }
    expect(await todoCount()).toBe(0);
    expect(await signedIn()).toBe(true);
  });

  it('still serves canonical paths with encoded characters in the query string', async () => {
    const response = await sendRaw(
      port,
      httpRequest('GET /api/todos?q=%61%20b HTTP/1.1', { host: 'daywise.test', cookie }),
    );
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
  });
});
