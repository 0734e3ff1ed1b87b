import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /** A user's todos changed: created, edited, completed or deleted. */
    'todo.changed': { userId: string };
    /**
     * One todo was created, changed, completed or deleted; emitted with `within` inside the
     * write's transaction (its reminder job follows there).
     */
    'todo.written': { userId: string; todoId: string };
  }
}

/** What follows a todo change, and what an account's deletion takes of todos and habits. */
export function todoSubscribers(app: AppInstance): void {
  // The user's other tabs and devices re-read their todos.
  app.events.on('todo.changed', ({ userId }) => {
    app.realtime.publish([userId], { type: 'todos.changed' });
  });
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('todo_occurrences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('days_off').where('user_id', '=', userId).execute();
    await trx.deleteFrom('todos').where('user_id', '=', userId).execute();
  });
}
