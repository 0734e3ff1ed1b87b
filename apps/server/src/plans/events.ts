import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * A plan's tasks were written (created, edited, ticked, reset, deleted, or the plan deleted):
     * emitted with `within` inside the write's transaction, naming the tasks it removed, for what
     * must change with them (their reminder jobs, reminders/events.ts).
     */
    'plan.written': { userId: string; planId: string; removedTaskIds: string[] };
    /**
     * After the commit, once per write: the user's daily plans or tags changed. It goes on to the
     * user's tabs and devices as the realtime event of the same name.
     */
    'plans.changed': { userId: string };
  }
}

export function planSubscribers(app: AppInstance): void {
  // The user's other tabs and devices re-read their plans.
  app.events.on('plans.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'plans.changed' });
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    // A plan's tasks and completion record go with it.
    await trx.deleteFrom('daily_plans').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_tags').where('user_id', '=', userId).execute();
  });
}
