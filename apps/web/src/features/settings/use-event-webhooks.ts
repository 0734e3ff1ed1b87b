import { eventWebhooksApi } from '@daywise/shared/api';
import type { EventWebhookCreate } from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** How often an open delivery log is read again: tries arrive in the background. */
const LOG_REFRESH_MS = 3_000;

export const useEventWebhooks = () =>
  useQuery({
    queryKey: queryKeys.eventWebhooks,
    queryFn: ({ signal }) => callApi(eventWebhooksApi.list, {}, { signal }),
  });

/** The webhook's last delivery attempts, newest first, read again while shown. */
export const useWebhookAttempts = (id: string) =>
  useQuery({
    queryKey: queryKeys.eventWebhookAttempts(id),
    queryFn: ({ signal }) => callApi(eventWebhooksApi.attempts, { params: { id } }, { signal }),
    refetchInterval: LOG_REFRESH_MS,
  });

/** Re-reads the webhooks and their logs once a write settled. */
function useWebhookWrite<T, R>(run: (input: T) => Promise<R>, fallback?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...(fallback ? { meta: { failed: fallback, serverMessageFor: 'any' } as const } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.eventWebhooks }),
  });
}

/** Adds a webhook; the answer holds its signing secret, shown once and never kept. */
export const useAddEventWebhook = () =>
  useWebhookWrite((input: EventWebhookCreate) => callApi(eventWebhooksApi.create, { body: input }));

export const useRemoveEventWebhook = (fallback: string) =>
  useWebhookWrite((id: string) => callApi(eventWebhooksApi.remove, { params: { id } }), fallback);

/** Sends a signed test event; the answer says what the receiver did. */
export const useTestEventWebhook = (fallback: string) =>
  useWebhookWrite((id: string) => callApi(eventWebhooksApi.test, { params: { id } }), fallback);
