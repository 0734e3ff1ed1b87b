import { z } from 'zod';

import { endpoint } from './endpoint';

const dependencyStatus = z.enum(['ok', 'unreachable']);

/** Whether this instance can serve, and which of its dependencies answer (ADR 0015). */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']),
    database: dependencyStatus,
    /** Only when REDIS_URL is set. */
    redis: dependencyStatus.optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health, for load balancers and monitors. */
export const healthApi = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether this instance can serve: 200 ok or degraded, 503 when the database is down',
    tag: 'Health',
    access: 'public',
    response: healthSchema,
    errors: [],
    alsoAnswers: [
      { status: 503, description: 'The database does not answer', schema: healthSchema },
    ],
  }),
};
