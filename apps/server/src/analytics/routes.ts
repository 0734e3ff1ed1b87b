import { todayIn } from '@daywise/shared';
import { chartQuerySchema, rangeQuerySchema } from '@daywise/shared/schemas';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { userTimezone } from '../settings/settings';
import { completionChart } from './chart';
import { completionDays } from './completions';
import { dashboardSummary } from './dashboard';
import { planAnalytics } from './plan-analytics';

/**
 * The dashboard overview and the Daily Goals history and analytics: read-only, every
 * query scoped to the session's user, "today" counted in the user's time zone setting.
 */
export function analyticsRoutes(app: AppInstance): void {
  const { db } = app.database;

  app.get('/api/analytics/dashboard', async (request) => {
    const { user } = await requireSession(app.auth, request);
    const timezone = await userTimezone(db, user.id);
    return dashboardSummary(db, user.id, timezone, todayIn(timezone, app.now()));
  });

  app.get(
    '/api/analytics/chart',
    { schema: { querystring: chartQuerySchema } },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      const today = todayIn(await userTimezone(db, user.id), app.now());
      return completionChart(db, user.id, request.query.period, today);
    },
  );

  app.get(
    '/api/analytics/plans',
    { schema: { querystring: rangeQuerySchema } },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      const today = todayIn(await userTimezone(db, user.id), app.now());
      return planAnalytics(db, user.id, request.query.days, today);
    },
  );

  app.get('/api/completions', { schema: { querystring: rangeQuerySchema } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    const today = todayIn(await userTimezone(db, user.id), app.now());
    return { days: await completionDays(db, user.id, request.query.days, today) };
  });
}
