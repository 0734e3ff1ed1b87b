import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';
import type { AppInstance } from '../lib/app-instance';
import type { DomainEvent, EventBus } from '../lib/events';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * One todo was created, changed, completed or deleted: emitted with `within` inside the
     * write's transaction, for what must change with it (its reminder job, reminders/events.ts).
     */
    'todo.written': { userId: string; todoId: string };
    /**
     * After the commit, once per write (an import batch is one): the user's todos changed. It
     * goes on to the user's tabs and devices as the realtime event of the same name. `todoIds`:
     * every todo the write changed, when it knows them all (`todoWritten`).
     */
    'todos.changed': { userId: string; todoIds?: readonly string[] };
  }
}

/** The most todo ids a `todos.changed` carries to the bus: a larger write names none. */
const TODO_IDS_MAX = 100;

/** What follows a todo change, and what an account's deletion takes of todos and habits. */
export function todoSubscribers(app: AppInstance): void {
  // The user's other tabs and devices re-read their todos; each instance's saved filters' counts
  // test the todos named again (filters/kept-counts.ts), or all when there are many.
  app.events.on('todos.changed', ({ userId, todoIds }) => {
    app.realtime.publish(
      [userId],
      todoIds !== undefined && todoIds.length <= TODO_IDS_MAX
        ? { type: 'todos.changed', todoIds: [...todoIds] }
        : { type: 'todos.changed' },
    );
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('todo_occurrences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('days_off').where('user_id', '=', userId).execute();
    await trx.deleteFrom('todos').where('user_id', '=', userId).execute();
  });
}

/**
 * Tells the `todo.written` subscribers (each todo's reminder job) inside the write's transaction,
 * once for each todo it wrote (a todo's subtasks are written with it); answers the events to emit
 * once it has committed, `todos.changed` last.
 */
export async function todoWritten(
  trx: Transaction<Database>,
  events: EventBus,
  userId: string,
  todoIds: readonly string[],
): Promise<DomainEvent[]> {
  const followUps: DomainEvent[] = [];
  for (const todoId of todoIds) {
    followUps.push(...(await events.within(trx, { type: 'todo.written', userId, todoId })));
  }
  return [...followUps, { type: 'todos.changed', userId, todoIds }];
}
