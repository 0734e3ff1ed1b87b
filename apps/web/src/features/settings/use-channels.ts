import { channelsApi } from '@daywise/shared/api';
import type { ChannelCreate, ChannelUpdate } from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The server's reason when it gave one, `fallback` otherwise. */
const failure = (fallback: string) => ({ failed: fallback, serverMessageFor: 'any' }) as const;

export const useChannels = () =>
  useQuery({
    queryKey: queryKeys.notificationChannels,
    queryFn: ({ signal }) => callApi(channelsApi.list, {}, { signal }),
  });

/** Re-reads the list once a write settled (its last delivery may have changed too). */
function useChannelWrite<T, R>(run: (input: T) => Promise<R>, fallback?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...(fallback ? { meta: failure(fallback) } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificationChannels }),
  });
}

/** Adds a channel; a webhook's answer holds its signing secret, shown once and never kept. */
export const useAddChannel = () =>
  useChannelWrite((input: ChannelCreate) => callApi(channelsApi.create, { body: input }));

export const useEditChannel = () =>
  useChannelWrite(({ id, update }: { id: string; update: ChannelUpdate }) =>
    callApi(channelsApi.update, { params: { id }, body: update }),
  );

export const useRemoveChannel = (fallback: string) =>
  useChannelWrite((id: string) => callApi(channelsApi.remove, { params: { id } }), fallback);

/** Sends a test notification; the answer says what the receiver did. */
export const useTestChannel = (fallback: string) =>
  useChannelWrite((id: string) => callApi(channelsApi.test, { params: { id } }), fallback);
