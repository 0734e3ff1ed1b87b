import { todayIn } from '@daywise/shared';
import {
  planSchema,
  planTaskUpdateSchema,
  tagSchema,
  tagUpdateSchema,
} from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { created, idempotent } from '../lib/idempotency';
import { publishAfter } from '../realtime/bus';
import { userTimezone } from '../settings/settings';
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

const id = z.string().min(1).max(100);
const idParams = z.object({ id });
const taskParams = z.object({ id, taskId: id });

/** /api/plans and /api/tags: every query scoped to the session's user. */
export function planRoutes(app: AppInstance): void {
  const db = app.database.db;

  /** The session's user, and today in their time zone. */
  const userAndToday = async (request: Parameters<typeof requireSession>[1]) => {
    const { user } = await requireSession(app.auth, request);
    const now = app.now();
    return { userId: user.id, now, today: todayIn(await userTimezone(db, user.id), now) };
  };

  /**
   * The user's other tabs and devices re-read their plans after each write. Tags
   * count as plans: plan tasks show them.
   */
  const synced = <T>(userId: string, write: Promise<T>) =>
    publishAfter(app.realtime, [userId], { type: 'plans.changed' }, write);

  app.get('/api/plans/today', async (request) => {
    const { userId, today } = await userAndToday(request);
    return { plan: await planOn(db, userId, today) };
  });

  app.post('/api/plans', { schema: { body: planSchema } }, async (request, reply) => {
    const { userId, today, now } = await userAndToday(request);
    const { status, body } = await idempotent(db, request, userId, now, () =>
      created(synced(userId, createPlan(db, userId, request.body, today, now))),
    );
    return reply.status(status).send(body);
  });

  app.get('/api/plans/:id', { schema: { params: idParams } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    return getPlan(db, user.id, request.params.id);
  });

  app.put('/api/plans/:id', { schema: { params: idParams, body: planSchema } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    return synced(user.id, updatePlan(db, user.id, request.params.id, request.body, app.now()));
  });

  app.delete('/api/plans/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    await synced(user.id, deletePlan(db, user.id, request.params.id));
    return reply.status(204).send();
  });

  app.post('/api/plans/:id/reset', { schema: { params: idParams } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    return synced(user.id, resetPlan(db, user.id, request.params.id, app.now()));
  });

  app.patch(
    '/api/plans/:id/tasks/:taskId',
    { schema: { params: taskParams, body: planTaskUpdateSchema } },
    async (request) => {
      const { userId, today, now } = await userAndToday(request);
      const { id: planId, taskId } = request.params;
      return synced(userId, updateTask(db, userId, planId, taskId, request.body, today, now));
    },
  );

  app.delete(
    '/api/plans/:id/tasks/:taskId',
    { schema: { params: taskParams } },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      const { id: planId, taskId } = request.params;
      return synced(user.id, deleteTask(db, user.id, planId, taskId, app.now()));
    },
  );

  app.get('/api/tags', async (request) => {
    const { user } = await requireSession(app.auth, request);
    return listTags(db, user.id);
  });

  app.post('/api/tags', { schema: { body: tagSchema } }, async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    return reply
      .status(201)
      .send(await synced(user.id, createTag(db, user.id, request.body, app.now())));
  });

  app.patch(
    '/api/tags/:id',
    { schema: { params: idParams, body: tagUpdateSchema } },
    async (request) => {
      const { userId, today, now } = await userAndToday(request);
      return synced(userId, updateTag(db, userId, request.params.id, request.body, today, now));
    },
  );

  app.delete('/api/tags/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    await synced(user.id, deleteTag(db, user.id, request.params.id));
    return reply.status(204).send();
  });
}
