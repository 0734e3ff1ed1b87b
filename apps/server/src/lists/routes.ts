import { listsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import type { DomainEvent } from '../lib/events';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { createList, deleteList, listLists, updateList } from './lists';

/** /api/lists: every query scoped to the session's user (ADR 0026). */
export function listRoutes(app: AppInstance): void {
  route(app, listsApi.list, ({ db, user }) => listLists(db, user.id));

  route(app, listsApi.create, async (context) => {
    const { user, body, now } = context;
    return idempotentCreate(context, async (trx) => ({
      result: await createList(trx, user.id, body, now),
      events: [{ type: 'lists.changed', userId: user.id }],
    }));
  });

  route(app, listsApi.update, ({ db, user, params, body, now, events }) =>
    events.after(
      db.transaction().execute((trx) => updateList(trx, user.id, params.id, body, now)),
      () => [{ type: 'lists.changed', userId: user.id }],
    ),
  );

  // Deleting a list moves or deletes its todos, and deletes its sections, in the same transaction; the deleted todos'
  // reminder jobs follow there (`todo.written`), and the todo lists re-read after the commit.
  route(app, listsApi.remove, async ({ db, user, params, query, events }) => {
    const followUps = await db.transaction().execute(async (trx) => {
      const deleted = await deleteList(trx, user.id, params.id, query.todos);
      const within: DomainEvent[] = [];
      for (const todoId of deleted) {
        within.push(
          ...(await events.within(trx, { type: 'todo.written', userId: user.id, todoId })),
        );
      }
      return within;
    });
    for (const event of [
      ...followUps,
      { type: 'lists.changed', userId: user.id } as const,
      { type: 'sections.changed', userId: user.id } as const,
      { type: 'todos.changed', userId: user.id } as const,
    ]) {
      await events.emit(event);
    }
  });
}
