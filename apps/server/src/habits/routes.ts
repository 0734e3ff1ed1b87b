import { daysOffApi } from '@daywise/shared/api';

import type { AppInstance } from '../app';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { resettleHabits } from '../todos/repeating';
import { createDayOff, listDaysOff, removeDayOff } from './days-off';

/** /api/days-off: the session's user's days off; a change counts their habits again. */
export function habitRoutes(app: AppInstance): void {
  route(app, daysOffApi.list, async ({ db, user }) => ({ items: await listDaysOff(db, user.id) }));

  route(app, daysOffApi.create, async (context) => {
    const { user, body, now, today, timezone } = context;
    // Read before the write's transaction, which every query inside must use.
    const [day, zone] = [await today(), await timezone()];
    return idempotentCreate(context, async (trx) => {
      const dayOff = await createDayOff(trx, user.id, body, now);
      await resettleHabits(trx, user.id, day, zone, { start: body.startDate, end: body.endDate });
      return { result: dayOff, events: [{ type: 'todo.changed', userId: user.id }] };
    });
  });

  route(app, daysOffApi.remove, async ({ db, user, params, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    await db.transaction().execute(async (trx) => {
      const removed = await removeDayOff(trx, user.id, params.id);
      await resettleHabits(trx, user.id, day, zone, removed);
    });
    await events.emit({ type: 'todo.changed', userId: user.id });
  });
}
