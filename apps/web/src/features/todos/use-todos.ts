import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type {
  Todo,
  TodoCreate,
  TodoPage,
  TodoStats,
  TodoUpdateInput,
} from '@daywise/shared/schemas';
import {
  type InfiniteData,
  type MutationMeta,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  type UseMutationOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { focusToggle } from '../../components/toggle-checkbox';
import { ApiClientError, callApi } from '../../lib/api-client';
import { deleteLater, flushDeletes, useHiddenItems } from '../../lib/deferred-delete';
import type { ListScope } from '../../lib/lists';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { announceRepeatDone, isRepeating, putTodo, useUndoOccurrence } from '../../lib/repeats';
import { notify, undoAction } from '../../lib/toast';
import { todoQueries } from './api';
import type { TodoFilters, TodoStatus } from './todo-filters';
import { countInLists, sweepSubtasks } from './use-subtasks';

export const useTodoStats = () => useQuery(todoQueries.stats());

export const useTodoList = (
  list: Exclude<TodoStatus, 'all'>,
  filters: TodoFilters,
  scope: ListScope = null,
) => useInfiniteQuery(todoQueries.list(list, filters, scope));

/** The dashboard's figures, Today and Upcoming count todos too, so todo changes refresh them. */
const REFRESHED = [queryKeys.todos.all, queryKeys.analytics.all, queryKeys.agenda.all] as const;

function refreshTodos(queryClient: QueryClient) {
  return Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A todo write: says so in a toast either way (`meta`), and re-reads the todos after success. */
function useTodoWrite<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  meta: MutationMeta,
  options: Pick<UseMutationOptions<unknown, Error, TVariables>, 'retry' | 'retryDelay'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta, onSuccess: () => refreshTodos(queryClient), ...options });
}

/** How many more times a create that got no answer is sent, a second apart. */
const CREATE_RETRIES = 3;
const CREATE_RETRY_DELAY_MS = 1000;

/**
 * A create whose request got no answer (the server was down for a moment) is sent again by
 * itself, with the same Idempotency-Key, so it is never made twice (ADR 0016); an answer, even an
 * error, is final. The dialog stays open with what was typed until it is saved or has failed
 * (docs/product/todos.md).
 */
export const useCreateTodo = () =>
  useTodoWrite(
    (todo: TodoCreate) => callApi(todosApi.create, { body: todo }, { action: todo }),
    { succeeded: MESSAGES.todoCreated, failed: MESSAGES.todoCreateFailed },
    {
      retry: (failures, error) =>
        failures < CREATE_RETRIES && error instanceof ApiClientError && error.code === 'NETWORK',
      retryDelay: CREATE_RETRY_DELAY_MS,
    },
  );

export const useUpdateTodo = () =>
  useTodoWrite(
    ({ id, update }: { id: string; update: TodoUpdateInput }) =>
      callApi(todosApi.update, { params: { id }, body: update }),
    { succeeded: MESSAGES.todoUpdated, failed: MESSAGES.todoUpdateFailed },
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

/** The counters with `total` and `completed` moved by the given amounts. */
function countStats(total: number, completed: number): TodoStats {
  return {
    total,
    completed,
    pending: total - completed,
    completionRate: total === 0 ? 0 : Math.round((completed / total) * 100),
  };
}

function shiftStats(stats: TodoStats | undefined, completed: boolean): TodoStats | undefined {
  return stats && countStats(stats.total, stats.completed + (completed ? 1 : -1));
}

/** The counters without the todos hidden while their delete waits. */
export function statsWithout(stats: TodoStats, hidden: readonly Todo[]): TodoStats {
  if (hidden.length === 0) {
    return stats;
  }
  const done = hidden.filter((todo) => todo.completed).length;
  return countStats(stats.total - hidden.length, stats.completed - done);
}

/** A list without the todo, its count one lower where it was listed. */
function dropFromList(data: ListData | undefined, id: string): ListData | undefined {
  if (!data?.pages.some((page) => page.items.some((todo) => todo.id === id))) {
    return data;
  }
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      items: page.items.filter((todo) => todo.id !== id),
      total: index === 0 ? Math.max(0, page.total - 1) : page.total,
    })),
  };
}

