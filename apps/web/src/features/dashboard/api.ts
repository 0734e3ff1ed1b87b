import { analyticsApi } from '@daywise/shared/api';
import type { ChartPeriod } from '@daywise/shared/schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const ANALYTICS_STALE_TIME_MS = 30_000;

/**
 * The dashboard reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). Their keys
 * start with the analytics root, which the Todos and Daily Goals pages invalidate after a change,
 * so the overview is fresh when the user comes back.
 */
export const dashboardQueries = {
  /** The stat cards, the streak list and the current streak, in one request. */
  summary: () =>
    queryOptions({
      queryKey: queryKeys.analytics.dashboard,
      queryFn: ({ signal }) => callApi(analyticsApi.dashboard, {}, { signal }),
      staleTime: ANALYTICS_STALE_TIME_MS,
    }),

  /** One period's bars; while another period loads, the previous bars stay. */
  chart: (period: ChartPeriod) =>
    queryOptions({
      queryKey: queryKeys.analytics.chart(period),
      queryFn: ({ signal }) => callApi(analyticsApi.chart, { query: { period } }, { signal }),
      staleTime: ANALYTICS_STALE_TIME_MS,
      placeholderData: keepPreviousData,
    }),
};
