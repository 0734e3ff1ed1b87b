import type { AppInstance } from '../app';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * A user deleted their account. Emitted inside the deleting transaction (each feature deletes
     * its own data there) and again once it has committed.
     */
    'account.deleted': { userId: string };
  }
}

export function accountSubscribers(app: AppInstance): void {
  // A socket outlives the cookie check made at its upgrade: every one of the user's closes.
  app.events.on('account.deleted', ({ userId }) => {
    app.realtime.endSessions({ userId });
  });
}
