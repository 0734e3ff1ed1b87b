import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { PoolUse } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app counts for Prometheus (lib/metrics.ts, ADR 0035). */
    metrics: Metrics;
  }
}

/** The route label of a request no route matched (the web app's pages, unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Request latency buckets, in seconds: most API answers take a millisecond or two (ADR 0018). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type ReminderOutcome = 'sent' | 'missed';
export type EmailResult = 'sent' | 'failed';
/** A push service took the message, said the device is gone (it is forgotten), or failed. */
export type PushResult = 'sent' | 'gone' | 'failed';

/**
 * What the app counts, as plain functions: features call them where the facts happen and know
 * nothing of Prometheus. `registry` holds this app's metrics and the process's (one registry per
 * app: tests build many apps in one process).
 */
export interface Metrics {
  registry: Registry;
  requestAnswered: (method: string, route: string, status: number, seconds: number) => void;
  socketOpened: () => void;
  socketClosed: () => void;
  /** A due reminder (or review reminder) was delivered, or found too late and not sent. */
  reminderRan: (kind: string, outcome: ReminderOutcome) => void;
  emailSent: (result: EmailResult) => void;
  pushSent: (result: PushResult) => void;
  /** A rate limit refused a request (or, for drawn pages, the server's drawing); `limit` names it. */
  rateLimitRefused: (limit: string) => void;
}

/** What the metrics read when scraped rather than count as it happens. */
export interface MetricSources {
  /** The database's connection pools (none on SQLite). */
  pools: () => readonly PoolUse[];
  /** Reminder jobs waiting in the queue (due or not). */
  queuedReminderJobs: () => Promise<number>;
  /** Where a source that failed is reported. */
  onError: (error: unknown, what: string) => void;
}

let processRegistry: Registry | undefined;

const LINTED_OUT = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * The process's own metrics (prom-client's defaults: event-loop lag, heap, GC, CPU, file
 * descriptors), made once per process: they describe the process, not an app, and each set
 * starts an event-loop monitor and a GC observer that are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    // Gauges named like counters, which promtool's lint refuses; `nodejs_active_handles` and
    // `nodejs_active_resources` say the same by type.
    for (const name of LINTED_OUT) {
      processRegistry.removeSingleMetric(name);
    }
  }
  return processRegistry;
}

export function createMetrics(sources: MetricSources): Metrics {
  const app = new Registry();
  const registers = [app];
  const requests = new Counter({
    name: 'daywise_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'daywise_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const sockets = new Gauge({
    name: 'daywise_realtime_sockets_open',
    help: 'Realtime websockets open on this instance.',
    registers,
  });
  const reminders = new Counter({
    name: 'daywise_reminders_total',
    help: 'Due reminders delivered (sent) or found too late and not sent (missed), by kind.',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const emails = new Counter({
    name: 'daywise_emails_total',
    help: 'Emails handed to SMTP or the outbox (sent) or refused there (failed).',
    labelNames: ['result'] as const,
    registers,
  });
  const pushes = new Counter({
    name: 'daywise_pushes_total',
    help: 'Web pushes by what the push service answered: sent, gone (device forgotten) or failed.',
    labelNames: ['result'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'daywise_rate_limit_refusals_total',
    help: 'Requests a rate limit refused, by limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  // Pools first: metrics are collected together, and the queue's count below takes a connection.
  poolGauges(registers, sources.pools);
  new Gauge({
    name: 'daywise_reminder_jobs_queued',
    help: 'Reminder jobs waiting in the queue, due or not (NaN when the database did not answer).',
    registers,
    async collect() {
      try {
        this.set(await sources.queuedReminderJobs());
      } catch (error) {
        sources.onError(error, 'metrics: could not count the queued reminder jobs');
        this.set(Number.NaN);
      }
    },
  });

  // Series that exist before their first event, so that rates start from zero.
  (['sent', 'failed'] as const).forEach((result) => emails.inc({ result }, 0));
  (['sent', 'gone', 'failed'] as const).forEach((result) => pushes.inc({ result }, 0));
  for (const kind of ['todo', 'task', 'review']) {
    (['sent', 'missed'] as const).forEach((outcome) => reminders.inc({ kind, outcome }, 0));
  }

  return {
    registry: Registry.merge([processMetrics(), app]),
    requestAnswered: (method, route, status, seconds) => {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
    reminderRan: (kind, outcome) => reminders.inc({ kind, outcome }),
    emailSent: (result) => emails.inc({ result }),
    pushSent: (result) => pushes.inc({ result }),
    rateLimitRefused: (limit) => refusals.inc({ limit }),
  };
}

/** The connection pools' use, read when scraped. */
function poolGauges(registers: Registry[], pools: () => readonly PoolUse[]): void {
  const gauge = (name: string, help: string, read: (pool: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const pool of pools()) {
          this.set({ pool: pool.name }, read(pool));
        }
      },
    });
  gauge('daywise_db_pool_connections', 'Open connections of a PostgreSQL pool.', (p) => p.total);
  gauge('daywise_db_pool_connections_idle', 'Idle connections of a pool.', (p) => p.idle);
  gauge('daywise_db_pool_connections_max', 'Connections a pool may open.', (p) => p.max);
  gauge(
    'daywise_db_pool_waiting_clients',
    'Queries waiting for a connection of a pool.',
    (p) => p.waiting,
  );
}
