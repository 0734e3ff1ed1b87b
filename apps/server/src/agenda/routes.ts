import { agendaApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import { agendaCounts, agendaToday, agendaUpcoming } from './agenda';
import { calendarRange } from './calendar-range';

/** /api/agenda: reads only, every query scoped to the session's user and their time zone. */
export function agendaRoutes(app: AppInstance): void {
  route(app, agendaApi.today, async ({ db, user, today, timezone }) =>
    agendaToday(db, user.id, await today(), await timezone()),
  );

  route(app, agendaApi.upcoming, async ({ db, user, today, timezone }) =>
    agendaUpcoming(db, user.id, await today(), await timezone()),
  );

  route(app, agendaApi.counts, async ({ db, user, today }) =>
    agendaCounts(db, user.id, await today()),
  );

  route(app, agendaApi.calendar, async ({ db, user, query, today, timezone }) =>
    calendarRange(db, user.id, query, await today(), await timezone()),
  );
}
