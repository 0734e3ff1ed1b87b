import type { AppInstance } from '../app';

export function profileSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
  });
}
