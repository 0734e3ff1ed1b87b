import { apiTokensApi } from '@daywise/shared/api';
import type { ApiTokenScope } from '@daywise/shared/schemas';
import type { FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import {
  createApiToken,
  listApiTokens,
  revokeApiToken,
  type TokenCaller,
  tokenCaller,
} from './tokens';

/** Requests one token may make (ours): a script's daily summary is a handful; a sync loop is bounded. */
export const API_TOKEN_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Authenticates a token of one of `scopes`: `Authorization: Bearer` requests to the API
     * (lib/route.ts), and the app passwords of /dav/ (dav/auth.ts).
     */
    apiTokens: {
      authenticate: (
        request: FastifyRequest,
        secret: string,
        scopes: readonly ApiTokenScope[],
      ) => Promise<TokenCaller>;
    };
  }
}

/** /api/tokens, and the bearer authentication every other 'user' endpoint accepts. */
export function apiTokenRoutes(app: AppInstance): void {
  // Counted per token (in Redis when configured, so across instances), not per address: one
  // token's script cannot use up another's.
  const limitToken = perUserLimit(app, 'api-token', API_TOKEN_RATE_LIMIT);
  app.decorate('apiTokens', {
    authenticate: async (request, secret, scopes) => {
      const caller = await tokenCaller(app.database.db, secret, app.now(), scopes);
      await limitToken(request, caller.tokenId);
      return caller;
    },
  });

  route(app, apiTokensApi.list, async ({ db, user }) => ({
    tokens: await listApiTokens(db, user.id),
  }));

  route(app, apiTokensApi.create, ({ db, user, body, now }) =>
    createApiToken(db, user.id, body, now),
  );

  route(app, apiTokensApi.revoke, ({ db, user, params }) => revokeApiToken(db, user.id, params.id));
}
