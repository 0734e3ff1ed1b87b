import { z } from 'zod';

import type { AppInstance } from '../app';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}
