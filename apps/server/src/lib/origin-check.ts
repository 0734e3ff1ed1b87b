import type { FastifyInstance, FastifyRequest } from 'fastify';

import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * Unsafe methods must come from our own pages (DESIGN §7). A browser always sends Origin on a
 * cross-site POST, PUT, PATCH or DELETE, so a request whose Origin (or, failing that, Referer) is
 * neither APP_URL nor the host it was sent to is refused. A request with neither header is not a
 * browser's cross-site request (curl, server-to-server) and carries no ambient cookie risk it did
 * not choose, so it passes (ADR 0004).
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) {
      return;
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === undefined || origin === allowed) {
      return;
    }
    const sameHost = origin !== 'invalid' && new URL(origin).host === request.headers.host;
    if (!sameHost) {
      throw new ApiError('FORBIDDEN_ORIGIN');
    }
  });
}
