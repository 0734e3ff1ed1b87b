import { Logger as WorkerLogger, run, runMigrations, type Runner } from 'graphile-worker';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

import type { Database } from '../db/schema';
import { jobKey, type QueueJob, type ReminderQueue } from './queue';

/** Graphile Worker's name for our one kind of job. */
const TASK = 'reminder';
/** Jobs run at once per instance: delivering is mostly waiting on SMTP or a push service. */
const CONCURRENCY = 2;
/** How often a worker looks for jobs whose run_at has come (new ones are announced at once). */
const POLL_INTERVAL_MS = 1000;
/** A failing job is retried with Graphile Worker's backoff; the 15-minute rule ends it anyway. */
const MAX_ATTEMPTS = 5;
/** The worker's own connections: one listens for new jobs, the others fetch and complete them. */
const POOL_SIZE = 4;

/**
 * Where Graphile Worker keeps its tables: `graphile_worker` beside the app's `public` schema, or
 * `<schema>_jobs` when the app lives in a schema of its own (each test file has one), so that
 * every app schema has its own queue.
 */
export function workerSchemaFor(appSchema: string | undefined): string {
  return appSchema && appSchema !== 'public' ? `${appSchema}_jobs` : 'graphile_worker';
}

/** Graphile Worker's messages in the app's log: its info lines are chatter, so debug. */
function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message, meta) => {
    // LogLevel's values are 'error', 'warning', 'info' and 'debug'.
    const name = String(level);
    const method = name === 'error' ? 'error' : name === 'warning' ? 'warn' : 'debug';
    log[method]({ ...meta, component: 'graphile-worker' }, message);
  });
}

/**
 * Reminder jobs on PostgreSQL through Graphile Worker 0.17 (ADR 0019): `add_job` with the item's
 * job key and `remove_job`, called in the write's own transaction; a runner with a small
 * concurrency takes due jobs, each job by one instance only. Its schema is migrated on first
 * use, so an app that never schedules a reminder never creates it.
 */
export function graphileQueue(
  connection: { connectionString: string; schema: string | undefined },
  log: Logger,
): ReminderQueue {
  const schema = workerSchemaFor(connection.schema);
  const logger = workerLogger(log);
  let pool: pg.Pool | undefined;
  let migrated: Promise<void> | undefined;
  let installed = false;
  let runner: Runner | undefined;

  function workerPool(): pg.Pool {
    if (!pool) {
      pool = new pg.Pool({ connectionString: connection.connectionString, max: POOL_SIZE });
      // A connection lost on a database restart, idle or in use, must not crash the process;
      // the worker reconnects by itself.
      const lost = (error: Error) => log.warn({ err: error }, 'reminder worker connection lost');
      pool.on('error', lost);
      pool.on('connect', (client) => client.on('error', lost));
    }
    return pool;
  }

  /** Installs or updates the worker's schema once per process (again after a failure). */
  function migrate(): Promise<void> {
    migrated ??= runMigrations({ pgPool: workerPool(), schema, logger }).then(
      () => {
        installed = true;
      },
      (error: unknown) => {
        migrated = undefined;
        throw error;
      },
    );
    return migrated;
  }

  /** Whether the worker's schema exists: nothing to cancel before it does. */
  async function hasQueue(trx: Kysely<Database>): Promise<boolean> {
    if (!installed) {
      const { rows } = await sql<{ found: string | null }>`
        select to_regclass(${`${schema}._private_jobs`})::text as found
      `.execute(trx);
      installed = Boolean(rows[0]?.found);
    }
    return installed;
  }

  const fn = (name: string) => sql.id(schema, name);

  return {
    async schedule(trx, job) {
      await migrate();
      await sql`
        select ${fn('add_job')}(
          ${TASK},
          ${JSON.stringify(job)}::json,
          run_at => ${job.fireAt}::timestamptz,
          max_attempts => ${MAX_ATTEMPTS},
          job_key => ${jobKey(job.kind, job.itemId)}
        )
      `.execute(trx);
    },
    async cancel(trx, keys) {
      if (keys.length > 0 && (await hasQueue(trx))) {
        await sql`
          select ${fn('remove_job')}(key) from unnest(${keys}::text[]) as key
        `.execute(trx);
      }
    },
    async queued(trx) {
      if (!(await hasQueue(trx))) {
        return 0;
      }
      // A job removed while it ran, or out of attempts, stays in the table until it is cleared.
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from ${fn('_private_jobs')} where attempts < max_attempts
      `.execute(trx);
      return rows[0]?.count ?? 0;
    },
    async start(runJob) {
      await migrate();
      runner = await run({
        pgPool: workerPool(),
        schema,
        logger,
        concurrency: CONCURRENCY,
        pollInterval: POLL_INTERVAL_MS,
        noHandleSignals: true,
        taskList: { [TASK]: (payload) => runJob(payload as QueueJob) },
      });
    },
    async stop() {
      const stopping = runner;
      runner = undefined;
      await stopping?.stop();
      const closing = pool;
      pool = undefined;
      migrated = undefined;
      await closing?.end();
    },
  };
}
