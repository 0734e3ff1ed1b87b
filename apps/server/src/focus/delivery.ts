import { REMINDER_PAGES } from '@daywise/shared';
import { FOCUS_MESSAGES } from '@daywise/shared/focus-messages';

import type { AppInstance } from '../lib/app-instance';
import type { DueReminder } from '../reminders/channels';
import { REMINDER_LATE_LIMIT_MS } from '../reminders/delivery';
import type { FocusJob } from '../reminders/queue';
import { reminderSettings } from '../reminders/schedule';
import { settledTimer } from './focus';
import { endsAt } from './timer';

/** What a focus push shows under, so a newer one replaces the older (and no reminder). */
export const FOCUS_TAG = 'daywise-focus';

/**
 * A phase of a user's timer came to its end (ADR 0032): the timer is settled (the focus period
 * recorded, the break begun, or the next period left waiting) and, once per phase end, the user
 * gets a push on every channel but email, if Task Reminders is on and it is not more than 15
 * minutes late. A job that finds nothing ended (the timer was paused, skipped or stopped since,
 * or it ran early) only keeps the job in step with the timer.
 */
export async function runFocusJob(app: AppInstance, job: FocusJob): Promise<void> {
  const { db } = app.database;
  const { queue, channels } = app.reminders;
  const now = app.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const settled = await settledTimer(trx, queue, job.userId, now);
    const last = settled.ended.at(-1);
    if (!last || !settled.row || settled.title === undefined) {
      const end = settled.row ? endsAt(settled.row) : null;
      if (end) {
        await queue.schedule(trx, { ...job, fireAt: end.toISOString() });
      }
      return { changed: settled.changed, reminder: null };
    }
    const late = now.getTime() - new Date(last.at).getTime() > REMINDER_LATE_LIMIT_MS;
    const settings = await reminderSettings(trx, job.userId);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', job.userId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (late || !settings.enabled || !user) {
      return { changed: true, reminder: null };
    }
    const claimed = await trx
      .insertInto('reminder_deliveries')
      .values({
        key: `focus:${job.userId}@${last.at}`,
        user_id: job.userId,
        fire_at: last.at,
        outcome: 'sent',
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      return { changed: true, reminder: null };
    }
    const reminder: DueReminder = {
      userId: job.userId,
      email: user.email,
      name: user.name,
      kind: settled.row.item_kind,
      itemId: settled.row.item_id,
      title: FOCUS_MESSAGES.pushTitle,
      body:
        last.phase === 'focus'
          ? FOCUS_MESSAGES.focusDone(settled.title)
          : FOCUS_MESSAGES.breakDone(settled.title),
      url: REMINDER_PAGES[settled.row.item_kind],
      fireAt: last.at,
      tag: FOCUS_TAG,
    };
    return { changed: true, reminder };
  });
  if (outcome.changed) {
    await app.events.emit({ type: 'focus.changed', userId: job.userId });
  }
  if (!outcome.reminder) {
    return;
  }
  // Push, never email: a timer's phase is for the device at hand (ADR 0032).
  for (const channel of channels.filter((each) => each.name !== 'email')) {
    try {
      await channel.deliver(outcome.reminder);
    } catch (error) {
      app.log.error({ err: error, channel: channel.name }, 'focus push failed');
    }
  }
}
