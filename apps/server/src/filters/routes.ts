import type { RealtimeEventType } from '@daywise/shared';
import { filtersApi } from '@daywise/shared/api';
import type { SavedFiltersAnswer } from '@daywise/shared/schemas';

import type { AppInstance } from '../lib/app-instance';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import { UserCache } from '../lib/user-cache';
import {
  answerSavedFilters,
  createSavedFilter,
  deleteSavedFilter,
  planSavedFilters,
  type SavedFiltersPlan,
  updateSavedFilter,
} from './saved-filters';

/**
 * The realtime events after which the statement counting a user's saved filters may differ: a
 * change to the lists and sections (matched by name), the tags (plan and tag writes announce
 * `plans.changed`) or the filters.
 */
const PLANNED_FROM = new Set<RealtimeEventType>([
  'lists.changed',
  'sections.changed',
  'plans.changed',
  'filters.changed',
]);

/** The events after which its counts may differ: those, and any change to their todos. */
const COUNTED_FROM = new Set<RealtimeEventType>([...PLANNED_FROM, 'todos.changed']);

/** /api/filters: every query scoped to the session's user (ADR 0028). */
export function filterRoutes(app: AppInstance): void {
  // Counting 20 filters reads every open todo of the user once (filters/counts.ts); the answer
  // changes only with their data or their day, so it is kept until one of those changes on any
  // instance (ADR 0018), as the dashboard's streaks are. The counting statement itself is kept
  // across changes to todos, which leave it as it is: counting again is then one statement.
  const plans = new UserCache<SavedFiltersPlan>({
    bus: app.realtime,
    changes: (event) => PLANNED_FROM.has(event.type),
  });
  const answers = new UserCache<SavedFiltersAnswer>({
    bus: app.realtime,
    changes: (event) => COUNTED_FROM.has(event.type),
  });
  route(app, filtersApi.list, async ({ db, user, today }) => {
    const day = await today();
    return answers.read(user.id, day, async () =>
      answerSavedFilters(
        db,
        await plans.read(user.id, day, () => planSavedFilters(db, user.id, day)),
      ),
    );
  });

  route(app, filtersApi.create, async (context) => {
    const { user, body, now, today } = context;
    // Read before the write's transaction, which every query inside must use.
    const day = await today();
    return idempotentCreate(context, async (trx) => ({
      result: await createSavedFilter(trx, user.id, body, now, day),
      events: [{ type: 'filters.changed', userId: user.id }],
    }));
  });

  route(app, filtersApi.update, async ({ db, user, params, body, now, today, events }) => {
    const day = await today();
    return events.after(
      db.transaction().execute((trx) => updateSavedFilter(trx, user.id, params.id, body, now, day)),
      () => [{ type: 'filters.changed', userId: user.id }],
    );
  });

  route(app, filtersApi.remove, ({ db, user, params, events }) =>
    events.after(
      db.transaction().execute((trx) => deleteSavedFilter(trx, user.id, params.id)),
      () => [{ type: 'filters.changed', userId: user.id }],
    ),
  );
}
