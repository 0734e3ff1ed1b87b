import { filtersApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { idempotentCreate } from '../lib/idempotency';
import { route } from '../lib/route';
import {
  createSavedFilter,
  deleteSavedFilter,
  listSavedFilters,
  updateSavedFilter,
} from './saved-filters';

/** /api/filters: every query scoped to the session's user (ADR 0028). */
export function filterRoutes(app: AppInstance): void {
  route(app, filtersApi.list, async ({ db, user, today }) =>
    listSavedFilters(db, user.id, await today()),
  );

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
