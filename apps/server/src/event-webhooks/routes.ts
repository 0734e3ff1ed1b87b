import { EVENT_WEBHOOK_DELIVERY } from '@daywise/shared';
import { eventWebhooksApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { newId } from '../lib/ids';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import { CHANNEL_TEST_LIMIT, sendRequest, signedRequest } from '../notification-channels/send';
import { eventBody, recordAttempt } from './delivery';
import {
  createWebhook,
  lastAttempts,
  ownWebhook,
  presentWebhook,
  removeWebhook,
  userWebhooks,
} from './webhooks';

/** /api/event-webhooks (issue 35, ADR 0040). */
export function eventWebhookRoutes(app: AppInstance): void {
  const limitTests = perUserLimit(app, 'event-webhook-test', CHANNEL_TEST_LIMIT);

  route(app, eventWebhooksApi.list, async ({ db, user }) => ({
    webhooks: (await userWebhooks(db, user.id)).map(presentWebhook),
  }));

  route(app, eventWebhooksApi.create, ({ db, user, body, now }) =>
    createWebhook(db, app.outbound.check, user.id, body, now),
  );

  route(app, eventWebhooksApi.remove, ({ db, user, params }) =>
    removeWebhook(db, user.id, params.id),
  );

  route(app, eventWebhooksApi.attempts, async ({ db, user, params }) => {
    const webhook = await ownWebhook(db, user.id, params.id);
    return { attempts: await lastAttempts(db, webhook.id, EVENT_WEBHOOK_DELIVERY.logShown) };
  });

  // Sent at once, not queued: the user waits for what the receiver says. Logged as any try.
  route(app, eventWebhooksApi.test, async ({ db, user, params, request }) => {
    const webhook = await ownWebhook(db, user.id, params.id);
    await limitTests(request, user.id);
    const now = app.now();
    const test = {
      itemId: newId(),
      event: 'test',
      occurredAt: now.toISOString(),
      attempt: 1,
      data: { message: `Events will reach you here, on "${webhook.name}".` },
    };
    const status = await sendRequest(
      app.outbound.send,
      signedRequest(webhook.url, webhook.secret, eventBody(test, now), now),
      now,
    );
    await recordAttempt(db, {
      webhookId: webhook.id,
      deliveryId: test.itemId,
      event: test.event,
      attempt: 1,
      status,
      gaveUp: false,
    });
    return status;
  });
}
