import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { reminderEmail } from '../mail/templates';
import type { ReminderChannel } from './channels';
import { reminderSettings } from './schedule';
import { unsubscribeToken } from './unsubscribe';

/**
 * Reminders by email, while the user's Email Notifications setting is on: one message per
 * reminder, with a button to the item's page and a one-click way to turn these emails off, in the
 * message (a page that reads the token from the fragment, ADR 0013) and in its List-Unsubscribe
 * headers (RFC 8058: the mail client posts to the API, the token in the address's query).
 */
export function emailChannel(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  secret: string;
}): ReminderChannel {
  const { db, mailer, appUrl, secret } = options;
  return {
    name: 'email',
    reaches: async (trx, userId) => (await reminderSettings(trx, userId)).email,
    async deliver(reminder) {
      const settings = await reminderSettings(db, reminder.userId);
      if (!settings.email) {
        return;
      }
      const token = unsubscribeToken(secret, reminder.userId);
      const oneClick = new URL('/api/notifications/unsubscribe', appUrl);
      oneClick.searchParams.set('token', token);
      const content = reminderEmail({
        title: reminder.title,
        body: reminder.body,
        itemUrl: new URL(reminder.url, appUrl).toString(),
        unsubscribeUrl: `${new URL('/unsubscribe', appUrl).toString()}#${token}`,
      });
      await mailer.send(reminder.email, {
        ...content,
        headers: {
          'List-Unsubscribe': `<${oneClick.toString()}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    },
  };
}
