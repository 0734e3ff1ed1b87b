import { addDays } from '@daywise/shared';
import { analyticsApi, plansApi } from '@daywise/shared/api';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { tagListQuery } from '../../lib/tags';

/** How many days on the Create Plan tab looks for a free one (a fortnight is plenty). */
const FREE_DAY_LOOKAHEAD = 14;

/** The plan of a day (YYYY-MM-DD, within PLAN_DAY_REACH of today), or null. */
const dayQuery = (date: string) =>
  queryOptions({
    queryKey: queryKeys.plans.day(date),
    queryFn: async ({ signal }) =>
      (await callApi(plansApi.onDate, { params: { date } }, { signal })).plan,
  });

/** The Daily Goals reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const planQueries = {
  day: dayQuery,

  /**
   * The first day from `from` on without a plan, looked up day by day (each day's plan is kept
   * for Today's Goals); after FREE_DAY_LOOKAHEAD planned days it settles for the last one looked
   * at, and the dialog then says that day is taken.
   */
  firstFreeDay: (from: string, queryClient: QueryClient) =>
    queryOptions({
      queryKey: queryKeys.plans.firstFree(from),
      queryFn: async () => {
        let day = from;
        for (let step = 1; step < FREE_DAY_LOOKAHEAD; step += 1) {
          const plan = await queryClient.fetchQuery(dayQuery(day));
          if (!plan) {
            return day;
          }
          day = addDays(day, 1);
        }
        return day;
      },
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
