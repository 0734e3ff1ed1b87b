import { MESSAGES } from '@daywise/shared';
import { plansApi, tagsApi } from '@daywise/shared/api';
import type { Plan, PlanInput, PlanTask, Tag, TagInput } from '@daywise/shared/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { planQueries } from './api';

/** The dashboard's figures count plan tasks too, so plan changes refresh them. */
const PLAN_FIGURES = [queryKeys.plans.all, queryKeys.analytics.all] as const;

function refreshPlans(queryClient: QueryClient) {
  return Promise.all(PLAN_FIGURES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Today's plan in the user's time zone (the server decides the day), or null. */
export function useTodayPlan() {
  return useQuery(planQueries.today());
}

export function useTags() {
  return useQuery(planQueries.tags());
}

export function useCompletions(days: number) {
  return useQuery(planQueries.completions(days));
}

export function usePlanAnalytics(days: number, enabled: boolean) {
  return useQuery(planQueries.analytics(days, enabled));
}

/** Create or edit a plan; the dialog reports a failure next to the form. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string | null; plan: PlanInput }) =>
      save.id
        ? callApi(plansApi.update, { params: { id: save.id }, body: save.plan })
        : callApi(plansApi.create, { body: save.plan }, { action: save }),
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
    mutationFn: (id: string) => callApi(plansApi.remove, { params: { id } }),
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
    mutationFn: (id: string) => callApi(plansApi.reset, { params: { id } }),
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.plans.today, plan);
      notify.success(MESSAGES.dayReset);
      return refreshPlans(queryClient);
    },
    onError: () => notify.error(MESSAGES.dayResetFailed),
  });
}

const taskParams = (planId: string, task: PlanTask) => ({
  params: { id: planId, taskId: task.id },
});

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
  return useOptimisticMutation({
    mutationFn: ({ task, completed }: { task: PlanTask; completed: boolean }) =>
      callApi(plansApi.updateTask, { ...taskParams(planId, task), body: { completed } }),
    touches: () => [queryKeys.plans.today],
    apply: (queryClient, { task, completed }) =>
      queryClient.setQueryData<Plan | null>(queryKeys.plans.today, (plan) =>
        withTask(plan, task.id, {
          completed,
          completedAt: completed ? new Date().toISOString() : null,
        }),
      ),
    onSuccess: (queryClient, plan) => queryClient.setQueryData(queryKeys.plans.today, plan),
    onFailure: () => notify.error(MESSAGES.taskUpdateFailed),
    refresh: () => PLAN_FIGURES,
  });
}

/** Sets or removes a task's reminder ('Reminder set for {task} at {time}'). */
export function useSetTaskReminder(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, reminderTime }: { task: PlanTask; reminderTime: string | null }) =>
      callApi(plansApi.updateTask, { ...taskParams(planId, task), body: { reminderTime } }),
    onSuccess: (plan, { task, reminderTime }) => {
      queryClient.setQueryData(queryKeys.plans.today, plan);
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
    mutationFn: (task: PlanTask) => callApi(plansApi.removeTask, taskParams(planId, task)),
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.plans.today, plan);
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
        ? callApi(tagsApi.update, { params: { id }, body: tag })
        : callApi(tagsApi.create, { body: tag }),
    onSuccess: (_tag, { id }) => {
      notify.success(id ? MESSAGES.tagUpdated : MESSAGES.tagCreated);
      // Not awaited: the form clears as soon as the server answers, so the next tag typed
      // meanwhile is not wiped when the lists come back.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
        refreshPlans(queryClient),
      ]);
    },
  });
}

/** A failed delete reloads the list. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Tag) => callApi(tagsApi.remove, { params: { id: tag.id } }),
    onSuccess: () => notify.success(MESSAGES.tagDeleted),
    onError: () => notify.error(MESSAGES.tagDeleteFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
  });
}
