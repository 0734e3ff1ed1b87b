import { daysOffApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { resettleHabits } from '../todos/habit-count';
import { createDayOff, listDaysOff, removeDayOff } from './days-off';

/** /api/days-off: the session's user's days off; a change counts their habits again. */
export function habitRoutes(app: AppInstance): void {
  route(app, daysOffApi.list, async ({ db, user }) => ({ items: await listDaysOff(db, user.id) }));

  // The habits are counted again after the change commits, in short transactions of their own
  // (resettleHabits), and the clients hear of it once they are.
  route(app, daysOffApi.create, async (context) => {
    const { db, user, body, now, today, timezone, events } = context;
    const dayOff = await idempotentCreate(context, async (trx) => ({
      result: await createDayOff(trx, user.id, body, now),
      events: [],
    }));
    await resettleHabits(db, user.id, await today(), await timezone(), {
      start: body.startDate,
      end: body.endDate,
    });
    await events.emit({ type: 'todos.changed', userId: user.id });
    return dayOff;
  });

  route(app, daysOffApi.remove, async ({ db, user, params, today, timezone, events }) => {
    const removed = await db.transaction().execute((trx) => removeDayOff(trx, user.id, params.id));
    await resettleHabits(db, user.id, await today(), await timezone(), removed);
    await events.emit({ type: 'todos.changed', userId: user.id });
  });
}
