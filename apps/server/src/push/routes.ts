import { pushApi } from '@daywise/shared/api';

import type { AppInstance } from '../app';
import { route } from '../lib/route';
import { createPushChannel, type PushChannel } from './send';
import {
  listPushDevices,
  removePushDevice,
  removePushEndpoint,
  savePushSubscription,
} from './subscriptions';
import { resolveVapidKeys, vapidSubject } from './vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends due reminders to the user's devices by web push (push/send.ts). */
    pushChannel: PushChannel;
  }
}

/**
 * /api/push: a user's push devices, each theirs alone. Makes the VAPID key pair on first start
 * (push/vapid.ts) and gives the app its push channel.
 */
export async function pushRoutes(app: AppInstance): Promise<void> {
  const keys = await resolveVapidKeys(app.database.db, app.config.vapidKeys);
  app.decorate(
    'pushChannel',
    createPushChannel({
      db: app.database.db,
      vapid: { subject: vapidSubject(app.config), ...keys },
      logger: app.log,
      now: app.now,
    }),
  );

  route(app, pushApi.publicKey, () => ({ publicKey: keys.publicKey }));

  route(app, pushApi.subscribe, ({ db, user, sessionId, body, now, request }) =>
    savePushSubscription(db, user.id, sessionId, body, request.headers['user-agent'], now),
  );

  route(app, pushApi.unsubscribe, ({ db, user, body }) =>
    removePushEndpoint(db, user.id, body.endpoint),
  );

  route(app, pushApi.list, ({ db, user }) => listPushDevices(db, user.id));

  route(app, pushApi.remove, ({ db, user, params }) => removePushDevice(db, user.id, params.id));
}
