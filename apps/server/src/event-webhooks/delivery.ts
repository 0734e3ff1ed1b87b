import { EVENT_WEBHOOK_DELIVERY } from '@daywise/shared';
import type { ChannelStatus, WebhookEvent } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import type { Outbound } from '../lib/outbound';
import { sendRequest, signedRequest } from '../notification-channels/send';
import type { ReminderQueue, WebhookJob } from '../reminders/queue';
import { eventsOf, type EventWebhookRow } from './webhooks';

/** One of the user's events, as its webhooks are told of it. */
export interface UserEvent {
  userId: string;
  event: WebhookEvent;
  /** What it concerns (docs/webhooks.md, "Event webhooks"). */
  data: Record<string, unknown>;
}

/**
 * Schedules the event's first try to each of the user's webhooks that names it, in the write's
 * transaction (`trx`): the tries exist exactly when the write commits (ADR 0040).
 */
export async function enqueueEvent(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  happened: UserEvent,
  now: Date,
): Promise<void> {
  const webhooks = await trx
    .selectFrom('event_webhooks')
    .select(['id', 'events'])
    .where('user_id', '=', happened.userId)
    .execute();
  for (const webhook of webhooks.filter((row) => eventsOf(row).includes(happened.event))) {
    await queue.schedule(trx, {
      kind: 'webhook',
      userId: happened.userId,
      itemId: newId(),
      fireAt: now.toISOString(),
      webhookId: webhook.id,
      event: happened.event,
      occurredAt: now.toISOString(),
      data: happened.data,
      attempt: 1,
    });
  }
}

/** The JSON body of one try: the same `id` on every try, so a receiver can drop a repeat. */
export function eventBody(
  job: Pick<WebhookJob, 'itemId' | 'event' | 'occurredAt' | 'attempt' | 'data'>,
  now: Date,
): string {
  return JSON.stringify({
    id: job.itemId,
    event: job.event,
    occurredAt: job.occurredAt,
    attempt: job.attempt,
    data: job.data,
    sentAt: now.toISOString(),
  });
}

/** How long after failed try `attempt` the next one is made. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * EVENT_WEBHOOK_DELIVERY.retryFactor ** (attempt - 1);
}

function inWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) {
    return `${Math.max(1, Math.round(ms / 1000))} seconds`;
  }
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
}

/** Keeps a try in the webhook's log, and only its last EVENT_WEBHOOK_DELIVERY.logKept ones. */
export async function recordAttempt(
  db: Kysely<Database>,
  attempt: {
    webhookId: string;
    deliveryId: string;
    event: string;
    attempt: number;
    status: ChannelStatus;
    gaveUp: boolean;
  },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      id: newId(),
      webhook_id: attempt.webhookId,
      delivery_id: attempt.deliveryId,
      event: attempt.event,
      attempt: attempt.attempt,
      ok: attempt.status.ok ? 1 : 0,
      status: attempt.status.status,
      message: attempt.status.message,
      gave_up: attempt.gaveUp ? 1 : 0,
      at: attempt.status.at,
    })
    .execute();
  await db
    .deleteFrom('webhook_attempts')
    .where('webhook_id', '=', attempt.webhookId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('webhook_attempts')
        .select('id')
        .where('webhook_id', '=', attempt.webhookId)
        .orderBy('at', 'desc')
        .orderBy('attempt', 'desc')
        .limit(EVENT_WEBHOOK_DELIVERY.logKept),
    )
    .execute();
}

export interface WebhookDeliveryDeps {
  db: Kysely<Database>;
  queue: ReminderQueue;
  outbound: Outbound;
  now: () => Date;
  /** The wait after a first failed try (EVENT_WEBHOOK_DELIVERY.retryBaseMs; tests shorten it). */
  retryBaseMs: number;
}

/**
 * Makes one try of an event to a webhook: sends it signed through the outbound guard, logs the
 * try, and when it failed schedules the next one with exponential backoff, or says in the log
 * that it was the last. A webhook removed meanwhile is sent nothing. A try is logged and the next
 * scheduled only after the request: a crash in between makes the queue run this job again, so
 * an event arrives at least once.
 */
export async function runWebhookJob(deps: WebhookDeliveryDeps, job: WebhookJob): Promise<void> {
  const webhook: EventWebhookRow | undefined = await deps.db
    .selectFrom('event_webhooks')
    .selectAll()
    .where('id', '=', job.webhookId)
    .where('user_id', '=', job.userId)
    .executeTakeFirst();
  if (!webhook) {
    return;
  }
  const now = deps.now();
  const request = signedRequest(webhook.url, webhook.secret, eventBody(job, now), now);
  const sent = await sendRequest(deps.outbound, request, now);
  const { maxAttempts } = EVENT_WEBHOOK_DELIVERY;
  const last = !sent.ok && job.attempt >= maxAttempts;
  const delay = retryDelayMs(job.attempt, deps.retryBaseMs);
  const message = sent.ok
    ? sent.message
    : last
      ? `${sent.message}. Gave up after ${maxAttempts} tries.`
      : `${sent.message}. Try ${job.attempt} of ${maxAttempts}; the next in ${inWords(delay)}.`;
  await deps.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, {
      webhookId: webhook.id,
      deliveryId: job.itemId,
      event: job.event,
      attempt: job.attempt,
      status: { ...sent, message },
      gaveUp: last,
    });
    if (!sent.ok && !last) {
      await deps.queue.schedule(trx, {
        ...job,
        attempt: job.attempt + 1,
        fireAt: new Date(now.getTime() + delay).toISOString(),
      });
    }
  });
}
