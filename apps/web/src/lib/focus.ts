import { focusApi } from '@daywise/shared/api';
import { FOCUS_MESSAGES, type FocusMode } from '@daywise/shared/focus-messages';
import type { FocusCurrent, FocusTimer } from '@daywise/shared/schemas';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/*
 * The focus timer's reads and writes (ADR 0032), shared by the header's bar, the todo and task
 * rows' Focus buttons and the analytics.
 */

/** The user's timer (GET /api/focus): what survives a reload and follows other tabs. */
export const focusQuery = queryOptions({
  queryKey: queryKeys.focus,
  queryFn: ({ signal }) => callApi(focusApi.current, {}, { signal }),
});

export type FocusAction = 'pause' | 'resume' | 'skip' | 'stop';

/** What a pause or resume shows at once, before the server answers (the answer corrects it). */
export function optimisticTimer(
  timer: FocusTimer,
  action: 'pause' | 'resume',
  now: number,
): FocusTimer {
  if (action === 'pause') {
    const ran = timer.runningSince ? now - new Date(timer.runningSince).getTime() : 0;
    const elapsedMs = timer.elapsedMs + Math.max(ran, 0);
    return {
      ...timer,
      paused: true,
      runningSince: null,
      endsAt: null,
      elapsedMs,
      remainingMs: timer.phaseMs === null ? null : Math.max(timer.phaseMs - elapsedMs, 0),
    };
  }
  const since = new Date(now).toISOString();
  return {
    ...timer,
    paused: false,
    runningSince: since,
    endsAt:
      timer.phaseMs === null ? null : new Date(now + timer.phaseMs - timer.elapsedMs).toISOString(),
  };
}

/** Pause, resume, skip or stop: optimistic for pause, resume and stop, rolled back on failure. */
export function useFocusAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: FocusAction) => {
      if (action === 'stop') {
        await callApi(focusApi.stop, {});
        return null;
      }
      return callApi(focusApi[action], {});
    },
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.focus });
      const before = queryClient.getQueryData<FocusCurrent>(queryKeys.focus);
      if (before?.timer && action !== 'skip') {
        queryClient.setQueryData<FocusCurrent>(queryKeys.focus, {
          timer: action === 'stop' ? null : optimisticTimer(before.timer, action, Date.now()),
        });
      }
      return { before };
    },
    onError: (_error, _action, context) => {
      if (context?.before) {
        queryClient.setQueryData(queryKeys.focus, context.before);
      }
    },
    onSuccess: (timer) => {
      queryClient.setQueryData<FocusCurrent>(queryKeys.focus, { timer });
    },
    onSettled: (_timer, _error, action) => {
      if (action === 'stop' || action === 'skip') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.todos.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.plans.all });
      }
    },
    meta: { failed: FOCUS_MESSAGES.changeFailed, serverMessageFor: ['CONFLICT'] },
  });
}

/** Starts focusing on a todo or a plan task; the bar shows it at once from the answer. */
export function useStartFocus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: ({ todoId: string } | { taskId: string }) & { mode?: FocusMode }) =>
      callApi(focusApi.start, { body: { mode: 'pomodoro', ...start } }),
    onSuccess: (timer) => {
      queryClient.setQueryData<FocusCurrent>(queryKeys.focus, { timer });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todos.all });
    },
    meta: { failed: FOCUS_MESSAGES.startFailed, serverMessageFor: 'any' },
  });
}

/** The analytics' focus charts over a range (GET /api/analytics/focus). */
export function useFocusAnalytics(days: number) {
  return useQuery({
    queryKey: queryKeys.analytics.focus(days),
    queryFn: ({ signal }) => callApi(focusApi.analytics, { query: { days } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
