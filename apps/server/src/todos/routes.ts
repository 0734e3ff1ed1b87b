import { todayIn } from '@daywise/shared';
import { todoCreateSchema, todoListQuerySchema, todoUpdateSchema } from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { created, idempotent } from '../lib/idempotency';
import { publishAfter } from '../realtime/bus';
import { userTimezone } from '../settings/settings';
import {
  createTodo,
  deleteTodo,
  listTodos,
  pendingReminders,
  todoStats,
  updateTodo,
} from './todos';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** /api/todos: every query scoped to the session's user. */
export function todoRoutes(app: AppInstance): void {
  /** The user's other tabs and devices re-read their todos after each write. */
  const synced = <T>(userId: string, write: Promise<T>) =>
    publishAfter(app.realtime, [userId], { type: 'todos.changed' }, write);

  app.get('/api/todos', { schema: { querystring: todoListQuerySchema } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    const timezone = await userTimezone(app.database.db, user.id);
    return listTodos(app.database.db, user.id, request.query, todayIn(timezone, app.now()));
  });

  app.get('/api/todos/stats', async (request) => {
    const { user } = await requireSession(app.auth, request);
    return todoStats(app.database.db, user.id);
  });

  app.get('/api/todos/reminders', async (request) => {
    const { user } = await requireSession(app.auth, request);
    return { items: await pendingReminders(app.database.db, user.id) };
  });

  app.post('/api/todos', { schema: { body: todoCreateSchema } }, async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    const now = app.now();
    const { status, body } = await idempotent(app.database.db, request, user.id, now, () =>
      created(synced(user.id, createTodo(app.database.db, user.id, request.body, now))),
    );
    return reply.status(status).send(body);
  });

  app.patch(
    '/api/todos/:id',
    { schema: { params: idParams, body: todoUpdateSchema } },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      const now = app.now();
      const today = todayIn(await userTimezone(app.database.db, user.id), now);
      return synced(
        user.id,
        updateTodo(app.database.db, user.id, request.params.id, request.body, now, today),
      );
    },
  );

  app.delete('/api/todos/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    await synced(user.id, deleteTodo(app.database.db, user.id, request.params.id));
    return reply.status(204).send();
  });
}
