import fs from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/helpers';

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
    ctx = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDir } });
  });
  afterEach(() => ctx.close());

  it('answers a signed-in page with its own shell, and other paths with the plain one', async () => {
    for (const [url, title] of [
      ['/dashboard', 'Dashboard shell'],
      ['/dashboard/?tab=1', 'Dashboard shell'],
      ['/dashboard/todos', 'Todos shell'],
      ['/dashboard/social', 'Shell'],
      ['/', 'Plan your day.'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(title);
    }
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
