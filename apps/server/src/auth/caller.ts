import type { Endpoint } from '@daywise/shared/api';
import { API_SCOPES } from '@daywise/shared/schemas';
import type { FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { bearerToken } from '../lib/bearer';
import type { Caller } from '../lib/caller';
import { ApiError } from '../lib/errors';
import { requireSession } from './session';

/**
 * Who calls a 'user' endpoint (lib/route.ts, `app.authenticate`): the API token of an
 * `Authorization: Bearer` header when there is one (cookies are then ignored), else the session
 * cookie; 401 without either. A token is refused on cookie-only endpoints (403 COOKIE_ONLY, on
 * public ones too) and, if it may only read, on anything but GET (403 TOKEN_READ_ONLY).
 */
export async function authenticate(
  app: AppInstance,
  request: FastifyRequest,
  endpoint: Endpoint,
): Promise<Caller | undefined> {
  const token = bearerToken(request);
  if (token !== undefined && endpoint.cookieOnly) {
    throw new ApiError('COOKIE_ONLY');
  }
  if (endpoint.access !== 'user') {
    return undefined;
  }
  if (token !== undefined) {
    const caller = await app.apiTokens.authenticate(request, token, API_SCOPES);
    if (caller.scope === 'read' && endpoint.method !== 'GET') {
      throw new ApiError('TOKEN_READ_ONLY');
    }
    return { user: caller.user, sessionId: `api-token:${caller.tokenId}` };
  }
  const session = await requireSession(app, request);
  return { user: session.user, sessionId: session.session.id };
}
