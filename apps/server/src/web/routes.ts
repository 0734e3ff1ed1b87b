import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { SessionState } from '@daywise/shared/schemas';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { isAdmin } from '../auth/admins';
import { signedInUser } from '../auth/signed-in-user';
import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import { withinPerUserLimit } from '../lib/rate-limit';
import { savedTimezone } from '../settings/settings';

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

/**
 * The file of a page: its own, or the shell of a path with a `[name]` segment standing for any one
 * segment (`shells/dashboard/lists/[id].html` for every list's page), or undefined.
 */
function pageFileOf(pages: Map<string, string>, pathname: string): string | undefined {
  const exact = pages.get(pathname);
  if (exact !== undefined) {
    return exact;
  }
  const segments = pathname.split('/');
  for (const [pattern, file] of pages) {
    const parts = pattern.split('/');
    if (
      pattern.includes('[') &&
      parts.length === segments.length &&
      parts.every(
        (part, index) =>
          part === segments[index] || (/^\[\w+\]$/.test(part) && (segments[index] ?? '') !== ''),
      )
    ) {
      return file;
    }
  }
  return undefined;
}

/** What the web build's page renderer offers (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderSignedInPage: (
    shell: string,
    url: string,
    session: SessionState,
    readApi: (path: string) => Promise<Response>,
  ) => Promise<string>;
}

/**
 * The API read as the user a page request comes from, for the renderer drawing their page: the
 * same route, checks and answer as the browser's own read would get, without leaving the process.
 */
function readApiAs(app: AppInstance, request: FastifyRequest) {
  return async (path: string): Promise<Response> => {
    if (!path.startsWith('/api/')) {
      throw new Error(`A page drawn on the server reads only the API, not ${path}`);
    }
    const answer = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress: request.ip,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
    });
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The web build's page renderer, which it leaves beside its dist (apps/web/dist-ssr), loaded on
 * the first signed-in page asked for; null when the build has none or it cannot load, and then the
 * signed-in pages are sent as their shells.
 */
function pageRendererOf(app: AppInstance, webDistDir: string): () => Promise<PageRenderer | null> {
  const file = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  let loading: Promise<PageRenderer | null> | undefined;
  return () => {
    loading ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<PageRenderer>).catch((error: unknown) => {
          app.log.error({ err: error, file }, 'the page renderer did not load');
          return null;
        })
      : Promise.resolve(null);
    return loading;
  };
}

/** Quick enough per page (about a millisecond for a 30 kB page) and close to the best size. */
const BROTLI_QUALITY = 5;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page drawn for its user: compressed as the browser accepts, never kept by a shared cache. */
async function sendUsersPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie, Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('Content-Encoding', 'br')
      .send(
        await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
      );
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'gzip').send(await gzip(html));
  }
  return reply.send(html);
}

/**
 * How many pages one user may have drawn per minute, across instances (the rate limits' store).
 * Drawing costs about 18 ms of CPU, forty times an API read (ADR 0018, Server-drawn pages): past
 * this, a client asking for pages in a loop gets the shell, which costs what a visitor's does, and
 * the page reads what it needs itself.
 */
export const DRAWN_PAGES_PER_MINUTE = 30;

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
export async function webRoutes(app: AppInstance, webDistDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(webDistDir, 'index.html'));
  const prerendered = findPrerenderedPages(webDistDir);
  // A build draws a shell for every signed-in page; one without any (a bare index.html) cannot say
  // which dashboard paths exist.
  const knowsDashboardPages = [...prerendered.values()].some((file) => file.startsWith('shells/'));
  const pageRenderer = pageRendererOf(app, webDistDir);
  const mayDraw = withinPerUserLimit(app, 'drawn-pages', {
    max: DRAWN_PAGES_PER_MINUTE,
    windowMs: 60_000,
  });
  // The shells do not change while the server runs: each is read once, not on every page.
  const shells = new Map<string, Promise<string>>();
  const shellText = (file: string) => {
    let text = shells.get(file);
    if (!text) {
      text = fs.promises.readFile(path.join(webDistDir, file), 'utf8');
      shells.set(file, text);
    }
    return text;
  };

  /**
   * A signed-in page drawn by the server for the user whose session the request carries (ADR 0018,
   * Server-drawn pages and Drawn state): they see their page at once, their data on it, and the
   * code hydrates it. Null without a session, settings or a renderer, past the user's drawing
   * budget, or when drawing fails (the database away, say): the shell is sent then, and the page
   * reads the session itself, with its own error and Try Again.
   */
  async function drawnForUser(request: FastifyRequest, shellFile: string) {
    if (!request.headers.cookie) {
      return null;
    }
    try {
      const renderer = await pageRenderer();
      const user = renderer && (await signedInUser(app, request));
      // A user's first signed-in page is the browser's to draw: its settings read makes their
      // settings, starting from the browser's time zone, which the server cannot know.
      if (
        !renderer ||
        !user ||
        (await savedTimezone(app.database.db, user.id)) === undefined ||
        !(await mayDraw(request, user.id))
      ) {
        return null;
      }
      const shell = await shellText(shellFile);
      // The page as its path and query ask for it: a list's filters are in its query.
      // As GET /api/account/session answers it: an admin's page shows the Admin link (ADR 0039).
      const admin = await isAdmin(app.database.db, app.config, user);
      return await renderer.renderSignedInPage(
        shell,
        request.url,
        { user, ...(admin ? { admin } : {}) },
        readApiAs(app, request),
      );
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'the page was not drawn for its user');
      return null;
    }
  }
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
    const pathname = request.url.split('?')[0]?.replace(/(?<!\/)\/+$/, '') || '/';
    const file = pageFileOf(prerendered, pathname) ?? 'index.html';
    const drawn = file.startsWith('shells/') && (await drawnForUser(request, file));
    if (drawn) {
      return sendUsersPage(request, reply, drawn);
    }
    // Every signed-in page has its shell: another path under /dashboard is one the app shows as
    // 'Page not found' in its shell, and the answer says so too (docs/product/dashboard.md).
    if (file === 'index.html' && knowsDashboardPages && pathname.startsWith('/dashboard/')) {
      reply.code(404);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(file);
  });
}
