import type { AppInstance } from '../lib/app-instance';
import { jobKey } from '../reminders/queue';
import { runFocusJob } from './delivery';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * After the commit: the user's focus timer started, moved to another phase, paused, resumed
     * or stopped. It goes on to their tabs and devices as the realtime event of the same name.
     */
    'focus.changed': { userId: string };
  }
}

/** The focus timer's phase-end jobs, its realtime event, and what an account's deletion takes. */
export function focusSubscribers(app: AppInstance): void {
  app.reminders.onFocusJob((job) => runFocusJob(app, job));
  app.events.on('focus.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'focus.changed' });
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await app.reminders.queue.cancel(trx, [jobKey('focus', userId)]);
    await trx.deleteFrom('focus_timers').where('user_id', '=', userId).execute();
    await trx.deleteFrom('focus_sessions').where('user_id', '=', userId).execute();
  });
}
