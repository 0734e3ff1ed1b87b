import { MESSAGES } from '@daywise/shared';
import type {
  CompletionDay,
  Plan,
  PlanAnalytics,
  PlanInput,
  PlanTask,
  Tag,
  TagInput,
} from '@daywise/shared/schemas';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiRequest, idempotencyKeyFor } from '../../lib/api-client';
import { notify } from '../../lib/toast';

export const PLANS_KEY = ['plans'] as const;
export const TODAY_PLAN_KEY = [...PLANS_KEY, 'today'] as const;
const TAGS_KEY = ['tags'] as const;
/** The dashboard's figures count plan tasks too, so plan changes refresh them. */
const ANALYTICS_KEY = ['analytics'] as const;

function refreshPlans(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
    queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  ]);
}

/** Today's plan in the user's time zone (the server decides the day), or null. */
export function useTodayPlan() {
  return useQuery({
    queryKey: TODAY_PLAN_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ plan: Plan | null }>('/api/plans/today', { signal })).plan,
  });
}

export function useTags() {
  return useQuery({
    queryKey: TAGS_KEY,
    queryFn: ({ signal }) => apiRequest<Tag[]>('/api/tags', { signal }),
  });
}

export function useCompletions(days: number) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'completions', days],
    queryFn: ({ signal }) =>
      apiRequest<{ days: CompletionDay[] }>(`/api/completions?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlanAnalytics(days: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ANALYTICS_KEY, 'plans', days],
    queryFn: ({ signal }) =>
      apiRequest<PlanAnalytics>(`/api/analytics/plans?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Create or edit a plan; the dialog reports a failure next to the form. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string | null; plan: PlanInput }) =>
      save.id
        ? apiRequest<Plan>(`/api/plans/${encodeURIComponent(save.id)}`, {
            method: 'PUT',
            body: save.plan,
          })
        : apiRequest<Plan>('/api/plans', {
            method: 'POST',
            body: save.plan,
            idempotencyKey: idempotencyKeyFor(save),
          }),
    onSuccess: (_plan, { id }) => {
      notify.success(id ? MESSAGES.planUpdated : MESSAGES.planCreated);
      return refreshPlans(queryClient);
    },
    onError: () => notify.error(MESSAGES.planSaveFailed),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/plans/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      notify.success(MESSAGES.planDeleted);
      return refreshPlans(queryClient);
    },
    onError: () => notify.error(MESSAGES.planDeleteFailed),
  });
}

export function useResetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Plan>(`/api/plans/${encodeURIComponent(id)}/reset`, { method: 'POST' }),
    onSuccess: (plan) => {
      queryClient.setQueryData(TODAY_PLAN_KEY, plan);
      notify.success(MESSAGES.dayReset);
      return refreshPlans(queryClient);
    },
    onError: () => notify.error(MESSAGES.dayResetFailed),
  });
}

const taskUrl = (planId: string, taskId: string) =>
  `/api/plans/${encodeURIComponent(planId)}/tasks/${encodeURIComponent(taskId)}`;

function withTask(plan: Plan | null | undefined, taskId: string, change: Partial<PlanTask>) {
  if (!plan) {
    return plan;
  }
  const tasks = plan.tasks.map((task) => (task.id === taskId ? { ...task, ...change } : task));
  const completedTasks = tasks.filter((task) => task.completed).length;
  return {
    ...plan,
    tasks,
    completion: {
      ...plan.completion,
      completedTasks,
      completionPercentage:
        tasks.length === 0 ? 0 : Math.round((completedTasks / tasks.length) * 100),
    },
  };
}

/**
 * Ticks a task of today's plan: the checkbox and the progress change at once and go
 * back if the server refuses; the server's answer (with the day's completion record, per-tag
 * progress included) then replaces the guess.
 */
export function useToggleTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, completed }: { task: PlanTask; completed: boolean }) =>
      apiRequest<Plan>(taskUrl(planId, task.id), { method: 'PATCH', body: { completed } }),
    onMutate: async ({ task, completed }) => {
      await queryClient.cancelQueries({ queryKey: TODAY_PLAN_KEY });
      const previous = queryClient.getQueryData<Plan | null>(TODAY_PLAN_KEY);
      queryClient.setQueryData(
        TODAY_PLAN_KEY,
        withTask(previous, task.id, {
          completed,
          completedAt: completed ? new Date().toISOString() : null,
        }),
      );
      return { previous };
    },
    onError: (_error, _variables, saved) => {
      queryClient.setQueryData(TODAY_PLAN_KEY, saved?.previous);
      notify.error(MESSAGES.taskUpdateFailed);
    },
    onSuccess: (plan) => {
      queryClient.setQueryData(TODAY_PLAN_KEY, plan);
      return refreshPlans(queryClient);
    },
  });
}

/** Sets or removes a task's reminder ('Reminder set for {task} at {time}'). */
export function useSetTaskReminder(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, reminderTime }: { task: PlanTask; reminderTime: string | null }) =>
      apiRequest<Plan>(taskUrl(planId, task.id), { method: 'PATCH', body: { reminderTime } }),
    onSuccess: (plan, { task, reminderTime }) => {
      queryClient.setQueryData(TODAY_PLAN_KEY, plan);
      notify.success(
        reminderTime
          ? MESSAGES.reminderSet(task.title, reminderTime)
          : MESSAGES.reminderRemoved(task.title),
      );
    },
    onError: () => notify.error(MESSAGES.reminderSetFailed),
  });
}

export function useDeleteTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: PlanTask) =>
      apiRequest<Plan>(taskUrl(planId, task.id), { method: 'DELETE' }),
    onSuccess: (plan) => {
      queryClient.setQueryData(TODAY_PLAN_KEY, plan);
      notify.success(MESSAGES.taskDeleted);
      return refreshPlans(queryClient);
    },
    onError: () => notify.error(MESSAGES.taskDeleteFailed),
  });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tag }: { id: string | null; tag: TagInput }) =>
      id
        ? apiRequest<Tag>(`/api/tags/${encodeURIComponent(id)}`, { method: 'PATCH', body: tag })
        : apiRequest<Tag>('/api/tags', { method: 'POST', body: tag }),
    onSuccess: (_tag, { id }) => {
      notify.success(id ? MESSAGES.tagUpdated : MESSAGES.tagCreated);
      // Not awaited: the form clears as soon as the server answers, so the next tag typed
      // meanwhile is not wiped when the lists come back.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: TAGS_KEY }),
        refreshPlans(queryClient),
      ]);
    },
  });
}

/** A failed delete reloads the list. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Tag) =>
      apiRequest<void>(`/api/tags/${encodeURIComponent(tag.id)}`, { method: 'DELETE' }),
    onSuccess: () => notify.success(MESSAGES.tagDeleted),
    onError: () => notify.error(MESSAGES.tagDeleteFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TAGS_KEY }),
  });
}
