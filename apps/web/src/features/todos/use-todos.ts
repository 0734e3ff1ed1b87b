import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type { Todo, TodoCreate, TodoPage, TodoStats, TodoUpdate } from '@daywise/shared/schemas';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { todoQueries } from './api';
import type { TodoFilters, TodoStatus } from './todo-filters';

export const useTodoStats = () => useQuery(todoQueries.stats());

export const useTodoList = (list: Exclude<TodoStatus, 'all'>, filters: TodoFilters) =>
  useInfiniteQuery(todoQueries.list(list, filters));

/** The dashboard's figures count todos too, so todo changes refresh them. */
const REFRESHED = [queryKeys.todos.all, queryKeys.analytics.all] as const;

function refreshTodos(queryClient: QueryClient) {
  return Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A todo write: says so in a toast either way, and re-reads the todos after success. */
function useTodoWrite<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  succeeded: string,
  failed: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notify.success(succeeded);
      return refreshTodos(queryClient);
    },
    onError: () => notify.error(failed),
  });
}

export const useCreateTodo = () =>
  useTodoWrite(
    (todo: TodoCreate) => callApi(todosApi.create, { body: todo }, { action: todo }),
    MESSAGES.todoCreated,
    MESSAGES.todoCreateFailed,
  );

export const useUpdateTodo = () =>
  useTodoWrite(
    ({ id, update }: { id: string; update: TodoUpdate }) =>
      callApi(todosApi.update, { params: { id }, body: update }),
    MESSAGES.todoUpdated,
    MESSAGES.todoUpdateFailed,
  );

export const useDeleteTodo = () =>
  useTodoWrite(
    (id: string) => callApi(todosApi.remove, { params: { id } }),
    MESSAGES.todoDeleted,
    MESSAGES.todoDeleteFailed,
  );

type ListData = InfiniteData<TodoPage, string | null>;

function markInLists(
  data: ListData | undefined,
  id: string,
  completed: boolean,
  at: string | null,
) {
  if (!data) {
    return data;
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((todo) =>
        todo.id === id ? { ...todo, completed, completedAt: at } : todo,
      ),
    })),
  };
}

function shiftStats(stats: TodoStats | undefined, completed: boolean): TodoStats | undefined {
  if (!stats) {
    return stats;
  }
  const done = stats.completed + (completed ? 1 : -1);
  return {
    ...stats,
    completed: done,
    pending: stats.total - done,
    completionRate: stats.total === 0 ? 0 : Math.round((done / stats.total) * 100),
  };
}

/**
 * Completing and un-completing: the checkbox and the counters change at once; if the
 * server refuses, both go back and 'Failed to update todo' says so. The row moves to the other
 * list when the lists are read again.
 */
export function useToggleTodo() {
  return useOptimisticMutation({
    mutationFn: ({ todo, completed }: { todo: Todo; completed: boolean }) =>
      callApi(todosApi.update, { params: { id: todo.id }, body: { completed } }),
    touches: () => [queryKeys.todos.all],
    apply: (queryClient, { todo, completed }) => {
      const at = completed ? new Date().toISOString() : null;
      queryClient.setQueriesData<ListData>({ queryKey: queryKeys.todos.lists }, (data) =>
        markInLists(data, todo.id, completed, at),
      );
      queryClient.setQueryData<TodoStats>(queryKeys.todos.stats, (current) =>
        shiftStats(current, completed),
      );
    },
    onFailure: () => notify.error(MESSAGES.todoUpdateFailed),
    onSuccess: (_queryClient, todo) =>
      notify.success(todo.completed ? MESSAGES.todoCompleted : MESSAGES.todoMarkedPending),
    refresh: () => REFRESHED,
  });
}
