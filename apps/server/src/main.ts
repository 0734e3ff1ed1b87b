import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

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

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
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
