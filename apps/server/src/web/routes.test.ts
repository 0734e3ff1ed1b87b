import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DRAWN_PAGES_PER_MINUTE } from './routes';

describe('the signed-in pages’ shells', () => {
  let ctx: TestApp;

  beforeEach(async () => {
    const webDir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'daywise-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<title>Shell</title>');
    fs.mkdirSync(path.join(webDir, 'pages'));
    fs.writeFileSync(path.join(webDir, 'pages', 'index.html'), '<h1>Plan your day.</h1>');
    fs.mkdirSync(path.join(webDir, 'shells', 'dashboard'), { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'shells', 'dashboard.html'),
      '<title>Dashboard shell</title>',
    );
    fs.writeFileSync(
      path.join(webDir, 'shells', 'dashboard', 'todos.html'),
      '<title>Todos shell</title>',
    );
    // Every list's page has one shell, its id a `[id]` segment (apps/web/scripts/prerender.mjs).
    fs.mkdirSync(path.join(webDir, 'shells', 'dashboard', 'lists'));
    fs.writeFileSync(
      path.join(webDir, 'shells', 'dashboard', 'lists', '[id].html'),
      '<title>List shell</title>',
    );
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDir } });
  });
  afterEach(() => ctx.close());

  it('answers a signed-in page with its own shell, and other paths with the plain one', async () => {
    for (const [url, title] of [
      ['/dashboard', 'Dashboard shell'],
      ['/dashboard/?tab=1', 'Dashboard shell'],
      ['/dashboard/todos', 'Todos shell'],
      ['/dashboard/lists/inbox', 'List shell'],
      ['/dashboard/lists/0b9c2f?status=pending', 'List shell'],
      ['/no/such/page', 'Shell'],
      ['/', 'Plan your day.'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(title);
    }
  });

  it('answers a path under /dashboard without a shell as not found, with the plain shell', async () => {
    for (const url of [
      '/dashboard/xyz',
      '/dashboard/todos/42?tab=1',
      '/dashboard/lists',
      '/dashboard/lists/a/b',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<title>Shell</title>');
    }
  });
});

describe('a signed-in page drawn by the server for its user', () => {
  let ctx: TestApp;
  let cookie: string;
  const DRAWN = 'drawn by the renderer for';

  /** A web build in a folder of its own, whose page renderer answers with what it was given. */
  function webBuild(renderer: string): string {
    const root = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'daywise-web-'));
    const webDir = path.join(root, 'dist');
    fs.mkdirSync(path.join(webDir, 'shells'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<title>Shell</title>');
    fs.writeFileSync(
      path.join(webDir, 'shells', 'dashboard.html'),
      '<title>Dashboard shell</title>',
    );
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), renderer);
    return webDir;
  }

  async function start(renderer: string) {
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webBuild(renderer) } });
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    // The browser's first settings read, which makes the user's settings from its time zone.
    await ctx.app.inject({
      method: 'GET',
      url: '/api/settings?timezone=Europe/Paris',
      headers: { cookie },
    });
  }
  afterEach(() => ctx.close());

  const echoing = `export async function renderSignedInPage(shell, url, session, readApi) {
    const settings = await (await readApi('/api/settings')).json();
    return shell + ' ${DRAWN} ' + url + ' ' + JSON.stringify(session) + ' ' + JSON.stringify(settings);
  }`;

  it('draws the page with the session of its user, kept from shared caches, compressed', async () => {
    await start(echoing);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard?tab=week',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
    const body = zlib.gunzipSync(response.rawPayload).toString();
    expect(body).toContain(`Dashboard shell</title> ${DRAWN} /dashboard?tab=week`);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie },
    });
    expect(body).toContain(JSON.stringify(session.json<{ user: unknown }>()));
    // The renderer reads the API as the user: their own settings.
    expect(body).toContain('"timezone":"Europe/Paris"');
  });

  it('leaves a user’s first signed-in page to the browser, which makes their settings', async () => {
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webBuild(echoing) } });
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    const first = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(first.body).toBe('<title>Dashboard shell</title>');
    // Nothing was made from the server's own time zone.
    expect(await ctx.database.db.selectFrom('user_settings').selectAll().execute()).toEqual([]);
  });

  it('sends the shell past a user’s drawing budget, and draws again the next minute', async () => {
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webBuild(echoing) } });
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    await ctx.app.inject({ method: 'GET', url: '/api/settings?timezone=UTC', headers: { cookie } });
    const page = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } })).body;
    for (let drawn = 0; drawn < DRAWN_PAGES_PER_MINUTE; drawn += 1) {
      expect(await page()).toContain(DRAWN);
    }
    expect(await page()).toBe('<title>Dashboard shell</title>');
    // The count is the rate limits' (lib/rate-limit.ts), which reads the system clock.
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
    try {
      expect(await page()).toContain(DRAWN);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts no drawn page for a user’s first, which the browser draws', async () => {
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webBuild(echoing) } });
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    for (let shell = 0; shell <= DRAWN_PAGES_PER_MINUTE; shell += 1) {
      const first = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
      expect(first.body).toBe('<title>Dashboard shell</title>');
    }
    await ctx.app.inject({ method: 'GET', url: '/api/settings?timezone=UTC', headers: { cookie } });
    const drawn = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(drawn.body).toContain(DRAWN);
  });

  it('lets the renderer read only the API, as the user', async () => {
    await start(`export async function renderSignedInPage(shell, url, session, readApi) {
      const statuses = [];
      for (const path of ['/api/settings', '/api/todos?status=nope']) {
        statuses.push((await readApi(path)).status);
      }
      await readApi('/dashboard/settings').catch((error) => statuses.push(error.message));
      return shell + ' ${DRAWN} ' + statuses.join(' ');
    }`);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie },
    });
    expect(response.body).toBe(
      '<title>Dashboard shell</title> ' +
        `${DRAWN} 200 400 A page drawn on the server reads only the API, not /dashboard/settings`,
    );
  });

  it('sends the shell to a visitor, to a cookie of no session and to an account deleted since', async () => {
    await start(echoing);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(visitor.body).toBe('<title>Dashboard shell</title>');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: 'better-auth.session_token=no.such.session' },
    });
    expect(unknown.body).toBe('<title>Dashboard shell</title>');
    await ctx.database.db.updateTable('users').set({ is_deleted: 1 }).execute();
    const deleted = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(deleted.body).toBe('<title>Dashboard shell</title>');
  });

  it('sends the shell when the renderer fails or does not load', async () => {
    for (const renderer of [
      'export async function renderSignedInPage() { throw new Error("broken"); }',
      'throw new Error("cannot load");',
    ]) {
      await start(renderer);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<title>Dashboard shell</title>');
      await ctx.close();
    }
    ctx = await createTestApp('sqlite');
  });
});

describe('the installable app’s files', () => {
  let ctx: TestApp;

  beforeEach(async () => {
    const webDir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'daywise-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<title>Shell</title>');
    fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Daywise"}');
    fs.writeFileSync(path.join(webDir, 'offline.html'), "<h1>You're offline</h1>");
    fs.writeFileSync(path.join(webDir, 'notification-sw.js'), '// worker');
    fs.mkdirSync(path.join(webDir, 'icons'));
    fs.writeFileSync(path.join(webDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50]));
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDir } });
  });
  afterEach(() => ctx.close());

  it('serves the manifest, worker and offline page revalidated, and icons for a week', async () => {
    for (const [url, type, cache] of [
      ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
      ['/notification-sw.js', 'application/javascript', 'no-cache'],
      ['/offline.html', 'text/html', 'no-cache'],
      ['/icons/icon-192.png', 'image/png', 'public, max-age=604800'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain(type);
      expect(response.headers['cache-control'], url).toBe(cache);
    }
  });
});
