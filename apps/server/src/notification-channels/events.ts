import type { AppInstance } from '../lib/app-instance';

export function channelSubscribers(app: AppInstance): void {
  // A deleted account's channels go with it: no reminder of a restored account reaches a
  // receiver it did not add again.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('notification_channels').where('user_id', '=', userId).execute();
  });
}
