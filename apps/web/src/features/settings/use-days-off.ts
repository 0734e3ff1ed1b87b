import { MESSAGES } from '@daywise/shared';
import { daysOffApi } from '@daywise/shared/api';
import type { DayOffCreate } from '@daywise/shared/schemas';
import {
  type MutationMeta,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The user's days off, soonest first. */
export const daysOffQuery = () =>
  queryOptions({
    queryKey: queryKeys.daysOff,
    queryFn: ({ signal }) => callApi(daysOffApi.list, {}, { signal }),
  });

export const useDaysOff = () => useQuery(daysOffQuery());

/** Days off change the habits' streaks: the todos and the dashboard are read again too. */
const REFRESHED = [queryKeys.daysOff, queryKeys.todos.all, queryKeys.analytics.all] as const;

function useDaysOffWrite<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  meta: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSettled: () =>
      Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useAddDaysOff = () =>
  useDaysOffWrite(
    (range: DayOffCreate) => callApi(daysOffApi.create, { body: range }, { action: range }),
    { succeeded: MESSAGES.dayOffAdded, failed: MESSAGES.dayOffAddFailed },
  );

export const useCancelDaysOff = () =>
  useDaysOffWrite((id: string) => callApi(daysOffApi.remove, { params: { id } }), {
    succeeded: MESSAGES.dayOffCancelled,
    failed: MESSAGES.dayOffCancelFailed,
  });
