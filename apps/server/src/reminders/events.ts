import type { AppInstance } from '../lib/app-instance';
import { jobKey } from './queue';
import { syncReviewReminder } from './review-reminder';
import { cancelReminders, syncPlan, syncTodo, syncUser, userReminderKeys } from './schedule';

/**
 * Reminder jobs follow every write that changes when an item reminds, inside the write's own
 * transaction (ADR 0019): a todo written, a plan's tasks written, the time zone or Task
 * Reminders changed, an account deleted.
 */
export function reminderSubscribers(app: AppInstance): void {
  const { queue } = app.reminders;
  app.events.onWithin('todo.written', async (trx, { userId, todoId }) => {
    await syncTodo(trx, queue, userId, todoId, app.now());
  });
  app.events.onWithin('plan.written', async (trx, { userId, planId, removedTaskIds }) => {
    await syncPlan(trx, queue, userId, planId, removedTaskIds, app.now());
  });
  app.events.onWithin('settings.changed', async (trx, { userId, key }) => {
    if (key === 'timezone' || key === 'reminders') {
      await syncUser(trx, queue, userId, app.now());
    }
    if (key === 'timezone' || key === 'review' || key === 'dayEnd') {
      await syncReviewReminder(trx, queue, userId, app.now());
    }
  });
  // Runs before the features that delete their items on account deletion (SUBSCRIBERS in
  // app.ts): the keys of the user's jobs are read from those items.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await cancelReminders(trx, queue, [
      ...(await userReminderKeys(trx, userId)),
      jobKey('review', userId),
    ]);
    await trx.deleteFrom('reminder_deliveries').where('user_id', '=', userId).execute();
  });
}
