import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, TEST_APP_URL, type TestApp } from '../test/helpers';

describe('the HTTP edge', () => {
  let ctx: TestApp;

  beforeEach(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterEach(() => ctx.close());

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('sends a Content-Security-Policy and the other security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a JSON body over the limit before storing anything', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
    });
  });

  it('accepts unsafe requests whose Origin is the host they were sent to', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://127.0.0.1:4000', host: '127.0.0.1:4000' },
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unsafe request whose Referer is another site when no Origin is sent', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { referer: 'https://evil.example/page' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('errors that escape a handler', () => {
  it('answer 500 with the generic message and no internals', async () => {
    const ctx = await createTestApp('sqlite');
    // A fresh instance so the route can be added before ready().
    const { buildApp } = await import('./app');
    const app = await buildApp(ctx.config, { database: ctx.database, logger: false });
    app.get('/api/boom', () => {
      throw new Error('password=hunter2 at /srv/secret.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toContain('hunter2');
    await app.close();
    await ctx.close();
  });
});

describe('the request log', () => {
  it('has one line per request, once answered, with no query string and no headers', async () => {
    const ctx = await createTestApp('sqlite');
    const { buildApp } = await import('./app');
    const lines: string[] = [];
    const app = await buildApp(
      { ...ctx.config, logLevel: 'info' },
      { database: ctx.database, logStream: { write: (line: string) => lines.push(line) } },
    );
    await app.inject({
      method: 'GET',
      url: '/api/account/verification-status?userId=emailed-secret',
      headers: { cookie: 'daywise.session_token=cookie-secret' },
    });
    await app.inject({ method: 'GET', url: '/api/nothing-here' });
    await app.close();
    await ctx.close();

    interface Line {
      msg: string;
      req?: { method: string; path: string };
      res?: { statusCode: number };
      responseTime?: number;
    }
    const requestLines = lines
      .map((line) => JSON.parse(line) as Line)
      .filter(({ msg }) => /request/.test(msg))
      .map(({ msg, req, res, responseTime }) => ({
        msg,
        request: `${req?.method} ${req?.path}`,
        status: res?.statusCode,
        timed: typeof responseTime === 'number',
      }));
    expect(requestLines).toEqual([
      {
        msg: 'request completed',
        request: 'GET /api/account/verification-status',
        status: 200,
        timed: true,
      },
      { msg: 'request completed', request: 'GET /api/nothing-here', status: 404, timed: true },
    ]);
    expect(lines.join('\n')).not.toMatch(/emailed-secret|cookie-secret/);
  });
});

describe('serving the web app', () => {
  let ctx: TestApp;

  beforeEach(async () => {
    const webDir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'daywise-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Daywise</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'theme-init.js'), '/* theme */');
    fs.mkdirSync(path.join(webDir, 'pages'));
    fs.writeFileSync(path.join(webDir, 'pages', 'about.html'), '<h1>About Daywise</h1>');
    fs.writeFileSync(path.join(webDir, 'pages', 'index.html'), '<h1>Plan your day.</h1>');
    fs.writeFileSync(
      path.join(webDir, 'assets', 'main-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDir } });
  });
  afterEach(() => ctx.close());

  it('answers any unknown page path with index.html, revalidated', async () => {
    for (const url of ['/no/such/page?x=1', '/dashboard/todos']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Daywise</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a prerendered public page with its own HTML', async () => {
    for (const [url, text] of [
      ['/about', 'About Daywise'],
      ['/about/?ref=nav', 'About Daywise'],
      ['/', 'Plan your day.'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(text);
    }
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const script = await ctx.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(script.headers['cache-control']).toBe('no-cache');
  });
});
