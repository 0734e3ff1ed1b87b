import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /** A user's daily plans or tags changed. */
    'plan.changed': { userId: string };
    /**
     * A plan's tasks were written (created, edited, ticked, reset, deleted, or the plan deleted);
     * emitted with `within` inside the write's transaction, naming the tasks it removed.
     */
    'plan.written': { userId: string; planId: string; removedTaskIds: string[] };
  }
}

export function planSubscribers(app: AppInstance): void {
  // The user's other tabs and devices re-read their plans.
  app.events.on('plan.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'plans.changed' });
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    // A plan's tasks and completion record go with it.
    await trx.deleteFrom('daily_plans').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_tags').where('user_id', '=', userId).execute();
  });
}
