import { MESSAGES } from '@daywise/shared';
import { sharedPlansApi } from '@daywise/shared/api';
import type { SharedPlan, SharedPlanCreateInput, SharedPlanTask } from '@daywise/shared/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { focusToggle } from '../../components/toggle-checkbox';
import { ApiClientError, callApi } from '../../lib/api-client';
import { deleteLater, flushDeletes, useHiddenItems } from '../../lib/deferred-delete';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';
import { socialQueries } from './api';
import { useShowBanner } from './banner';
import { useRealtimeConnected } from './realtime';

const keys = queryKeys.social;

/** Today and Upcoming list shared-plan tasks too, so shared-plan changes refresh them. */
const SHARED_PLAN_READS = [keys.sharedPlans, queryKeys.agenda.all] as const;

function refreshSharedPlans(queryClient: QueryClient) {
  return Promise.all(
    SHARED_PLAN_READS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export const useSharedPlans = () => useQuery(socialQueries.sharedPlans(useRealtimeConnected()));

/** The shared plans as shown: without the tasks whose delete waits out its Undo. */
export function useVisibleSharedPlans(): SharedPlan[] {
  const plans = useSharedPlans().data;
  const hidden = useHiddenSharedTasks();
  return useMemo(() => {
    if (hidden.length === 0) {
      return plans ?? [];
    }
    const hiddenIds = new Set(hidden.map((task) => task.id));
    return (plans ?? []).map((plan) => ({
      ...plan,
      tasks: plan.tasks.filter((task) => !hiddenIds.has(task.id)),
    }));
  }, [plans, hidden]);
}

function editPlan(
  queryClient: QueryClient,
  planId: string,
  edit: (plan: SharedPlan) => SharedPlan,
) {
  queryClient.setQueryData<SharedPlan[]>(keys.sharedPlans, (plans) =>
    plans?.map((plan) => (plan.id === planId ? edit(plan) : plan)),
  );
}

function editTasks(
  queryClient: QueryClient,
  planId: string,
  edit: (tasks: SharedPlanTask[]) => SharedPlanTask[],
) {
  editPlan(queryClient, planId, (plan) => ({ ...plan, tasks: edit(plan.tasks) }));
}

function replaceTask(tasks: SharedPlanTask[], id: string, task: SharedPlanTask) {
  // A refetch may already have brought the saved task; then the placeholder just goes.
  const present = tasks.some((shown) => shown.id === task.id);
  return present
    ? tasks.filter((shown) => shown.id !== id).map((shown) => (shown.id === task.id ? task : shown))
    : tasks.map((shown) => (shown.id === id ? task : shown));
}

export function useCreateSharedPlan() {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationFn: (input: SharedPlanCreateInput) =>
      callApi(sharedPlansApi.create, { body: input }, { action: input }),
    onSuccess: (plan) => {
      queryClient.setQueryData<SharedPlan[]>(keys.sharedPlans, (plans) => [
        plan,
        ...(plans ?? []).filter((shown) => shown.id !== plan.id),
      ]);
      return refreshSharedPlans(queryClient);
    },
    onError: () => showBanner(MESSAGES.createSharedPlanFailed),
  });
}

export function useDeleteSharedPlan() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (planId: string) => callApi(sharedPlansApi.remove, { params: { id: planId } }),
    touches: () => [keys.sharedPlans],
    apply: (queryClient, planId) =>
      queryClient.setQueryData<SharedPlan[]>(keys.sharedPlans, (plans) =>
        plans?.filter((plan) => plan.id !== planId),
      ),
    refresh: () => SHARED_PLAN_READS,
    onFailure: () => showBanner(MESSAGES.deleteSharedPlanFailed),
  });
}

interface NewTask {
  planId: string;
  title: string;
  tempId: string;
  creator: { id: string; name: string };
}

/**
 * The server's own reason when it refused a change on purpose (403: 'You can only do this with a
 * friend' once the two are no longer friends), which says more than 'Failed to add task'.
 */
function refusal(error: Error): string | null {
  return error instanceof ApiClientError && error.status === 403 ? error.message : null;
}

