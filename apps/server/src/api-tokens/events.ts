import { endsEverySession } from '../auth/events';
import type { AppInstance } from '../lib/app-instance';

export function apiTokenSubscribers(app: AppInstance): void {
  // A deleted account's tokens go with it (a restored account makes new ones).
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  });

  // A password reset ends every session of the account, and its tokens with them: whoever made
  // the reset necessary may have made tokens too. Signing out one session, or all the others,
  // leaves tokens alone (the event names a session then).
  app.events.on('sessions.ended', async (ended) => {
    if (endsEverySession(ended)) {
      await app.database.db.deleteFrom('api_tokens').where('user_id', '=', ended.userId).execute();
    }
  });
}
