import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * After the commit: the user's lists changed (created, renamed, moved, archived, deleted).
     * It goes on to the user's tabs and devices as the realtime event of the same name.
     */
    'lists.changed': { userId: string };
  }
}

/** What follows a list change, and what an account's deletion takes of lists. */
export function listSubscribers(app: AppInstance): void {
  app.events.on('lists.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'lists.changed' });
  });
  // After todoSubscribers (SUBSCRIBERS in app.ts): the user's todos are gone by then.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('lists').where('user_id', '=', userId).execute();
  });
}
