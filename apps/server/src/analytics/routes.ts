import { analyticsApi } from '@daywise/shared/api';

import type { AppInstance } from '../app';
import { route } from '../lib/route';
import { completionChart } from './chart';
import { completionDays } from './completions';
import { dashboardSummary } from './dashboard';
import { planAnalytics } from './plan-analytics';

/**
 * The dashboard overview and the Daily Goals history and analytics: read-only, every
 * query scoped to the session's user, "today" counted in the user's time zone setting.
 */
export function analyticsRoutes(app: AppInstance): void {
  route(app, analyticsApi.dashboard, async ({ db, user, timezone, today }) =>
    dashboardSummary(db, user.id, await timezone(), await today()),
  );

  route(app, analyticsApi.chart, async ({ db, user, query, today }) =>
    completionChart(db, user.id, query.period, await today()),
  );

  route(app, analyticsApi.plans, async ({ db, user, query, today }) =>
    planAnalytics(db, user.id, query.days, await today()),
  );

  route(app, analyticsApi.completions, async ({ db, user, query, today }) => ({
    days: await completionDays(db, user.id, query.days, await today()),
  }));
}
