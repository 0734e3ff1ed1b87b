import { addDays, instantAt, todayIn } from '@daywise/shared';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import {
  type Claim,
  deliverClaimed,
  type DeliveryDeps,
  insertDelivery,
  REMINDER_LATE_LIMIT_MS,
} from './delivery';
import { jobKey, type ReminderQueue, type ReviewJob } from './queue';

/** What the review reminder says, by push and by email (ours, issue 33). */
export const REVIEW_NOTICE = {
  title: 'Time to review your day',
  body: 'See what you did today, and move what is left to tomorrow or another day.',
  url: '/dashboard/review',
} as const;

interface ReviewSettings {
  on: boolean;
  dayEnd: string;
  timezone: string;
}

async function reviewSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<ReviewSettings | undefined> {
  const row = await db
    .selectFrom('user_settings')
    .select(['review_reminders', 'day_end', 'timezone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { on: Boolean(row.review_reminders), dayEnd: row.day_end, timezone: row.timezone };
}

/** The first end of the user's day after `now`: today's, or tomorrow's once today's has passed. */
export function nextDayEnd({ dayEnd, timezone }: ReviewSettings, now: Date): Date {
  const today = todayIn(timezone, now);
  const end = instantAt(today, dayEnd, timezone);
  return end > now ? end : instantAt(addDays(today, 1), dayEnd, timezone);
}

const reviewJob = (userId: string, at: Date): ReviewJob => ({
  userId,
  kind: 'review',
  itemId: userId,
  fireAt: at.toISOString(),
});

/**
 * Gives the user the review reminder's job while Review Reminder is on: at the next end of their
 * day; none when it is off. After a change to the switch, the day's end or the time zone.
 */
export async function syncReviewReminder(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  now: Date,
): Promise<void> {
  const settings = await reviewSettings(trx, userId);
  if (!settings?.on) {
    await queue.cancel(trx, [jobKey('review', userId)]);
    return;
  }
  await queue.schedule(trx, reviewJob(userId, nextDayEnd(settings, now)));
}

/**
 * Decides, in one transaction, whether a due review job delivers: the switch still on, the job's
 * instant still an end of the user's day (their day's end and zone unchanged), and nobody having
 * delivered it (its row in the delivery log, as for reminders). The next day's job is scheduled
 * here. A job more than 15 minutes late is logged as missed.
 */
async function claimReview(deps: DeliveryDeps, job: ReviewJob): Promise<Claim> {
  const now = deps.now();
  const fireAt = new Date(job.fireAt);
  return deps.db.transaction().execute(async (trx) => {
    const settings = await reviewSettings(trx, job.userId);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', job.userId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!settings?.on || !user) {
      return null;
    }
    const dayOfJob = todayIn(settings.timezone, fireAt);
    if (instantAt(dayOfJob, settings.dayEnd, settings.timezone).getTime() !== fireAt.getTime()) {
      return null;
    }
    await deps.queue.schedule(trx, reviewJob(job.userId, nextDayEnd(settings, now)));
    const late = now.getTime() - fireAt.getTime() > REMINDER_LATE_LIMIT_MS;
    const claimed = await insertDelivery(trx, {
      key: `${jobKey('review', job.userId)}@${job.fireAt}`,
      userId: job.userId,
      fireAt: job.fireAt,
      outcome: late ? 'missed' : 'sent',
      now,
    });
    if (!claimed) {
      return null;
    }
    if (late) {
      return 'missed';
    }
    return {
      ...REVIEW_NOTICE,
      ...user,
      userId: job.userId,
      kind: 'review',
      itemId: job.userId,
      fireAt: job.fireAt,
    };
  });
}

/** Runs a due review job: once per user and day's end, on every channel. */
export async function runReviewJob(deps: DeliveryDeps, job: ReviewJob): Promise<void> {
  await deliverClaimed(deps, job, await claimReview(deps, job));
}
