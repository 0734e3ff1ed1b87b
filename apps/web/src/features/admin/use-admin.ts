import { adminApi } from '@daywise/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/* The admin page's reads and actions (ADR 0039); every action re-reads the whole page's data. */

export const useAdminUsers = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.users(page),
    queryFn: ({ signal }) => callApi(adminApi.users, { query: { page } }, { signal }),
  });

export const useInvitations = () =>
  useQuery({
    queryKey: queryKeys.admin.invitations,
    queryFn: ({ signal }) => callApi(adminApi.invitations, {}, { signal }),
  });

export const useInstanceStatus = () =>
  useQuery({
    queryKey: queryKeys.admin.status,
    queryFn: ({ signal }) => callApi(adminApi.status, {}, { signal }),
  });

export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.audit(page),
    queryFn: ({ signal }) => callApi(adminApi.audit, { query: { page } }, { signal }),
  });

function useAdminAction<T, R>(run: (input: T) => Promise<R>, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { failed, serverMessageFor: 'any' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export const useInvite = () =>
  useAdminAction(
    (email: string) => callApi(adminApi.invite, { body: { email } }),
    'The invitation could not be sent. Please try again.',
  );

export const useSetDisabled = () =>
  useAdminAction(
    ({ id, disabled }: { id: string; disabled: boolean }) =>
      callApi(disabled ? adminApi.disable : adminApi.enable, { params: { id } }),
    'The account could not be changed. Please try again.',
  );

export const useSendPasswordReset = () =>
  useAdminAction(
    (id: string) => callApi(adminApi.passwordReset, { params: { id } }),
    'The password reset email could not be sent. Please try again.',
  );
