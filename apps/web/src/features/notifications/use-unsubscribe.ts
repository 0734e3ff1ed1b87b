import { notificationsApi } from '@daywise/shared/api';
import { useMutation } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { PUBLIC_FORM_MUTATION, publicFormSignal } from '../../lib/public-request';

/** Turns reminder emails off with the signed token of a reminder email; no session needed. */
export function useUnsubscribe(token: string) {
  return useMutation({
    ...PUBLIC_FORM_MUTATION,
    mutationFn: () =>
      callApi(notificationsApi.unsubscribe, { body: { token } }, { signal: publicFormSignal() }),
  });
}
