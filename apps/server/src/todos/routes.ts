import { todosApi } from '@daywise/shared/api';

import type { AppInstance } from '../app';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import {
  createTodo,
  deleteTodo,
  listTodos,
  pendingReminders,
  todoStats,
  updateTodo,
} from './todos';

/** /api/todos: every query scoped to the session's user. */
export function todoRoutes(app: AppInstance): void {
  route(app, todosApi.list, async ({ db, user, query, today }) =>
    listTodos(db, user.id, query, await today()),
  );

  route(app, todosApi.stats, ({ db, user }) => todoStats(db, user.id));

  route(app, todosApi.reminders, async ({ db, user }) => ({
    items: await pendingReminders(db, user.id),
  }));

  route(app, todosApi.create, (context) => {
    const { db, user, body, now, events } = context;
    return idempotentCreate(context, () =>
      events.after(createTodo(db, user.id, body, now), () => [
        { type: 'todo.changed', userId: user.id },
      ]),
    );
  });

  route(app, todosApi.update, async ({ db, user, params, body, now, today, events }) =>
    events.after(updateTodo(db, user.id, params.id, body, now, await today()), () => [
      { type: 'todo.changed', userId: user.id },
    ]),
  );

  route(app, todosApi.remove, ({ db, user, params, events }) =>
    events.after(deleteTodo(db, user.id, params.id), () => [
      { type: 'todo.changed', userId: user.id },
    ]),
  );
}
