import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import type { AppInstance } from '../app';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

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
        description:
          'The JSON API behind the Daywise web app. Every error answer is ' +
          '`{ "error": { "code", "message", "fields"? } }`; each operation lists its codes by status.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'daywise.session_token',
            description: 'The session cookie set by POST /api/account/login.',
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
        !document.url.startsWith(API_DOCS_PATH);
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
