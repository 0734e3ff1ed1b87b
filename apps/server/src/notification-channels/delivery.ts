import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { Outbound } from '../lib/outbound';
import type { ReminderChannel } from '../reminders/channels';
import { recordStatus, userChannels } from './channels';
import { sendToChannel } from './send';

export interface ChannelLogger {
  warn: (details: object, message: string) => void;
}

/**
 * Reminders to the user's own channels (ntfy, Gotify, webhooks; ADR 0037), all at once: one that
 * fails is logged (its id, kind and what happened; never its address's secrets or token) and
 * the others still deliver. Each channel's outcome is kept for Settings.
 */
export function userChannelsChannel(deps: {
  db: Kysely<Database>;
  outbound: Outbound;
  appUrl: string;
  logger: ChannelLogger;
  now: () => Date;
}): ReminderChannel {
  return {
    name: 'notification-channels',
    reaches: async (db, userId) =>
      (await db
        .selectFrom('notification_channels')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined,
    async deliver(reminder) {
      const channels = await userChannels(deps.db, reminder.userId);
      const message = {
        event: 'reminder' as const,
        title: reminder.title,
        body: reminder.body,
        link: new URL(reminder.url, deps.appUrl).toString(),
        due: reminder.fireAt,
        item: { kind: reminder.kind, id: reminder.itemId },
      };
      return Promise.all(
        channels.map(async (channel) => {
          const status = await sendToChannel(deps.outbound, channel, message, deps.now());
          if (!status.ok) {
            deps.logger.warn(
              { channelId: channel.id, kind: channel.kind, status: status.status },
              `a reminder to a notification channel failed: ${status.message}`,
            );
          }
          await recordStatus(deps.db, channel.id, status);
          return status;
        }),
      );
    },
  };
}
