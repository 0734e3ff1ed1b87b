import {
  eventWebhookCreateSchema,
  eventWebhookListSchema,
  savedEventWebhookSchema,
  webhookAttemptListSchema,
  webhookTestSchema,
} from '../schemas/event-webhooks';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Event webhooks';

/**
 * /api/event-webhooks: the user's own events sent to their URLs (issue 35, ADR 0040).
 * Cookie-only, as notification channels: a webhook carries the account's data to an address and
 * holds a secret, which is not a script's to add or read.
 */
export const eventWebhooksApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/event-webhooks',
    summary: 'The event webhooks, oldest first',
    tag,
    access: 'user',
    cookieOnly: true,
    response: eventWebhookListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/event-webhooks',
    summary: 'Add a webhook for chosen events; its signing secret is answered once',
    tag,
    access: 'user',
    cookieOnly: true,
    body: eventWebhookCreateSchema,
    status: 201,
    response: savedEventWebhookSchema,
    errors: ['QUOTA_EXCEEDED', 'OUTBOUND_REFUSED'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/event-webhooks/:id',
    summary: 'Remove a webhook: no event is sent to it any more, pending ones included',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/event-webhooks/:id/test',
    summary: 'Send a signed test event now and answer what the receiver said',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    response: webhookTestSchema,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  attempts: endpoint({
    method: 'GET',
    path: '/api/event-webhooks/:id/attempts',
    summary: "The webhook's last delivery attempts, newest first",
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    response: webhookAttemptListSchema,
    errors: ['NOT_FOUND'],
  }),
};
