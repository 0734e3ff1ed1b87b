import type { Kysely } from 'kysely';
import webpush from 'web-push';

import type { Database } from '../db/schema';
import type { Metrics, PushResult } from '../lib/metrics';
import type { Outbound, OutboundResponse } from '../lib/outbound';
import type { DueReminder } from '../reminders/channels';
import { type PushSubscriptionRow, userSubscriptions } from './subscriptions';
import type { VapidDetails } from './vapid';

/** What the service worker receives (apps/web/public/notification-sw.js). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Every reminder shows under one tag, so a newer one replaces the older (profile-and-settings.md). */
export const REMINDER_TAG = 'daywise-reminder';

/** A reminder an hour late is no longer worth showing; the push service may drop it then. */
export const PUSH_TTL_SECONDS = 60 * 60;

export interface PushLogger {
  warn: (details: object, message: string) => void;
}

export interface PushChannelDependencies {
  db: Kysely<Database>;
  vapid: VapidDetails;
  /** The guard every outbound request goes through (lib/outbound.ts). */
  outbound: Outbound;
  logger: PushLogger;
  now: () => Date;
  /** Counts each device's push by its outcome (ADR 0035). */
  metrics: Pick<Metrics, 'pushSent'>;
}

export interface DeliveryResult {
  /** Devices whose push service accepted the reminder. */
  delivered: number;
  /** Subscriptions the push service said are gone (404, 410), now deleted. */
  removed: number;
  /** Devices that could not be reached this time; they are kept. */
  failed: number;
}

export interface PushChannel {
  name: 'push';
  deliver: (reminder: DueReminder) => Promise<DeliveryResult>;
  /** Whether the user keeps a push device (channels.ts). */
  reaches: (db: Kysely<Database>, userId: string) => Promise<boolean>;
}

type Outcome = keyof DeliveryResult;

const COUNTED_AS: Record<Outcome, PushResult> = {
  delivered: 'sent',
  removed: 'gone',
  failed: 'failed',
};

/**
 * Sends encrypted push messages to every device of a reminder's user (RFC 8030, 8291, 8292): the
 * payload is encrypted for each subscription's keys and the request signed with our VAPID key by
 * `web-push`, then posted through the outbound guard, which reaches public addresses only,
 * follows no redirect and gives up after 5 s (ADR 0022). One device failing never stops the
 * others. What a device shows (`lastSuccessAt`, or its removal) follows only from what a public
 * push service answered: an endpoint the guard refuses, a redirect or a timeout is a failure like
 * any other, and the device is kept as it was.
 */
export function createPushChannel(deps: PushChannelDependencies): PushChannel {
  async function sendTo(subscription: PushSubscriptionRow, payload: string): Promise<Outcome> {
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        vapidDetails: deps.vapid,
      },
    );
    const response = await deps.outbound(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (response.status >= 200 && response.status < 300) {
      await deps.db
        .updateTable('push_subscriptions')
        .set({ last_success_at: deps.now().toISOString() })
        .where('id', '=', subscription.id)
        .execute();
      return 'delivered';
    }
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the push service expired it: it will never answer again.
      await deps.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      return 'removed';
    }
    deps.logger.warn(
      {
        subscriptionId: subscription.id,
        status: response.status,
        answer: answerText(response),
      },
      'push service refused a reminder',
    );
    return 'failed';
  }

  return {
    name: 'push',
    reaches: async (db, userId) => (await userSubscriptions(db, userId)).length > 0,
    async deliver(reminder) {
      const payload = JSON.stringify({
        title: reminder.title,
        body: reminder.body,
        url: reminder.url,
        tag: reminder.tag ?? REMINDER_TAG,
      } satisfies PushPayload);
      const subscriptions = await userSubscriptions(deps.db, reminder.userId);
      const outcomes = await Promise.all(
        subscriptions.map((subscription) =>
          sendTo(subscription, payload).catch((error: unknown): Outcome => {
            deps.logger.warn(
              { err: error, subscriptionId: subscription.id },
              'could not send a reminder to a push service',
            );
            return 'failed';
          }),
        ),
      );
      const result: DeliveryResult = { delivered: 0, removed: 0, failed: 0 };
      outcomes.forEach((outcome) => {
        result[outcome] += 1;
        deps.metrics.pushSent(COUNTED_AS[outcome]);
      });
      return result;
    },
  };
}

/** The start of a push service's error answer, for the log (never the endpoint: it is a secret). */
function answerText(response: OutboundResponse): string {
  return response.body.subarray(0, 200).toString('utf8');
}
