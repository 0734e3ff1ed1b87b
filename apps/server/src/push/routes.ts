import { pushApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import type { PushChannel } from './send';
import {
  listPushDevices,
  removePushDevice,
  removePushEndpoint,
  savePushSubscription,
} from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends due reminders to the user's devices by web push (push/send.ts). */
    pushChannel: PushChannel;
    /** The public half of the VAPID key pair (push/vapid.ts) browsers subscribe with. */
    vapidPublicKey: string;
  }
}

/** /api/push: a user's push devices, each theirs alone. */
export function pushRoutes(app: AppInstance): void {
  route(app, pushApi.publicKey, () => ({ publicKey: app.vapidPublicKey }));

  route(app, pushApi.subscribe, ({ db, user, sessionId, body, now, request }) =>
    savePushSubscription(db, user.id, sessionId, body, request.headers['user-agent'], now),
  );

  route(app, pushApi.unsubscribe, ({ db, user, body }) =>
    removePushEndpoint(db, user.id, body.endpoint),
  );

  route(app, pushApi.list, ({ db, user }) => listPushDevices(db, user.id));

  route(app, pushApi.remove, ({ db, user, params }) => removePushDevice(db, user.id, params.id));
}
