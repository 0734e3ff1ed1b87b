import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { ApiError } from '../lib/errors';

/**
 * The pages apps/web/scripts/prerender.mjs wrote, URL path -> file under the dist: prerendered
 * public pages (pages/<name>.html, pages/index.html for '/'), and the signed-in pages' shells
 * that preload their code (shells/<path>.html, ADR 0018).
 */
function findPrerenderedPages(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const folder of ['pages', 'shells']) {
    const dir = path.join(webDistDir, folder);
    if (!fs.existsSync(dir)) {
      continue;
    }
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.html')) {
        const name = file.slice(0, -'.html'.length).split(path.sep).join('/');
        pages.set(
          name === 'index' ? '/' : `/${name}`,
          `${folder}/${file.split(path.sep).join('/')}`,
        );
      }
    }
  }
  return pages;
}

/** The installed app's icons change with the favicon, rarely; a week old one is fine. */
const ICON_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Hashed assets never change; the app's icons rarely do; everything else (pages, the manifest,
 * the notification worker, the offline page) is checked with the server on each use.
 */
function cacheControl(webDistDir: string, filePath: string): string {
  const under = (folder: string) => filePath.startsWith(path.join(webDistDir, folder) + path.sep);
  if (under('assets')) {
    return 'public, max-age=31536000, immutable';
  }
  if (under('icons')) {
    return `public, max-age=${ICON_MAX_AGE_SECONDS}`;
  }
  return 'no-cache';
}

/**
 * Serves the built single-page app: hashed assets cached for a year, icons for a week, everything
 * else revalidated.
 * Unknown `/api/*` paths answer a JSON 404. A public page gets its prerendered HTML; any other GET
 * gets the empty shell, index.html, and the client router renders it, 'Page not found' included
 *.
 */
export async function webRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(webDistDir, 'index.html'));
  const prerendered = findPrerenderedPages(webDistDir);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('Cache-Control', cacheControl(webDistDir, filePath));
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no built web app found; run `npm run build` to serve the pages');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      throw new ApiError('NOT_FOUND');
    }
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const pathname = request.url.split('?')[0]?.replace(/\/+$/, '') || '/';
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile(prerendered.get(pathname) ?? 'index.html');
  });
}
