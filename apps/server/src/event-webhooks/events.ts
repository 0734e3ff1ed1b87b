import type { WebhookEvent } from '@daywise/shared/schemas';
import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';
import type { AppInstance } from '../lib/app-instance';
import type { EventBus } from '../lib/events';
import { enqueueEvent, runWebhookJob } from './delivery';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * Something the user did that their event webhooks may be told of (a todo created,
     * completed or deleted; a plan task done): emitted with `within` inside the write's
     * transaction, so that the webhooks' tries are queued with the write or not at all.
     */
    'user.event': { userId: string; event: WebhookEvent; data: Record<string, unknown> };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wait after an event webhook's first failed try (tests shorten it; ADR 0040). */
    eventWebhookRetryBaseMs: number;
  }
}

/** Tells the user's event webhooks, inside the write's transaction, that `event` happened. */
export async function userEvent(
  trx: Transaction<Database>,
  events: EventBus,
  userId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  await events.within(trx, { type: 'user.event', userId, event, data });
}

/** Event webhooks' jobs, the queueing of each event, and what an account's deletion takes. */
export function eventWebhookSubscribers(app: AppInstance): void {
  const { queue } = app.reminders;
  app.reminders.onWebhookJob((job) =>
    runWebhookJob(
      {
        db: app.database.db,
        queue,
        outbound: app.outbound.send,
        now: app.now,
        retryBaseMs: app.eventWebhookRetryBaseMs,
      },
      job,
    ),
  );
  app.events.onWithin('user.event', async (trx, happened) => {
    await enqueueEvent(trx, queue, happened, app.now());
  });
  // A deleted account's webhooks go with it, and the tries still pending find nothing to send.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    const webhooks = await trx
      .selectFrom('event_webhooks')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    if (webhooks.length > 0) {
      await trx
        .deleteFrom('webhook_attempts')
        .where(
          'webhook_id',
          'in',
          webhooks.map((webhook) => webhook.id),
        )
        .execute();
    }
    await trx.deleteFrom('event_webhooks').where('user_id', '=', userId).execute();
  });
}
