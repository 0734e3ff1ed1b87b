import type { Logger } from 'pino';

import type { DatabaseHandle } from '../db/database';
import type { Metrics } from '../lib/metrics';
import type { ReminderChannel } from './channels';
import { runReminderJob } from './delivery';
import { graphileQueue } from './graphile-queue';
import type { FocusJob, QueueJob, ReminderQueue, WebhookJob } from './queue';
import { runReviewJob } from './review-reminder';
import { sqliteQueue } from './sqlite-queue';

/** The app's reminders: where jobs are kept, and the runner that delivers them. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side reminders: their jobs and the runner that delivers them (reminders/). */
    reminders: Reminders;
  }
}

export interface Reminders {
  queue: ReminderQueue;
  /** Signs the "turn off reminder emails" links (the app's auth secret). */
  secret: string;
  /** The channels reminders go out on (the focus timer's pushes use all but email). */
  channels: readonly ReminderChannel[];
  /** Runs one due job now: what the runner does with each job it takes. */
  runJob: (job: QueueJob) => Promise<void>;
  /** Who runs the focus timer's phase-end jobs (focus/events.ts sets it). */
  onFocusJob: (run: (job: FocusJob) => Promise<void>) => void;
  /** Who runs the event webhooks' jobs (event-webhooks/events.ts sets it). */
  onWebhookJob: (run: (job: WebhookJob) => Promise<void>) => void;
  /**
   * Starts delivering due reminders. main.ts starts it once the server listens; an app built
   * for a test delivers nothing until the test starts it.
   */
  start: () => Promise<void>;
  /** Stops delivering; the app's close calls it. */
  stop: () => Promise<void>;
}

export function createReminders(options: {
  database: DatabaseHandle;
  channels: readonly ReminderChannel[];
  secret: string;
  now: () => Date;
  log: Logger;
  metrics: Metrics;
}): Reminders {
  const { database, channels, secret, now, log, metrics } = options;
  const queue = database.postgres
    ? graphileQueue(database.postgres, log)
    : sqliteQueue(database.db, log);
  const deps = { db: database.db, queue, channels, now, log, metrics };
  let runFocusJob: ((job: FocusJob) => Promise<void>) | undefined;
  let runWebhookJob: ((job: WebhookJob) => Promise<void>) | undefined;
  const runJob = async (job: QueueJob) => {
    if (job.kind === 'focus') {
      await runFocusJob?.(job);
    } else if (job.kind === 'webhook') {
      await runWebhookJob?.(job);
    } else if (job.kind === 'review') {
      await runReviewJob(deps, job);
    } else {
      await runReminderJob(deps, job);
    }
  };
  return {
    queue,
    secret,
    channels,
    runJob,
    onFocusJob: (run) => {
      runFocusJob = run;
    },
    onWebhookJob: (run) => {
      runWebhookJob = run;
    },
    start: () => queue.start(runJob),
    stop: () => queue.stop(),
  };
}
