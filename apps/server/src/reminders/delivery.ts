import { reminderNotice } from '@daywise/shared';
import { isReminderMoment, reminderOccurrence } from '@daywise/shared/reminder-moments';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { Database, ReminderDeliveryTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { Metrics } from '../lib/metrics';
import type { DueReminder, ReminderChannel } from './channels';
import {
  jobKey,
  type QueueJob,
  type ReminderJob,
  type ReminderKind,
  type ReminderQueue,
} from './queue';
import {
  jobFor,
  loadItem,
  type ReminderItem,
  reminderSettings,
  upcomingReminder,
} from './schedule';

/** A reminder found later than this after its instant (the server was down) is not sent. */
export const REMINDER_LATE_LIMIT_MS = 15 * 60_000;

export interface DeliveryDeps {
  db: Kysely<Database>;
  queue: ReminderQueue;
  channels: readonly ReminderChannel[];
  now: () => Date;
  log: Logger;
  /** Counts reminders sent and missed (ADR 0035). */
  metrics: Pick<Metrics, 'reminderRan'>;
}

/** What claiming a due job decided: deliver this reminder, it was too late, or nothing to do. */
export type Claim = DueReminder | 'missed' | null;

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
 * The row naming one occurrence of an item's reminder in `reminder_deliveries`: whoever inserts
 * it delivers that occurrence, the server's runner or an open tab (`claimInTab`), so a reminder
 * reaches its user once, whatever the number of tabs, windows and devices (ADR 0019, 2026-11-28).
 */
export function deliveryKey(kind: ReminderKind, itemId: string, occurrence: Date): string {
  return `${jobKey(kind, itemId)}@${occurrence.toISOString()}`;
}

async function anyChannelReaches(
  db: Kysely<Database>,
  channels: readonly ReminderChannel[],
  userId: string,
): Promise<boolean> {
  for (const channel of channels) {
    if (!channel.reaches || (await channel.reaches(db, userId))) {
      return true;
    }
  }
  return false;
}

/**
 * Decides, in one transaction, whether a due job delivers: the item must still be there,
 * unfinished, still reminding at the job's moment (its reminders, due date and time and the time
 * zone unchanged for it), and Task Reminders on. The delivery log's row, keyed by item and moment,
 * is inserted first: only the transaction that inserts it goes on, so a retried job or a second
 * instance never delivers twice. A job more than 15 minutes late is logged as missed and delivers
 * nothing. When no channel reaches the user (email off, no push device), the occurrence is left
 * unclaimed for an open tab to show. The item's next reminder (its next moment, or a daily time's
 * next day) gets its job here too, whatever became of this one.
 */
async function claimDelivery(deps: DeliveryDeps, job: ReminderJob): Promise<Claim> {
  const now = deps.now();
  const occurrence = new Date(job.occurrence ?? job.fireAt);
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
      !isReminderMoment(item, settings.timezone, occurrence)
    ) {
      return null;
    }
    const late = now.getTime() - new Date(job.fireAt).getTime() > REMINDER_LATE_LIMIT_MS;
    const next = upcomingReminder(item, settings, now, occurrence);
    if (next) {
      await deps.queue.schedule(trx, jobFor(item, next));
    }
    if (!late && !(await anyChannelReaches(trx, deps.channels, job.userId))) {
      return null;
    }
    const claimed = await insertDelivery(trx, {
      key: deliveryKey(job.kind, job.itemId, occurrence),
      userId: job.userId,
      fireAt: job.fireAt,
      outcome: late ? 'missed' : 'sent',
      now,
    });
    if (!claimed) {
      return null;
    }
    return late ? 'missed' : dueReminder(job, item, user);
  });
}

/** Inserts a delivery row; whether this call inserted it (nobody had delivered it yet). */
export async function insertDelivery(
  db: Kysely<Database>,
  row: {
    key: string;
    userId: string;
    fireAt: string;
    outcome: ReminderDeliveryTable['outcome'];
    now: Date;
  },
): Promise<boolean> {
  const claimed = await db
    .insertInto('reminder_deliveries')
    .values({
      key: row.key,
      user_id: row.userId,
      fire_at: row.fireAt,
      outcome: row.outcome,
      created_at: row.now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How far from now an occurrence a tab claims may be: its own day, in any zone. */
const CLAIM_WINDOW_MS = 24 * 60 * 60_000;

/**
 * An open tab's reminder came due: the tab shows it only if this inserts the occurrence's row,
 * that is if neither the server (push, email) nor another tab or device delivered it. An item
 * that is not the user's is not found.
 */
export async function claimInTab(
  db: Kysely<Database>,
  userId: string,
  claim: { kind: ReminderKind; itemId: string; occurrence: string },
  now: Date,
): Promise<{ show: boolean }> {
  const item = await loadItem(db, claim.kind, claim.itemId);
  if (!item || item.userId !== userId) {
    throw new ApiError('NOT_FOUND');
  }
  // The item's own occurrence at that instant. One more than a day from the server's clock (the
  // device's clock is off) is shown and not recorded: whatever instants a client sends, an item
  // has a row or two in the log, never one per instant.
  const { timezone } = await reminderSettings(db, userId);
  const occurrence = reminderOccurrence(item, timezone, new Date(claim.occurrence));
  if (!occurrence || Math.abs(occurrence.getTime() - now.getTime()) > CLAIM_WINDOW_MS) {
    return { show: true };
  }
  const show = await insertDelivery(db, {
    key: deliveryKey(claim.kind, claim.itemId, occurrence),
    userId,
    fireAt: occurrence.toISOString(),
    outcome: 'shown',
    now,
  });
  return { show };
}

/** Runs one due reminder job: at most one delivery per item and instant, on every channel. */
export async function runReminderJob(deps: DeliveryDeps, job: ReminderJob): Promise<void> {
  await deliverClaimed(deps, job, await claimDelivery(deps, job));
}

/**
 * Delivers what a committed claim decided, counting it: a claimed reminder on every channel, a
 * missed one nowhere.
 */
export async function deliverClaimed(
  deps: DeliveryDeps,
  job: { kind: QueueJob['kind']; itemId: string; fireAt: string },
  claim: Claim,
): Promise<void> {
  if (claim === null || claim === 'missed') {
    if (claim === 'missed') {
      deps.metrics.reminderRan(job.kind, 'missed');
    }
    deps.log.debug({ job: jobKey(job.kind, job.itemId), fireAt: job.fireAt }, 'reminder not sent');
    return;
  }
  deps.metrics.reminderRan(job.kind, 'sent');
  await deliverEverywhere(deps, claim);
}

/** Hands a claimed reminder to every channel; one that fails is logged, the others still go. */
export async function deliverEverywhere(deps: DeliveryDeps, reminder: DueReminder): Promise<void> {
  for (const channel of deps.channels) {
    try {
      await channel.deliver(reminder);
    } catch (error) {
      deps.log.error({ err: error, channel: channel.name }, 'reminder delivery failed');
    }
  }
}
