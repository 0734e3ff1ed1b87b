import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushEndpointSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
} from '../schemas/push';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Push';

/**
 * /api/push: the devices that receive the signed-in user's reminders by web push. Cookie-only: a
 * device is a browser and its session, which a script has no part in.
 */
export const pushApi = {
  publicKey: endpoint({
    method: 'GET',
    path: '/api/push/public-key',
    summary: 'The VAPID public key to subscribe with',
    tag,
    access: 'user',
    cookieOnly: true,
    response: pushPublicKeySchema,
    errors: [],
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary: "Add this browser's push subscription, or renew it (same endpoint)",
    tag,
    access: 'user',
    cookieOnly: true,
    body: pushSubscriptionInputSchema,
    status: 201,
    response: pushDeviceSchema,
    errors: ['QUOTA_EXCEEDED'],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions/unsubscribe',
    summary: "Remove this browser's push subscription by its endpoint (done if it is gone)",
    tag,
    access: 'user',
    cookieOnly: true,
    body: pushEndpointSchema,
    status: 204,
    response: null,
    errors: [],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/push/subscriptions',
    summary: 'The devices that receive push reminders, newest first',
    tag,
    access: 'user',
    cookieOnly: true,
    response: pushDeviceListSchema,
    errors: [],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    summary: 'Stop push reminders to one device',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
