import { todosApi } from '@daywise/shared/api';
import type { Kysely } from 'kysely';

import type { AppInstance } from '../app';
import type { Database } from '../db/schema';
import type { DomainEvent, EventBus } from '../lib/events';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import {
  createTodo,
  deleteTodo,
  listTodos,
  pendingReminders,
  skipTodo,
  todoStats,
  updateTodo,
} from './todos';

/**
 * Runs a write to one todo in a transaction with its `todo.written` subscribers (the todo's
 * reminder job), then says `todo.changed` once it has committed.
 */
async function writeTodo<T>(
  { db, events, userId }: { db: Kysely<Database>; events: EventBus; userId: string },
  write: (trx: Kysely<Database>) => Promise<T>,
  todoIdOf: (result: T) => string,
): Promise<T> {
  const { result, followUps } = await db.transaction().execute(async (trx) => {
    const written = await write(trx);
    const todoId = todoIdOf(written);
    return {
      result: written,
      followUps: await events.within(trx, { type: 'todo.written', userId, todoId }),
    };
  });
  const changed: DomainEvent = { type: 'todo.changed', userId };
  for (const event of [...followUps, changed]) {
    await events.emit(event);
  }
  return result;
}

/** /api/todos: every query scoped to the session's user. */
export function todoRoutes(app: AppInstance): void {
  route(app, todosApi.list, async ({ db, user, query, today, timezone }) =>
    listTodos(db, user.id, query, await today(), await timezone()),
  );

  route(app, todosApi.stats, ({ db, user }) => todoStats(db, user.id));

  route(app, todosApi.reminders, async ({ db, user, today, timezone }) =>
    pendingReminders(db, user.id, await today(), await timezone()),
  );

  route(app, todosApi.create, (context) => {
    const { db, user, body, now, events, today, timezone } = context;
    return idempotentCreate(context, async () => {
      const [day, zone] = [await today(), await timezone()];
      return writeTodo(
        { db, events, userId: user.id },
        (trx) => createTodo(trx, user.id, body, now, day, zone),
        (todo) => todo.id,
      );
    });
  });

  route(app, todosApi.update, async ({ db, user, params, body, now, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    return writeTodo(
      { db, events, userId: user.id },
      (trx) => updateTodo(trx, user.id, params.id, body, now, day, zone),
      () => params.id,
    );
  });

  route(app, todosApi.skip, async ({ db, user, params, now, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    return writeTodo(
      { db, events, userId: user.id },
      (trx) => skipTodo(trx, user.id, params.id, now, day, zone),
      () => params.id,
    );
  });

  route(app, todosApi.remove, ({ db, user, params, events }) =>
    writeTodo(
      { db, events, userId: user.id },
      (trx) => deleteTodo(trx, user.id, params.id),
      () => params.id,
    ),
  );
}
