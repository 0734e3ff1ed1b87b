import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /** The user's name or picture changed: what others see of them. */
    'profile.changed': { userId: string };
  }
}

export function profileSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
  });
}
