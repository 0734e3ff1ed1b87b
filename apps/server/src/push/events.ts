import type { AppInstance } from '../lib/app-instance';

export function pushSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  });

  // A browser whose session ended (signed out, revoked, a password reset) stops getting the
  // account's reminders: on a shared computer the next person must not see them. Signing in
  // again there subscribes it anew (lib/push.ts in the web app).
  app.events.on('sessions.ended', async ({ userId, sessionId, exceptSessionId }) => {
    let ended = app.database.db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
    if (sessionId !== undefined) {
      ended = ended.where('session_id', '=', sessionId);
    } else if (exceptSessionId !== undefined) {
      ended = ended.where((eb) =>
        eb.or([eb('session_id', 'is', null), eb('session_id', '!=', exceptSessionId)]),
      );
    }
    await ended.execute();
  });
}
