import { channelsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import type { Outbound } from '../lib/outbound';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import {
  createChannel,
  ownChannel,
  presentChannel,
  recordStatus,
  removeChannel,
  updateChannel,
  type UrlCheck,
  userChannels,
} from './channels';
import { CHANNEL_TEST_LIMIT, sendToChannel } from './send';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guarded client for addresses users give (lib/outbound.ts), built once with the
     * deployment's OUTBOUND_ALLOW_PRIVATE: `send` makes a request, `check` tells whether an
     * address may be saved.
     */
    outbound: { send: Outbound; check: UrlCheck };
  }
}

/** /api/notification-channels (issue 35, ADR 0037). */
export function channelRoutes(app: AppInstance): void {
  const limitTests = perUserLimit(app, 'channel-test', CHANNEL_TEST_LIMIT);

  route(app, channelsApi.list, async ({ db, user }) => ({
    channels: (await userChannels(db, user.id)).map(presentChannel),
  }));

  route(app, channelsApi.create, ({ db, user, body, now }) =>
    createChannel(db, app.outbound.check, user.id, body, now),
  );

  route(app, channelsApi.update, ({ db, user, params, body }) =>
    updateChannel(db, app.outbound.check, user.id, params.id, body),
  );

  route(app, channelsApi.remove, ({ db, user, params }) => removeChannel(db, user.id, params.id));

  route(app, channelsApi.test, async ({ db, user, params, request }) => {
    const channel = await ownChannel(db, user.id, params.id);
    await limitTests(request, user.id);
    const status = await sendToChannel(
      app.outbound.send,
      channel,
      {
        event: 'test',
        title: 'Daywise test notification',
        body: `Reminders will reach you here, on "${channel.name}".`,
        link: new URL('/dashboard/settings', app.config.appUrl).toString(),
        due: null,
        item: null,
      },
      app.now(),
    );
    await recordStatus(db, channel.id, status);
    return status;
  });
}
