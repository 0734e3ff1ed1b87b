import type { FastifyInstance, FastifyRequest } from 'fastify';

import { bearerToken } from './bearer';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A path our pages and client never send, but which a router may still map onto one of our
 * routes: a percent-encoded unreserved character or slash (`/%61pi/...` is `/api/...` once
 * decoded), a backslash (plain or encoded), or a dot segment. Checks that read the path can then be fooled, so such
 * request targets are refused outright (ADR 0014).
 */
const NON_CANONICAL_PATH =
  /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)|\\|(?:^|\/)\.{1,2}(?:\/|$)|%(?![0-9a-f]{2})/i;

/** Whether the request target is a plain origin-form path (`/path?query`) in canonical form. */
export function isCanonicalTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) {
    // Absolute-form (`http://host/path`), authority-form, asterisk-form, or a scheme-relative path.
    return false;
  }
  const path = target.split('?', 1)[0] ?? '';
  return !NON_CANONICAL_PATH.test(path);
}

function originOf(value: string | undefined): string | undefined {
  if (!value) {
    return undefined;
  }
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Unsafe methods must come from our own pages (ADR 0004). A browser always sends Origin on a
 * cross-site POST, PUT, PATCH or DELETE, so a request whose Origin (or, failing that, Referer) is
 * neither APP_URL nor the host it was sent to is refused. A request with neither header is not a
 * browser's cross-site request (curl, server-to-server) and carries no ambient cookie risk it did
 * not choose, so it passes. The check covers every path, not only `/api/`: the router decodes
 * paths, so a prefix test on the raw URL could be dodged (ADR 0014).
 *
 * A request with `Authorization: Bearer` skips the Origin check: it is authenticated by that
 * token alone, never by a cookie (lib/route.ts), and a browser cannot send the header cross-site
 * without the page knowing the token, so there is no ambient credential to protect (issue 16).
 * So does a request to /dav/ (`isDavTarget`, ADR 0034).
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request, allowed));
  });
}

/**
 * The CalDAV server's paths (ADR 0034). Its clients send no Origin, and it is authenticated by
 * HTTP Basic with an app password alone, never a cookie. A browser that remembers Basic
 * credentials could send them cross-site only with a simple request: /dav/ refuses POST, and its
 * other methods need a CORS preflight, which it never answers. The target is canonical by then
 * (`isCanonicalTarget`), so a prefix test on the raw target cannot be dodged.
 */
function isDavTarget(target: string): boolean {
  return target === '/dav' || target.startsWith('/dav/') || target.startsWith('/dav?');
}

/** Why a request is refused before routing, or undefined when it may go on. */
function refusal(request: FastifyRequest, allowed: string): ApiError | undefined {
  if (!isCanonicalTarget(request.raw.url ?? '')) {
    return new ApiError('INVALID_REQUEST_TARGET');
  }
  if (
    SAFE_METHODS.has(request.method) ||
    bearerToken(request) !== undefined ||
    isDavTarget(request.raw.url ?? '')
  ) {
    return undefined;
  }
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (origin === undefined || origin === allowed) {
    return undefined;
  }
  const sameHost = origin !== 'invalid' && new URL(origin).host === request.headers.host;
  return sameHost ? undefined : new ApiError('FORBIDDEN_ORIGIN');
}
