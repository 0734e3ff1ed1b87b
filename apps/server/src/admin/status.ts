import type { InstanceStatus } from '@daywise/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';

import serverPackage from '../../package.json' with { type: 'json' };
import { probe } from '../health/probe';
import type { AppInstance } from '../lib/app-instance';

/**
 * The instance as the admin page shows it (ADR 0039): its version and REGISTRATION, whether the
 * database and Redis answer (as the health check probes them), the reminder jobs waiting, and
 * how email goes out and when it last went out or failed.
 */
export async function instanceStatus(
  app: AppInstance,
  log: FastifyBaseLogger,
): Promise<InstanceStatus> {
  const { redis } = app;
  const [database, redisStatus, queued] = await Promise.all([
    probe(
      () => app.database.check(),
      (error) => log.warn({ err: error }, 'admin status: database unavailable'),
    ),
    redis
      ? probe(
          () => redis.ping(),
          (error) => log.warn({ err: error }, 'admin status: Redis unreachable'),
        )
      : ('not-configured' as const),
    app.reminders.queue.queued(app.database.db).catch((error: unknown) => {
      log.warn({ err: error }, 'admin status: reminder queue unavailable');
      return null;
    }),
  ]);
  return {
    version: serverPackage.version,
    registration: app.config.registration,
    database: { engine: app.database.engine, status: database },
    redis: redisStatus,
    queuedReminderJobs: queued,
    email: {
      transport: app.config.smtpUrl ? 'smtp' : 'outbox',
      lastSentAt: app.mailStatus.lastSentAt,
      lastFailedAt: app.mailStatus.lastFailedAt,
    },
  };
}
