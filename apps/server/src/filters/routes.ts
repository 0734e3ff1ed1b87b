import { filtersApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import {
  carryMatches,
  countEverything,
  matchChanged,
  type Matches,
  recountMatches,
} from './counts';
import { KeptCounts } from './kept-counts';
import {
  answerSavedFilters,
  createSavedFilter,
  deleteSavedFilter,
  planSavedFilters,
  type SavedFiltersPlan,
  updateSavedFilter,
} from './saved-filters';

/** /api/filters: every query scoped to the session's user (ADR 0028). */
export function filterRoutes(app: AppInstance): void {
  // Counting 20 filters reads every open todo of the user once (filters/counts.ts); the counts
  // are kept, with what each todo matches once a write needs it, and after a write only the todos
  // it wrote are matched again, on every instance (filters/kept-counts.ts, ADR 0028).
  const kept = new KeptCounts<SavedFiltersPlan, Matches>({ bus: app.realtime });
  route(app, filtersApi.list, async ({ db, user, today }) => {
    const day = await today();
    return kept.read(user.id, day, {
      plan: () => planSavedFilters(db, user.id, day),
      everything: (plan) => countEverything(db, plan.counts),
      carry: (before, matches, plan) => carryMatches(db, before.counts, matches, plan.counts),
      recount: (plan, matches) => recountMatches(db, plan.counts, matches),
      changed: (plan, matches, todoIds) => matchChanged(db, plan.counts, matches, todoIds),
      answer: answerSavedFilters,
    });
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
