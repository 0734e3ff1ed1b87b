import { analyticsApi } from '@daywise/shared/api';

import { habitItems } from '../habits/dashboard';
import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import { UserCache } from '../lib/user-cache';
import { completionChart } from './chart';
import { completionDays } from './completions';
import { dashboardSummary, type PlanStreaks, planStreaks } from './dashboard';
import { planAnalytics } from './plan-analytics';

/**
 * The dashboard overview and the Daily Goals history and analytics: read-only, every
 * query scoped to the session's user, "today" counted in the user's time zone setting.
 */
export function analyticsRoutes(app: AppInstance): void {
  // The streaks read two years of plans for a heavy user; they change only with the plans or
  // the date, so they are kept until a plan of the user changes on any instance (ADR 0018).
  const streaks = new UserCache<PlanStreaks>({
    bus: app.realtime,
    changes: (event) => event.type === 'plans.changed',
  });
  route(app, analyticsApi.dashboard, async ({ db, user, timezone, today }) => {
    const [day, zone] = [await today(), await timezone()];
    return dashboardSummary(
      db,
      user.id,
      zone,
      day,
      () => streaks.read(user.id, day, () => planStreaks(db, user.id, day)),
      () => habitItems(db, user.id, day, zone),
    );
  });

  route(app, analyticsApi.chart, async ({ db, user, query, today }) =>
    completionChart(db, user.id, query.period, await today()),
  );

  route(app, analyticsApi.plans, async ({ db, user, query, today }) =>
    planAnalytics(db, user.id, query.days, await today()),
  );

  route(app, analyticsApi.completions, async ({ db, user, query, today }) =>
    completionDays(db, user.id, query.days, await today()),
  );
}
