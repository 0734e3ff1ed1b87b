import { z } from 'zod';

import type { AppInstance } from '../app';

/** A check that gets no answer within this is reported unreachable (ADR 0015). */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;

const dependencyStatus = z.enum(['ok', 'unreachable']);
const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: dependencyStatus,
});

/** Resolves 'ok' when `check` succeeds within the timeout, 'unreachable' otherwise. */
async function probe(
  check: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): Promise<'ok' | 'unreachable'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`)),
      HEALTH_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    onFailure(error);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health, answered within about a second: 200 when the database answers, 503 otherwise. */
export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const database = await probe(
        () => app.database.ping(),
        (error) => request.log.warn({ err: error }, 'health check: database unreachable'),
      );
      return database === 'ok'
        ? { status: 'ok' as const, database }
        : reply.status(503).send({ status: 'unavailable', database });
    },
  );
}
