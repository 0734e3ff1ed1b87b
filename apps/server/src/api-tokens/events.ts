import type { AppInstance } from '../app';

export function apiTokenSubscribers(app: AppInstance): void {
  // A deleted account's tokens go with it (a restored account makes new ones).
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  });
}
