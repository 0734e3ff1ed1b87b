import { MESSAGES } from '@daywise/shared';
import type { ChartPeriod } from '@daywise/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSettings } from '../../lib/settings';
import { notify } from '../../lib/toast';
import { dashboardQueries } from './api';

/**
 * Whether the analytics may be shown and fetched (docs/product/dashboard.md): `settled` stays
 * false until the settings are read, so a user who turned tracking off never has their activity
 * requested, not even once while the settings load. A failed settings read falls back to the
 * default (on).
 */
export function useAnalyticsEnabled(): { enabled: boolean; settled: boolean } {
  const { settings, isLoading } = useSettings();
  return { enabled: settings.privacy.activityTracking, settled: !isLoading };
}

/** Says 'Failed to load analytics' once per failed load; the toast path drops a repeat on screen. */
function useReportFailure(failed: boolean) {
  useEffect(() => {
    if (failed) {
      notify.error(MESSAGES.analyticsLoadFailed);
    }
  }, [failed]);
}

/** The stat cards, the streak list and the current streak, in one request. */
export function useDashboardSummary(enabled: boolean) {
  const query = useQuery({ ...dashboardQueries.summary(), enabled });
  useReportFailure(query.isError);
  return query;
}

/**
 * The bar chart's counts for one period. While another period loads, the previous bars stay, so
 * the card keeps its height.
 */
export function useChartData(period: ChartPeriod, enabled: boolean) {
  const query = useQuery({ ...dashboardQueries.chart(period), enabled });
  useReportFailure(query.isError);
  return query;
}
