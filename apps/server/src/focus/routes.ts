import { focusApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import type { DomainEvent } from '../lib/events';
import { route } from '../lib/route';
import { focusAnalytics } from './analytics';
import { changeTimer, presentTimer, settledTimer, startTimer } from './focus';
import type { TimerAction } from './timer';

const changed = (userId: string) => (): DomainEvent[] => [{ type: 'focus.changed', userId }];

/**
 * /api/focus: the session's user's one timer (ADR 0032). Every change is one transaction that
 * brings the timer up to the server's clock first, then tells the user's other tabs.
 */
export function focusRoutes(app: AppInstance): void {
  const { queue } = app.reminders;

  route(app, focusApi.current, async ({ db, user, now, events }) => {
    const settled = await db.transaction().execute((trx) => settledTimer(trx, queue, user.id, now));
    if (settled.changed) {
      await events.emit({ type: 'focus.changed', userId: user.id });
    }
    return {
      timer:
        settled.row && settled.title !== undefined
          ? presentTimer(settled.row, settled.title, now)
          : null,
    };
  });

  route(app, focusApi.start, ({ db, user, body, now, events }) =>
    events.after(
      db.transaction().execute((trx) =>
        startTimer(
          trx,
          queue,
          user.id,
          {
            item: body.todoId
              ? { kind: 'todo', id: body.todoId }
              : { kind: 'task', id: body.taskId ?? '' },
            mode: body.mode,
          },
          now,
        ),
      ),
      changed(user.id),
    ),
  );

  const change = (action: Exclude<TimerAction, 'stop'>) =>
    route(app, focusApi[action], async ({ db, user, now, events }) => {
      const timer = await events.after(
        db.transaction().execute((trx) => changeTimer(trx, queue, user.id, action, now)),
        changed(user.id),
      );
      // Only stopping ends the timer; the others always answer one.
      return timer!;
    });
  change('pause');
  change('resume');
  change('skip');

  route(app, focusApi.stop, async ({ db, user, now, events }) => {
    await events.after(
      db.transaction().execute((trx) => changeTimer(trx, queue, user.id, 'stop', now)),
      changed(user.id),
    );
  });

  route(app, focusApi.analytics, async ({ db, user, query, timezone, today }) =>
    focusAnalytics(db, user.id, query.days, await today(), await timezone()),
  );
}
