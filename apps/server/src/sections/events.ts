import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * After the commit: the user's sections changed (created, renamed, moved, deleted, or gone
     * with their list). It goes on to the user's tabs and devices as the realtime event of the
     * same name.
     */
    'sections.changed': { userId: string };
  }
}

/** What follows a section change, and what an account's deletion takes of sections. */
export function sectionSubscribers(app: AppInstance): void {
  app.events.on('sections.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'sections.changed' });
  });
  // After todoSubscribers and before listSubscribers (SUBSCRIBERS in app.ts): the user's todos
  // are gone by then, and their lists go after their sections.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('sections').where('user_id', '=', userId).execute();
  });
}
