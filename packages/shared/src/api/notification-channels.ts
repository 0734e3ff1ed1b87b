import {
  channelCreateSchema,
  channelListSchema,
  channelStatusSchema,
  channelUpdateSchema,
  savedChannelSchema,
} from '../schemas/notification-channels';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Notification channels';

/**
 * /api/notification-channels: where reminders go besides email and push (issue 35, ADR 0037).
 * Cookie-only: the channels hold secrets and decide where the account's reminders are sent,
 * which is not a script's to change or read (as push devices and API tokens).
 */
export const channelsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/notification-channels',
    summary: 'The notification channels, oldest first, with their last delivery',
    tag,
    access: 'user',
    cookieOnly: true,
    response: channelListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/notification-channels',
    summary: "Add an ntfy, Gotify or webhook channel; a webhook's signing secret is answered once",
    tag,
    access: 'user',
    cookieOnly: true,
    body: channelCreateSchema,
    status: 201,
    response: savedChannelSchema,
    errors: ['QUOTA_EXCEEDED', 'OUTBOUND_REFUSED'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/notification-channels/:id',
    summary: 'Change a channel: its name, address, topic or token, or a new signing secret',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    body: channelUpdateSchema,
    response: savedChannelSchema,
    errors: ['NOT_FOUND', 'OUTBOUND_REFUSED'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/notification-channels/:id',
    summary: 'Remove a channel: reminders stop going to it',
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
    path: '/api/notification-channels/:id/test',
    summary: 'Send a test notification and answer what the receiver said (or why none did)',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    response: channelStatusSchema,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
};
