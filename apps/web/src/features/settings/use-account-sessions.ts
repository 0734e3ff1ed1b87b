import { accountApi } from '@daywise/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';

/** The account's live sessions, with the one this browser uses marked. */
export const accountSessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.accountSessions,
    queryFn: ({ signal }) => callApi(accountApi.sessions, {}, { signal }),
  });

export const useAccountSessions = () => useQuery(accountSessionsQuery());

/** Ends one session by id, or, without one, every session but this one. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id
        ? callApi(accountApi.endSession, { params: { id } })
        : callApi(accountApi.endOtherSessions),
    onSuccess: (_, id) =>
      notify.success(id ? 'Signed out of that session' : 'Signed out of all other sessions'),
    meta: { failed: 'Could not end that session', serverMessageFor: 'any' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

/** Deletes the signed-in account; the page says how it went and where to go next. */
export const useDeleteAccount = () => useMutation({ mutationFn: () => callApi(accountApi.remove) });