export function useAddSharedTask() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (task: NewTask) =>
      callApi(
        sharedPlansApi.addTask,
        { params: { id: task.planId }, body: { title: task.title } },
        { action: task },
      ),
    touches: () => [keys.sharedPlans],
    apply: (queryClient, { planId, title, tempId, creator }) => {
      const now = new Date().toISOString();
      const task: SharedPlanTask = {
        id: tempId,
        title,
        completed: false,
        createdBy: creator.id,
        createdByName: creator.name,
        createdAt: now,
        updatedBy: null,
        updatedAt: now,
        completedBy: null,
        completedAt: null,
      };
      editTasks(queryClient, planId, (tasks) => [...tasks, task]);
    },
    onSuccess: (queryClient, task, { planId, tempId }) =>
      editTasks(queryClient, planId, (tasks) => replaceTask(tasks, tempId, task)),
    refresh: () => SHARED_PLAN_READS,
    onFailure: (error) => showBanner(refusal(error) ?? MESSAGES.addTaskFailed),
  });
}

interface TaskToggle {
  planId: string;
  task: SharedPlanTask;
  completed: boolean;
  userId: string;
}

/** Names a shared task's checkbox, so Undo can give it back the focus. */
export const sharedTaskFocusKey = (taskId: string) => `shared-task:${taskId}`;

/**
 * Completing records who and when; un-completing clears both. Either offers Undo in its toast
 * for 5 s, which ticks the task back the same way (docs/product/social.md, "Shared plans").
 */
export function useToggleSharedTask() {
  const showBanner = useShowBanner();
  const toggle = useOptimisticMutation({
    mutationFn: ({ planId, task, completed }: TaskToggle) =>
      callApi(sharedPlansApi.updateTask, {
        params: { id: planId, taskId: task.id },
        body: { completed },
      }),
    touches: () => [keys.sharedPlans],
    apply: (queryClient, { planId, task, completed, userId }) =>
      editTasks(queryClient, planId, (tasks) =>
        tasks.map((shown) =>
          shown.id === task.id
            ? {
                ...shown,
                completed,
                completedBy: completed ? userId : null,
                completedAt: completed ? new Date().toISOString() : null,
              }
            : shown,
        ),
      ),
    onSuccess: (queryClient, saved, { planId, task, completed, userId }) => {
      editTasks(queryClient, planId, (tasks) => replaceTask(tasks, saved.id, saved));
      notify.success(completed ? MESSAGES.taskCompleted : MESSAGES.taskMarkedPending, {
        action: undoAction(() => {
          focusToggle(sharedTaskFocusKey(task.id));
          toggle.mutate({ planId, task: saved, completed: !completed, userId });
        }),
      });
    },
    refresh: () => SHARED_PLAN_READS,
    onFailure: (error) => showBanner(refusal(error) ?? MESSAGES.updateTaskFailed),
  });
  return toggle;
}

/** A shared plan's tasks deleted a moment ago whose Undo is still offered (or on their way). */
export const useHiddenSharedTasks = () => useHiddenItems<SharedPlanTask>('shared-task');

/** Sends the waiting shared-task deletes now (the Social page closes). */
export const flushSharedTaskDeletes = () => flushDeletes('shared-task');

/**
 * Deleting a task: it goes at once, 'Task deleted' offers Undo for 5 s, and the DELETE is sent
 * when that ends; the friend sees it go then. A refused delete brings it back with
 * 'Failed to delete task'.
 */
export function useDeleteSharedTask() {
  const queryClient = useQueryClient();
  return (planId: string, task: SharedPlanTask) =>
    deleteLater({
      scope: 'shared-task',
      id: task.id,
      item: task,
      send: (keepalive) =>
        callApi(
          sharedPlansApi.removeTask,
          { params: { id: planId, taskId: task.id } },
          { keepalive },
        ),
      succeeded: MESSAGES.taskDeleted,
      failed: MESSAGES.deleteTaskFailed,
      onDeleted: () => {
        editTasks(queryClient, planId, (tasks) => tasks.filter((shown) => shown.id !== task.id));
        void refreshSharedPlans(queryClient);
      },
      onFailed: () => void refreshSharedPlans(queryClient),
      onUndone: () => focusToggle(sharedTaskFocusKey(task.id)),
    });
}
