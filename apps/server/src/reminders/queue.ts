import type { ReminderItemKind } from '@daywise/shared';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

/** A todo or a plan task (REMINDER_PAGES' kinds). */
export type ReminderKind = ReminderItemKind;

/** What a pending reminder carries: enough to reload the item and check it still stands. */
export interface ReminderJob {
  userId: string;
  kind: ReminderKind;
  itemId: string;
  /** The instant it fires, ISO 8601. */
  fireAt: string;
  /**
   * The moment it is for (ADR 0030): `fireAt`, or earlier when it was set within the grace
   * (REMINDER_GRACE_MS). The job stands while this is still one of the item's moments. Jobs
   * written before ADR 0030 lack it (and carry a `rule` no longer read); theirs is `fireAt`.
   */
  occurrence?: string;
}

/**
 * The end-of-day review's reminder of one user (ADR 0033): its item is the user, its instant
 * the end of their day; the next day's follows when it runs (review-reminder.ts).
 */
export interface ReviewJob {
  userId: string;
  kind: 'review';
  itemId: string;
  fireAt: string;
}

/**
 * The end of a focus timer's phase (ADR 0032): one pending job per user, `focus:<userId>`, run by
 * focus/delivery.ts. `itemId` is the user's id; `fireAt` is when the phase ends.
 */
export interface FocusJob {
  userId: string;
  kind: 'focus';
  itemId: string;
  fireAt: string;
}

/**
 * One event sent to one of the user's event webhooks (ADR 0040), run by event-webhooks/delivery.ts.
 * `itemId` is the delivery's id, the same on every try; a failed try schedules the next one under
 * the same key, `attempt` one higher, with the event's body as it was.
 */
export interface WebhookJob {
  userId: string;
  kind: 'webhook';
  itemId: string;
  fireAt: string;
  webhookId: string;
  event: string;
  occurredAt: string;
  data: Record<string, unknown>;
  attempt: number;
}

/** Every job the queue carries: reminders, the review's, the focus timer's phase ends, webhooks. */
export type QueueJob = ReminderJob | ReviewJob | FocusJob | WebhookJob;

/**
 * `todo:<id>` or `task:<id>`: an item has at most one pending job, for its next reminder; the one
 * after is scheduled when it runs (delivery.ts). `review:<userId>`: a user's review reminder;
 * `focus:<userId>`: a user's timer's phase end; `webhook:<deliveryId>`: an event's next try.
 */
export function jobKey(kind: QueueJob['kind'], itemId: string): string {
  return `${kind}:${itemId}`;
}

/**
 * Durable reminder jobs, one interface over two engines (Graphile Worker on PostgreSQL, a polled
 * table on SQLite). `schedule` and `cancel` take the transaction of the write that changed the
 * item, so a job exists exactly when the write committed. `start` runs due jobs through `run`
 * until `stop`; a job whose `run` throws is tried again later.
 */
export interface ReminderQueue {
  /** Adds the item's job, or replaces the one it had, to run at `job.fireAt`. */
  schedule: (trx: Kysely<Database>, job: QueueJob) => Promise<void>;
  /** Removes these items' jobs, if they have any. */
  cancel: (trx: Kysely<Database>, keys: readonly string[]) => Promise<void>;
  /** How many jobs wait in the queue, due or not (the metrics read it, ADR 0035). */
  queued: (db: Kysely<Database>) => Promise<number>;
  start: (run: (job: QueueJob) => Promise<void>) => Promise<void>;
  /** Stops running jobs and lets go of the queue's connections; idempotent. */
  stop: () => Promise<void>;
}
