import { pushApi } from '@daywise/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { disablePush } from '../../lib/push';
import { queryKeys } from '../../lib/query-keys';
import { PUSH_MESSAGES } from './push-messages';

/** The devices that receive the user's reminders by web push, newest first. */
export const pushDevicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.pushDevices,
    queryFn: ({ signal }) => callApi(pushApi.list, {}, { signal }),
  });

export const usePushDevices = () => useQuery(pushDevicesQuery());

/**
 * Removes a device. This browser's own device is unsubscribed here too, so that the browser does
 * not keep a subscription the server no longer knows.
 */
export function useRemovePushDevice(thisDeviceId: string | null, onThisDeviceRemoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (id === thisDeviceId) {
        await disablePush();
        onThisDeviceRemoved();
      } else {
        await callApi(pushApi.remove, { params: { id } });
      }
    },
    meta: { succeeded: PUSH_MESSAGES.deviceRemoved, failed: PUSH_MESSAGES.removeFailed },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices }),
  });
}
