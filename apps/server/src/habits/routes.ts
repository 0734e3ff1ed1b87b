import { daysOffApi } from '@daywise/shared/api';
import type { Kysely } from 'kysely';

import type { AppInstance } from '../app';
import type { Database } from '../db/schema';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { settleHabit } from '../todos/repeating';
import { createDayOff, daysOffOf, listDaysOff, removeDayOff } from './days-off';

/**
 * Counts the habit of each of the user's repeating todos again: days off changed, and an
 * occurrence on a day off neither breaks nor extends a streak.
 */
export async function resettleHabits(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
): Promise<void> {
  const [rows, daysOff] = await Promise.all([
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('repeat_rule', 'is not', null)
      .execute(),
    daysOffOf(db, userId),
  ]);
  for (const row of rows) {
    const columns = await settleHabit(db, row, today, zone, daysOff);
    await db
      .updateTable('todos')
      .set(columns)
      .where('id', '=', row.id)
      .where('user_id', '=', userId)
      .execute();
  }
}

/** /api/days-off: the session's user's days off; a change counts their habits again. */
export function habitRoutes(app: AppInstance): void {
  route(app, daysOffApi.list, async ({ db, user }) => ({ items: await listDaysOff(db, user.id) }));

  route(app, daysOffApi.create, (context) => {
    const { db, user, body, now, today, timezone, events } = context;
    return idempotentCreate(context, async () => {
      const [day, zone] = [await today(), await timezone()];
      const created = await db.transaction().execute(async (trx) => {
        const dayOff = await createDayOff(trx, user.id, body, now);
        await resettleHabits(trx, user.id, day, zone);
        return dayOff;
      });
      await events.emit({ type: 'todo.changed', userId: user.id });
      return created;
    });
  });

  route(app, daysOffApi.remove, async ({ db, user, params, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    await db.transaction().execute(async (trx) => {
      await removeDayOff(trx, user.id, params.id);
      await resettleHabits(trx, user.id, day, zone);
    });
    await events.emit({ type: 'todo.changed', userId: user.id });
  });
}
