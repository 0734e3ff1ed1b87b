import { plansApi, tagsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import type { DomainEvent } from '../lib/events';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { assertPlannableDay, planOfDay } from './plan-days';
import {
  createPlan,
  deletePlan,
  deleteTask,
  getPlan,
  planOn,
  resetPlan,
  updatePlan,
  updateTask,
} from './plans';
import { createTag, deleteTag, listTags, updateTag } from './tags';

/** Every plan or tag write says so; tags count as plans, as plan tasks show them. */
const changed = (userId: string) => (): DomainEvent[] => [{ type: 'plans.changed', userId }];

/** /api/plans and /api/tags: every query scoped to the session's user. */
export function planRoutes(app: AppInstance): void {
  route(app, plansApi.today, async ({ db, user, today }) => ({
    plan: await planOn(db, user.id, await today()),
  }));

  route(app, plansApi.onDate, async ({ db, user, params, today }) => ({
    plan: await planOfDay(db, user.id, params.date, await today()),
  }));

  route(app, plansApi.create, async (context) => {
    const { user, body, now, today, events } = context;
    const day = await today();
    // Checked inside the idempotent write: a repeat of yesterday's create gets its first answer.
    return idempotentCreate(context, async (trx) => {
      assertPlannableDay(body.planDate ?? day, day);
      const created = await createPlan(trx, user.id, body, now, day, events);
      return { ...created, events: [...created.events, ...changed(user.id)()] };
    });
  });

  route(app, plansApi.get, ({ db, user, params }) => getPlan(db, user.id, params.id));

  route(app, plansApi.update, ({ db, user, params, body, now, events }) =>
    events.after(updatePlan(db, user.id, params.id, body, now, events), changed(user.id)),
  );

  route(app, plansApi.remove, ({ db, user, params, events }) =>
    events.after(deletePlan(db, user.id, params.id, events), changed(user.id)),
  );

  route(app, plansApi.reset, ({ db, user, params, now, events }) =>
    events.after(resetPlan(db, user.id, params.id, now, events), changed(user.id)),
  );

  route(app, plansApi.updateTask, async ({ db, user, params, body, now, today, events }) =>
    events.after(
      updateTask(db, user.id, params.id, params.taskId, body, now, await today(), events),
      changed(user.id),
    ),
  );

  route(app, plansApi.removeTask, ({ db, user, params, now, events }) =>
    events.after(deleteTask(db, user.id, params.id, params.taskId, now, events), changed(user.id)),
  );

  route(app, tagsApi.list, ({ db, user }) => listTags(db, user.id));

  route(app, tagsApi.create, ({ db, user, body, now, events }) =>
    events.after(createTag(db, user.id, body, now), changed(user.id)),
  );

  route(app, tagsApi.update, async ({ db, user, params, body, now, today, events }) =>
    events.after(updateTag(db, user.id, params.id, body, now, await today()), changed(user.id)),
  );

  route(app, tagsApi.remove, ({ db, user, params, events }) =>
    events.after(deleteTag(db, user.id, params.id), changed(user.id)),
  );
}
