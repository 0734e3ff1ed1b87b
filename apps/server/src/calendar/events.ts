import type { AppInstance } from '../app';

export function calendarSubscribers(app: AppInstance): void {
  // A deleted account's feed stops answering. The row stays (turned off) so that its version
  // keeps growing if the account is restored and the feed turned on again: no old address
  // ever works again.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx
      .updateTable('calendar_feeds')
      .set({ enabled: false })
      .where('user_id', '=', userId)
      .execute();
  });
}
