import { reminderAfterFiring, reminderNotice } from '@daywise/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { Database } from '../db/schema';
import type { DueReminder, ReminderChannel } from './channels';
import { jobKey, type ReminderJob, type ReminderQueue } from './queue';
import { loadItem, type ReminderItem, reminderSettings, ruleOf } from './schedule';

/** A reminder found later than this after its instant (the server was down) is not sent. */
export const REMINDER_LATE_LIMIT_MS = 15 * 60_000;

export interface DeliveryDeps {
  db: Kysely<Database>;
  queue: ReminderQueue;
  channels: readonly ReminderChannel[];
  now: () => Date;
  log: Logger;
}

function dueReminder(
  job: ReminderJob,
  item: ReminderItem,
  user: { email: string; name: string },
): DueReminder {
  return {
    userId: job.userId,
    email: user.email,
    name: user.name,
    kind: item.kind,
    itemId: item.id,
    ...reminderNotice(item.kind, item),
    fireAt: job.fireAt,
  };
}

/**
 * Decides, in one transaction, whether a due job delivers: the item must still be there,
 * unfinished, with the same rule, and Task Reminders on. The delivery log's row, keyed by item
 * and instant, is inserted first: only the transaction that inserts it goes on, so a retried job
 * or a second instance never delivers twice. A job more than 15 minutes late is logged as
 * missed and delivers nothing. A daily reminder without a day gets its next job here too.
 */
async function claimDelivery(deps: DeliveryDeps, job: ReminderJob): Promise<DueReminder | null> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, job.kind, job.itemId);
    const settings = await reminderSettings(trx, job.userId);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', job.userId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (
      !item ||
      !user ||
      item.completed ||
      !settings.enabled ||
      ruleOf(item, settings.timezone) !== job.rule
    ) {
      return null;
    }
    const late = now.getTime() - new Date(job.fireAt).getTime() > REMINDER_LATE_LIMIT_MS;
    const claimed = await trx
      .insertInto('reminder_deliveries')
      .values({
        key: `${jobKey(job.kind, job.itemId)}@${job.fireAt}`,
        user_id: job.userId,
        fire_at: job.fireAt,
        outcome: late ? 'missed' : 'sent',
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      return null;
    }
    const firedAt = new Date(Math.max(now.getTime(), new Date(job.fireAt).getTime()));
    const next = reminderAfterFiring(item, settings.timezone, firedAt);
    if (next) {
      await deps.queue.schedule(trx, { ...job, fireAt: next.toISOString() });
    }
    return late ? null : dueReminder(job, item, user);
  });
}

/** Runs one due reminder job: at most one delivery per item and instant, on every channel. */
export async function runReminderJob(deps: DeliveryDeps, job: ReminderJob): Promise<void> {
  const reminder = await claimDelivery(deps, job);
  if (!reminder) {
    deps.log.debug({ job: jobKey(job.kind, job.itemId), fireAt: job.fireAt }, 'reminder not sent');
    return;
  }
  for (const channel of deps.channels) {
    try {
      await channel.deliver(reminder);
    } catch (error) {
      deps.log.error({ err: error, channel: channel.name }, 'reminder delivery failed');
    }
  }
}
