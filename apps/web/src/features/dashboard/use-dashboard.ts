import { MESSAGES } from '@daywise/shared';
import type { ChartData, ChartPeriod, DashboardSummary } from '@daywise/shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { apiRequest } from '../../lib/api-client';
import { useSettings } from '../../lib/settings';
import { notify } from '../../lib/toast';

/**
 * Every analytics query starts with this key: the Todos and Daily Goals pages invalidate it after
 * a change, so the overview is fresh when the user comes back.
 */
export const ANALYTICS_KEY = ['analytics'] as const;
const ANALYTICS_STALE_TIME_MS = 30_000;

/**
 * Whether the analytics may be shown and fetched (docs/product/dashboard.md): `settled` stays
 * false until the settings are read, so a user who turned tracking off never has their activity
 * requested, not even once while the settings load. A failed settings read falls back to the
 * default (on, docs/product/profile-and-settings.md).
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
  const query = useQuery({
    queryKey: [...ANALYTICS_KEY, 'dashboard'],
    queryFn: ({ signal }) => apiRequest<DashboardSummary>('/api/analytics/dashboard', { signal }),
    staleTime: ANALYTICS_STALE_TIME_MS,
    enabled,
  });
  useReportFailure(query.isError);
  return query;
}

/**
 * The bar chart's counts for one period. While another period loads, the previous bars stay, so
 * the card keeps its height.
 */
export function useChartData(period: ChartPeriod, enabled: boolean) {
  const query = useQuery({
    queryKey: [...ANALYTICS_KEY, 'chart', period],
    queryFn: ({ signal }) =>
      apiRequest<ChartData>(`/api/analytics/chart?period=${period}`, { signal }),
    staleTime: ANALYTICS_STALE_TIME_MS,
    enabled,
    placeholderData: keepPreviousData,
  });
  useReportFailure(query.isError);
  return query;
}
