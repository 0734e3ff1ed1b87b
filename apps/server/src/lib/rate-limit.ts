import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import { ApiError } from './errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`), never global: only the routes DESIGN §7
 * names carry limits. Counters live in this process, or in Redis when REDIS_URL is set so that
 * every instance counts the same client together.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redis: Redis | undefined,
  keyPrefix: string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: keyPrefix } : {}),
    // A Redis outage must not take the API down with it; the limit resumes when Redis returns.
    skipOnError: true,
    errorResponseBuilder: () => new ApiError('RATE_LIMITED'),
  });
}
