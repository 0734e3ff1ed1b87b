import { MESSAGES } from '@daywise/shared';
import { sharedPlansApi } from '@daywise/shared/api';
import type { SharedPlan, SharedPlanCreateInput, SharedPlanTask } from '@daywise/shared/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
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
    onFailure: () => showBanner(MESSAGES.addTaskFailed),
  });
}

interface TaskToggle {
  planId: string;
  task: SharedPlanTask;
  completed: boolean;
  userId: string;
}

/** Completing records who and when; un-completing clears both. */
export function useToggleSharedTask() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
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
    onSuccess: (queryClient, saved, { planId }) =>
      editTasks(queryClient, planId, (tasks) => replaceTask(tasks, saved.id, saved)),
    refresh: () => SHARED_PLAN_READS,
    onFailure: () => showBanner(MESSAGES.updateTaskFailed),
  });
}

export function useDeleteSharedTask() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: ({ planId, taskId }: { planId: string; taskId: string }) =>
      callApi(sharedPlansApi.removeTask, { params: { id: planId, taskId } }),
    touches: () => [keys.sharedPlans],
    apply: (queryClient, { planId, taskId }) =>
      editTasks(queryClient, planId, (tasks) => tasks.filter((task) => task.id !== taskId)),
    refresh: () => SHARED_PLAN_READS,
    onFailure: () => showBanner(MESSAGES.deleteTaskFailed),
  });
}
