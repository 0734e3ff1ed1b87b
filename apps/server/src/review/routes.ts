import { reviewApi } from '@daywise/shared/api';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import type { AppInstance } from '../lib/app-instance';
import type { EventBus } from '../lib/events';
import { route } from '../lib/route';
import { readSettings } from '../settings/settings';
import { todoWritten } from '../todos/events';
import { reschedule, type ReviewWrite, undoReschedule } from './reschedule';
import { readReview } from './review';

interface WriteContext {
  db: Kysely<Database>;
  events: EventBus;
  userId: string;
  now: Date;
  today: () => Promise<string>;
  timezone: () => Promise<string>;
}

/**
 * Runs a review write in one transaction, tells the todos' subscribers of every todo it wrote,
 * and after the commit the user's tabs: todos and plans changed.
 */
async function reviewWrite<T>(
  context: WriteContext,
  write: (review: ReviewWrite) => Promise<T>,
): Promise<T> {
  const { db, events, userId, now } = context;
  const [today, zone] = [await context.today(), await context.timezone()];
  const { result, followUps } = await db
    .transaction()
    .execute(async (trx: Transaction<Database>) => {
      const review: ReviewWrite = { trx, userId, now, today, zone, writtenTodoIds: [] };
      const written = await write(review);
      const ids = [...new Set(review.writtenTodoIds)];
      return { result: written, followUps: await todoWritten(trx, events, userId, ids) };
    });
  for (const event of [...followUps, { type: 'plans.changed' as const, userId }]) {
    await events.emit(event);
  }
  return result;
}

/** /api/review: the end-of-day review of the signed-in user's today (ADR 0033). */
export function reviewRoutes(app: AppInstance): void {
  route(app, reviewApi.get, async ({ db, user, now, today, timezone }) => {
    const settings = await readSettings(db, user.id, undefined, now);
    return readReview(db, user.id, await today(), await timezone(), settings.preferences.dayEnd);
  });

  route(app, reviewApi.reschedule, ({ db, events, user, now, today, timezone, body }) =>
    reviewWrite({ db, events, userId: user.id, now, today, timezone }, (write) =>
      reschedule(write, body),
    ),
  );

  route(app, reviewApi.undo, async ({ db, events, user, now, today, timezone, body }) => ({
    restored: await reviewWrite({ db, events, userId: user.id, now, today, timezone }, (write) =>
      undoReschedule(write, body),
    ),
  }));
}
