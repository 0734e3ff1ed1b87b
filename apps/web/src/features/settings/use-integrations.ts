import { apiTokensApi, calendarApi } from '@daywise/shared/api';
import type { ApiTokenCreate, CalendarFeed } from '@daywise/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The server's reason when it gave one, `fallback` otherwise. */
const failure = (fallback: string) => ({ failed: fallback, serverMessageFor: 'any' }) as const;

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: queryKeys.apiTokens,
    queryFn: ({ signal }) => callApi(apiTokensApi.list, {}, { signal }),
  });

export const useApiTokens = () => useQuery(apiTokensQuery());

/** Creates a token; the answer holds its secret, which the page shows once and never keeps. */
export function useCreateApiToken(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreate) => callApi(apiTokensApi.create, { body: input }),
    meta: failure(fallback),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}

export function useRevokeApiToken(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiTokensApi.revoke, { params: { id } }),
    meta: failure(fallback),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: queryKeys.calendarFeed,
    queryFn: ({ signal }) => callApi(calendarApi.get, {}, { signal }),
  });

export const useCalendarFeed = () => useQuery(calendarFeedQuery());

/** Turns the feed on at a new address ('rotate') or off; the answer is the feed as it now is. */
export function useChangeCalendarFeed(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'rotate' | 'disable') =>
      change === 'rotate' ? callApi(calendarApi.rotate) : callApi(calendarApi.disable),
    onSuccess: (feed: CalendarFeed) => queryClient.setQueryData(queryKeys.calendarFeed, feed),
    meta: failure(fallback),
  });
}
