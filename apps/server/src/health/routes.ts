import { type Health, healthApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import { probe } from './probe';

export { HEALTH_CHECK_TIMEOUT_MS } from './probe';

/**
 * GET /api/health, answered within about a second: 503 when the database does not answer (this
 * instance can serve nothing); 200 'degraded' when only Redis does not (rate limits count per
 * instance and realtime reaches only this instance's sockets, but the API works; a load balancer
 * taking every instance out over a shared Redis would turn that into a full outage).
 */
export function healthRoutes(app: AppInstance): void {
  route(app, healthApi.check, async ({ request, reply }) => {
    const { redis } = app;
    const [database, redisStatus] = await Promise.all([
      probe(
        () => app.database.check(),
        (error) => request.log.warn({ err: error }, 'health check: database unavailable'),
      ),
      redis
        ? probe(
            () => redis.ping(),
            (error) => request.log.warn({ err: error }, 'health check: Redis unreachable'),
          )
        : undefined,
    ]);
    const status: Health['status'] =
      database === 'unreachable'
        ? 'unavailable'
        : redisStatus === 'unreachable'
          ? 'degraded'
          : 'ok';
    reply.status(status === 'unavailable' ? 503 : 200);
    return { status, database, ...(redisStatus ? { redis: redisStatus } : {}) };
  });
}
