import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * After the commit: the user's saved filters changed (created, renamed, recoloured, moved,
     * given another query, deleted). It goes on to the user's tabs and devices as the realtime
     * event of the same name; their counts follow `todos.changed`, `lists.changed`,
     * `sections.changed` and `plans.changed` (tags), which the tabs hear too.
     */
    'filters.changed': { userId: string };
  }
}

/** What follows a saved filter change, and what an account's deletion takes of them. */
export function filterSubscribers(app: AppInstance): void {
  app.events.on('filters.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'filters.changed' });
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('saved_filters').where('user_id', '=', userId).execute();
  });
}
