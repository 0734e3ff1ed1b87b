import { endsEverySession } from '../auth/events';
import type { AppInstance } from '../lib/app-instance';
import { disableFeed } from './feeds';

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

  // A password reset turns the feed off as it ends the sessions and tokens: whoever made the
  // reset necessary may have the feed's address (ADR 0022). Turning it on again gives a new one.
  app.events.on('sessions.ended', async (ended) => {
    if (endsEverySession(ended)) {
      await disableFeed(app.database.db, ended.userId, app.now());
    }
  });
}
