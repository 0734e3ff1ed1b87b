import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildApp } from './app';
import { backupBeforeMigrations } from './backup/before-migrations';
import { startRollingBackups } from './backup/rolling';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isDependencyUnavailable } from './lib/errors';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * After SIGTERM, how long open keep-alive connections are still answered (with 503 and
 * `Connection: close`) before those that stayed idle are closed (ADR 0022).
 */
const DRAIN_WINDOW_MS = 3000;

/** Start-up retries reaching the database after this, doubling up to the cap (ADR 0015). */
const STARTUP_RETRY_FIRST_MS = 250;
const STARTUP_RETRY_MAX_MS = 5000;
/**
 * Migrations may build indexes on large tables, and wait for another instance's migration lock:
 * their queries get this long instead of a request's few seconds.
 */
const MIGRATION_QUERY_TIMEOUT_MS = 15 * 60_000;

/** Start-up gave up for a reason the message explains; no stack trace needed. */
class StartupError extends Error {}

/**
 * Migrates, retrying with exponential backoff while the database cannot be reached (it may be
 * starting alongside us), for up to DATABASE_STARTUP_TIMEOUT_MS. Other errors end start-up at once.
 */
async function migrateWhenReachable(config: Config): Promise<void> {
  const deadline = Date.now() + config.databaseStartupTimeoutMs;
  let delay = STARTUP_RETRY_FIRST_MS;
  for (let attempt = 1; ; attempt += 1) {
    const database: DatabaseHandle = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      queryTimeoutMs: MIGRATION_QUERY_TIMEOUT_MS,
    });
    try {
      const copy = await backupBeforeMigrations(database, config.backupDir);
      if (copy) {
        process.stdout.write(`Copied the database to ${copy} before migrating it\n`);
      }
      await migrateToLatest(database.db);
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!isDependencyUnavailable(error)) {
        throw error;
      }
      if (Date.now() + delay > deadline) {
        throw new StartupError(
          `The database did not answer within ${config.databaseStartupTimeoutMs} ms ` +
            `(DATABASE_STARTUP_TIMEOUT_MS); last error: ${reason}`,
        );
      }
      process.stderr.write(
        `Database unreachable (attempt ${attempt}: ${reason}); retrying in ${delay} ms\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, STARTUP_RETRY_MAX_MS);
    } finally {
      await database.close();
    }
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
// Built layout: apps/server/dist/main.js serves apps/web/dist.
const defaultWebDist = path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, defaultWebDist);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Daywise cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  try {
    await migrateWhenReachable(config);
  } catch (error) {
    if (error instanceof StartupError) {
      process.stderr.write(`Daywise cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database });
  let backups: { stop: () => Promise<void> } | undefined;

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      return;
    }
    closing = true;
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    const drained = app.drain(DRAIN_WINDOW_MS);
    app.log.info({ signal }, 'shutting down: no new connections; answering those open');
    drained
      .then(() => backups?.stop())
      .then(() => app.close())
      .then(
        () => {
          app.log.info('server closed');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const metricsPort = await app.metricsListener?.listen();
  if (metricsPort !== undefined) {
    app.log.info(`Metrics are served at http://${config.host}:${metricsPort}/metrics`);
  }
  await app.reminders.start();
  if (config.backupEveryMs !== undefined) {
    backups = startRollingBackups({
      database,
      dir: config.backupDir,
      everyMs: config.backupEveryMs,
      keep: config.backupKeep,
      log: app.log,
    });
  }
  // The OpenAPI document is built on first use and then kept: build it now, so the first reader
  // of the API reference does not wait for it.
  setImmediate(() => app.swagger());
  app.log.info(
    `Daywise is running at ${config.appUrl} (database: ${database.engine}, email: ${
      config.smtpUrl ? 'SMTP' : `outbox in ${path.join(config.dataDir, 'outbox')}`
    })`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Daywise failed to start: ${String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
