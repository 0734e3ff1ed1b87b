import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import type { AppInstance } from './app-instance';

/**
 * Operations left out of the reference for now: with them the page draws only its first two
 * groups (ADR 0032, "The API reference"). It is the document's size, not these operations: with
 * the calendar's moves in, leaving out the review's two operations instead draws every group too
 * (ADR 0031, Moving repeating todos). The focus timer's changes and the calendar's moves wait here
 * until the cause is found.
 */
export const leftOutOfReference = (url: string) =>
  url.startsWith('/api/focus/') || /^\/api\/todos\/:id\/move(\/undo)?$/.test(url);

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const API_DESCRIPTION = `The JSON API behind the Daywise web app. Every error answer is \
\`{ "error": { "code", "message", "fields"? } }\`; each operation lists its codes by status.

## Using a token

Scripts and integrations authenticate with a personal API token instead of the session cookie.
Create one in Settings → API tokens, choosing its scope: **read** (GET operations only) or
**read-write**. The token is shown once; Daywise keeps only its hash. Send it in the
\`Authorization\` header:

\`\`\`sh
curl -H "Authorization: Bearer $DAYWISE_TOKEN" "https://daywise.example/api/todos?status=pending"
\`\`\`

A request with a token is authenticated by the token alone (cookies are ignored) and needs no
\`Origin\` header. Operations that list \`bearerAuth\` accept a token; the others (account,
tokens, calendar feed settings, settings changes, push devices) are cookie-only and answer
403 \`COOKIE_ONLY\`. A read token calling anything but GET gets 403 \`TOKEN_READ_ONLY\`; an
unknown or revoked token 401 \`UNAUTHENTICATED\`. Each token may make 120 requests a minute
(429 \`RATE_LIMITED\` beyond). Revoking a token in Settings stops it at once.`;

/**
 * The API described from its contract (docs/ARCHITECTURE.md): OpenAPI 3.1 at
 * `/api/openapi.json`, and a reference page at `/api/docs` served from the app's own files, so the
 * page keeps the app's Content Security Policy. Must be registered before any route.
 */
export async function registerApiReference(app: AppInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Daywise API',
        version: '1',
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'daywise.session_token',
            description: 'The session cookie set by POST /api/account/login.',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token from Settings → API tokens (`dw_…`). Operations that list it ' +
              'accept it; a read token may call GET operations only.',
          },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      // Only the API is described; documentation routes and the web app's pages are not.
      const described =
        document.url.startsWith('/api/') &&
        document.url !== OPENAPI_PATH &&
        !document.url.startsWith(API_DOCS_PATH) &&
        !leftOutOfReference(document.url);
      return described
        ? transformed
        : { ...transformed, schema: { ...transformed.schema, hide: true } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
