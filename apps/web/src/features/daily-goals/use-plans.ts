import { MESSAGES } from '@daywise/shared';
import { plansApi, tagsApi } from '@daywise/shared/api';
import type { Plan, PlanInput, PlanTask, Tag, TagInput } from '@daywise/shared/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { focusToggle } from '../../components/toggle-checkbox';
import { callApi } from '../../lib/api-client';
import { deleteLater, flushDeletes, useHiddenItems } from '../../lib/deferred-delete';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { useToday } from '../../lib/settings';
import { notify, undoAction } from '../../lib/toast';
import { planQueries } from './api';

/** The dashboard's figures, Today and Upcoming count plan tasks too, so plan changes refresh them. */
const PLAN_FIGURES = [queryKeys.plans.all, queryKeys.analytics.all, queryKeys.agenda.all] as const;

function refreshPlans(queryClient: QueryClient) {
  return Promise.all(PLAN_FIGURES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The plan of a day (YYYY-MM-DD), or null. */
export function usePlanOfDay(day: string) {
  return useQuery(planQueries.day(day));
}

/** Today's plan in the user's time zone, or null; read again when midnight passes. */
export function useTodayPlan() {
  return usePlanOfDay(useToday());
}

/** The first day from `from` on that has no plan, read only while `enabled`. */
export function useFirstFreeDay(from: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...planQueries.firstFreeDay(from, queryClient), enabled });
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
    // A day that already has a plan is named as such ('You already have a plan for this day.').
    meta: { failed: MESSAGES.planSaveFailed, serverMessageFor: ['CONFLICT'] },
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(plansApi.remove, { params: { id } }),
    meta: { succeeded: MESSAGES.planDeleted, failed: MESSAGES.planDeleteFailed },
    onSuccess: () => refreshPlans(queryClient),
  });
}

export function useResetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(plansApi.reset, { params: { id } }),
    meta: { succeeded: MESSAGES.dayReset, failed: MESSAGES.dayResetFailed },
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.plans.day(plan.planDate), plan);
      return refreshPlans(queryClient);
    },
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
 * The plan without the tasks hidden while their delete waits, its progress counted without them
 * as the server will count it once they are gone.
 */
export function withoutTasks(plan: Plan, hidden: readonly PlanTask[]): Plan {
  const gone = hidden.filter((task) => plan.tasks.some((kept) => kept.id === task.id));
  if (gone.length === 0) {
    return plan;
  }
  const tasks = plan.tasks.filter((task) => !gone.some((hiddenTask) => hiddenTask.id === task.id));
  const percent = (done: number, total: number) =>
    total === 0 ? 0 : Math.round((done / total) * 100);
  const completedTasks = tasks.filter((task) => task.completed).length;
  const tagStats = plan.completion.tagStats.flatMap((stat) => {
    const ofTag = gone.filter((task) => task.tag === stat.tag);
    const total = stat.total - ofTag.length;
    const completed = stat.completed - ofTag.filter((task) => task.completed).length;
    return total <= 0 ? [] : [{ ...stat, total, completed, percentage: percent(completed, total) }];
  });
  return {
    ...plan,
    tasks,
    completion: {
      ...plan.completion,
      totalTasks: tasks.length,
      completedTasks,
      completionPercentage: percent(completedTasks, tasks.length),
      tagStats,
    },
  };
}

/** Plan tasks deleted a moment ago whose Undo is still offered (or on their way). */
export const useHiddenTasks = () => useHiddenItems<PlanTask>('plan-task');

/** Sends the waiting task deletes now (the page closes, or the plan is about to be edited). */
export const flushTaskDeletes = () => flushDeletes('plan-task');

/**
 * Ticks a task of the plan of `day` (today's or any other): the checkbox and the progress change
 * at once and go back if the server refuses; the server's answer (with the day's completion
 * record, per-tag progress included) then replaces the guess. The toast's Undo ticks it back the
 * same way.
 */
export function useToggleTask(planId: string, day: string) {
  const planKey = queryKeys.plans.day(day);
  const toggle = useOptimisticMutation({
    mutationFn: ({ task, completed }: { task: PlanTask; completed: boolean }) =>
      callApi(plansApi.updateTask, { ...taskParams(planId, task), body: { completed } }),
    touches: () => [planKey],
    apply: (queryClient, { task, completed }) =>
      queryClient.setQueryData<Plan | null>(planKey, (plan) =>
        withTask(plan, task.id, {
          completed,
          completedAt: completed ? new Date().toISOString() : null,
        }),
      ),
    onSuccess: (queryClient, plan, { task, completed }) => {
      queryClient.setQueryData(planKey, plan);
      notify.success(completed ? MESSAGES.taskCompleted : MESSAGES.taskMarkedPending, {
        action: undoAction(() => {
          focusToggle(`task:${task.id}`);
          toggle.mutate({ task: { ...task, completed }, completed: !completed });
        }),
      });
    },
    meta: { failed: MESSAGES.taskUpdateFailed },
    refresh: () => PLAN_FIGURES,
  });
  return toggle;
}

/** Sets or removes a task's reminder ('Reminder set for {task} at {time}'). */
export function useSetTaskReminder(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, reminderTime }: { task: PlanTask; reminderTime: string | null }) =>
      callApi(plansApi.updateTask, { ...taskParams(planId, task), body: { reminderTime } }),
    onSuccess: (plan, { task, reminderTime }) => {
      queryClient.setQueryData(queryKeys.plans.day(plan.planDate), plan);
      notify.success(
        reminderTime
          ? MESSAGES.reminderSet(task.title, reminderTime)
          : MESSAGES.reminderRemoved(task.title),
      );
    },
    meta: { failed: MESSAGES.reminderSetFailed },
  });
}

/**
 * Deleting a task: it and its share of the progress go at once, 'Task deleted' offers Undo for
 * 5 s, and the DELETE is sent when that ends (docs/product/daily-goals.md, "Undo").
 */
export function useDeleteTask(planId: string, day: string) {
  const queryClient = useQueryClient();
  const planKey = queryKeys.plans.day(day);
  return (task: PlanTask) =>
    deleteLater({
      scope: 'plan-task',
      id: task.id,
      item: task,
      send: (keepalive) => callApi(plansApi.removeTask, taskParams(planId, task), { keepalive }),
      succeeded: MESSAGES.taskDeleted,
      failed: MESSAGES.taskDeleteFailed,
      onDeleted: (plan) => {
        if (plan) {
          queryClient.setQueryData(planKey, plan);
        } else {
          queryClient.setQueryData<Plan | null>(
            planKey,
            (current) => current && withoutTasks(current, [task]),
          );
        }
        void refreshPlans(queryClient);
      },
      onFailed: () => void refreshPlans(queryClient),
      onUndone: () => focusToggle(`task:${task.id}`),
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
        // Todos show their tags' names and colours.
        queryClient.invalidateQueries({ queryKey: queryKeys.todos.all }),
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
    meta: { succeeded: MESSAGES.tagDeleted, failed: MESSAGES.tagDeleteFailed },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.todos.all }),
      ]),
  });
}
