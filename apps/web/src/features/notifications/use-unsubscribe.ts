import { notificationsApi } from '@daywise/shared/api';
import { useMutation } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';

/** Turns reminder emails off with the signed token of a reminder email; no session needed. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => callApi(notificationsApi.unsubscribe, { body: { token } }),
  });
}
