import type { AppInstance } from '../app';

export function pushSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  });
}
