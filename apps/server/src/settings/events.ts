import type { AppInstance } from '../app';

export function settingsSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute();
  });
}
