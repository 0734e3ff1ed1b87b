import { todosApi } from '@daywise/shared/api';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { userEvent } from '../event-webhooks/events';
import { KeptFilterNames } from '../filters/kept-names';
import type { AppInstance } from '../lib/app-instance';
import type { EventBus } from '../lib/events';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { todoWritten } from './events';
import { moveOccurrence, undoMove } from './move-occurrence';
import { listTodos, pendingReminders, todoStats } from './todo-list';
import { createTodo, deleteTodo, skipTodo, updateTodo } from './todos';

/** Runs a write to todos in a transaction with `todoWritten`, then emits its events. */
async function writeTodo<T>(
  { db, events, userId }: { db: Kysely<Database>; events: EventBus; userId: string },
  write: (trx: Transaction<Database>) => Promise<T>,
  todoIdsOf: (result: T) => readonly string[],
): Promise<T> {
  const { result, followUps } = await db.transaction().execute(async (trx) => {
    const written = await write(trx);
    return {
      result: written,
      followUps: await todoWritten(trx, events, userId, todoIdsOf(written)),
    };
  });
  for (const event of followUps) {
    await events.emit(event);
  }
  return result;
}

/** /api/todos: every query scoped to the session's user. */
export function todoRoutes(app: AppInstance): void {
  // A filter query's names, kept per user until their lists, sections or tags change.
  const names = new KeptFilterNames(app.realtime);
  route(app, todosApi.list, async ({ db, user, query, today, timezone }) => {
    const [day, zone] = [await today(), await timezone()];
    return listTodos(db, user.id, query, day, zone, (filter) =>
      names.contextOf(db, user.id, query.filter ?? '', filter, day),
    );
  });

  route(app, todosApi.stats, ({ db, user }) => todoStats(db, user.id));

  route(app, todosApi.reminders, async ({ db, user, today, timezone }) =>
    pendingReminders(db, user.id, await today(), await timezone()),
  );

  route(app, todosApi.create, async (context) => {
    const { user, body, now, events, today, timezone } = context;
    // Read before the write's transaction, which every query inside must use.
    const [day, zone] = [await today(), await timezone()];
    return idempotentCreate(context, async (trx) => {
      const todo = await createTodo(trx, user.id, body, now, day, zone);
      await userEvent(trx, events, user.id, 'todo.created', { todo });
      return { result: todo, events: await todoWritten(trx, events, user.id, [todo.id]) };
    });
  });

  route(app, todosApi.update, async ({ db, user, params, body, now, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    const { todo } = await writeTodo(
      { db, events, userId: user.id },
      async (trx) => {
        const written = await updateTodo(trx, user.id, params.id, body, now, day, zone);
        if (written.completed) {
          await userEvent(trx, events, user.id, 'todo.completed', { todo: written.todo });
        }
        return written;
      },
      ({ others }) => [params.id, ...others],
    );
    return todo;
  });

  route(app, todosApi.skip, async ({ db, user, params, now, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    return writeTodo(
      { db, events, userId: user.id },
      (trx) => skipTodo(trx, user.id, params.id, now, day, zone),
      () => [params.id],
    );
  });

  route(app, todosApi.remove, async ({ db, user, params, events }) => {
    await writeTodo(
      { db, events, userId: user.id },
      async (trx) => {
        const others = await deleteTodo(trx, user.id, params.id, async (gone) => {
          await userEvent(trx, events, user.id, 'todo.deleted', {
            todo: { id: gone.id, title: gone.title },
          });
        });
        return others;
      },
      (others) => [params.id, ...others],
    );
  });

  route(app, todosApi.move, async ({ db, user, params, body, now, today, timezone, events }) => {
    const [day, zone] = [await today(), await timezone()];
    const written: string[] = [];
    return writeTodo(
      { db, events, userId: user.id },
      (trx) =>
        moveOccurrence({ trx, userId: user.id, now, today: day, zone, written }, params.id, body),
      () => written,
    );
  });

  route(
    app,
    todosApi.undoMove,
    async ({ db, user, params, body, now, today, timezone, events }) => {
      const [day, zone] = [await today(), await timezone()];
      const written: string[] = [];
      const { todo } = await writeTodo(
        { db, events, userId: user.id },
        (trx) =>
          undoMove({ trx, userId: user.id, now, today: day, zone, written }, params.id, body),
        () => written,
      );
      return todo;
    },
  );
}