/** The todos deleted a moment ago whose Undo is still offered (or whose delete is on its way). */
export const useHiddenTodos = () => useHiddenItems<Todo>('todo');

/** Sends the todo page's waiting deletes now, as it unmounts. */
export const flushTodoDeletes = () => flushDeletes('todo');

/**
 * Deleting: the row and its counts go at once, 'Todo deleted successfully!' offers Undo for 5 s,
 * and the DELETE is sent when that ends (docs/product/todos.md, "Undo").
 */
export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return (todo: Todo) =>
    deleteLater({
      scope: 'todo',
      id: todo.id,
      item: todo,
      send: (keepalive) => callApi(todosApi.remove, { params: { id: todo.id } }, { keepalive }),
      succeeded: MESSAGES.todoDeleted,
      failed: MESSAGES.todoDeleteFailed,
      onDeleted: () => {
        queryClient.setQueriesData<ListData>({ queryKey: queryKeys.todos.lists }, (data) =>
          dropFromList(data, todo.id),
        );
        queryClient.setQueryData<TodoStats>(
          queryKeys.todos.stats,
          (stats) => stats && statsWithout(stats, [todo]),
        );
        void refreshTodos(queryClient);
      },
      onFailed: () => void refreshTodos(queryClient),
      onUndone: () => focusToggle(`todo:${todo.id}`),
    });
}

/**
 * Completing and un-completing: the checkbox and the counters change at once; if the
 * server refuses, both go back and 'Failed to update todo' says so. The row moves to the other
 * list when the lists are read again. The toast's Undo toggles back the same way.
 *
 * A repeating todo stays pending when completed: its box ticks at once, then the row shows the
 * server's answer, the next due date, and the toast says it with an Undo of that occurrence
 * (docs/product/todos.md, "Repeating todos and habits"). The counters do not move for it.
 */
export function useToggleTodo() {
  const undoOccurrence = useUndoOccurrence();
  const toggle = useOptimisticMutation({
    mutationFn: ({ todo, completed }: { todo: Todo; completed: boolean }) =>
      callApi(todosApi.update, { params: { id: todo.id }, body: { completed } }),
    touches: () => [queryKeys.todos.all],
    apply: (queryClient, { todo, completed }) => {
      const at = completed ? new Date().toISOString() : null;
      queryClient.setQueriesData<ListData>({ queryKey: queryKeys.todos.lists }, (data) =>
        markInLists(data, todo.id, completed, at),
      );
      // A parent completes the open todos below it with it (ADR 0027); its parent counts one
      // fewer open.
      const sweeps = completed && !isRepeating(todo) && todo.subtaskCounts.openBelow > 0;
      if (sweeps && at !== null) {
        sweepSubtasks(queryClient, todo.id, at);
      }
      if (!isRepeating(todo)) {
        countInLists(queryClient, todo, completed, sweeps);
        queryClient.setQueryData<TodoStats>(queryKeys.todos.stats, (current) =>
          shiftStats(current, completed),
        );
      }
    },
    meta: { failed: MESSAGES.todoUpdateFailed },
    onSuccess: (queryClient, saved, { todo, completed }) => {
      if (isRepeating(todo)) {
        if (completed) {
          announceRepeatDone(queryClient, saved, (done) => undoOccurrence.mutate(done));
        } else {
          putTodo(queryClient, saved);
          notify.success(MESSAGES.todoMarkedPending);
        }
        return;
      }
      notify.success(completed ? MESSAGES.todoCompleted : MESSAGES.todoMarkedPending, {
        action: undoAction(() => {
          focusToggle(`todo:${todo.id}`);
          toggle.mutate({ todo: { ...todo, completed }, completed: !completed });
        }),
      });
    },
    refresh: () => REFRESHED,
  });
  return toggle;
}
