import { analyticsApi, plansApi } from '@daywise/shared/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { tagListQuery } from '../../lib/tags';

/** The Daily Goals reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const planQueries = {
  /** The plan of a day (YYYY-MM-DD, within PLAN_DAY_REACH of today), or null. */
  day: (date: string) =>
    queryOptions({
      queryKey: queryKeys.plans.day(date),
      queryFn: async ({ signal }) =>
        (await callApi(plansApi.onDate, { params: { date } }, { signal })).plan,
    }),

  tags: tagListQuery,

  /** The Daily Completions tab; the previous range stays on screen while another loads. */
  completions: (days: number) =>
    queryOptions({
      queryKey: queryKeys.plans.completions(days),
      queryFn: ({ signal }) => callApi(analyticsApi.completions, { query: { days } }, { signal }),
      placeholderData: keepPreviousData,
    }),

  /** The Analytics modal, read only while it is open. */
  analytics: (days: number, enabled: boolean) =>
    queryOptions({
      queryKey: queryKeys.analytics.plans(days),
      queryFn: ({ signal }) => callApi(analyticsApi.plans, { query: { days } }, { signal }),
      placeholderData: keepPreviousData,
      enabled,
    }),
};
