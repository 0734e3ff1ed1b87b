import { MESSAGES } from '@daywise/shared';
import type { Todo, TodoCreate, TodoStats, TodoUpdate } from '@daywise/shared/schemas';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiRequest, idempotencyKeyFor } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { listQuery, type TodoFilters, type TodoStatus } from './todo-filters';

export interface TodoPage {
  items: Todo[];
  nextCursor: string | null;
  total: number;
}

/** Every todo query starts with this key, so one invalidation refreshes them all. */
export const TODOS_KEY = ['todos'] as const;
const STATS_KEY = [...TODOS_KEY, 'stats'] as const;
const LISTS_KEY = [...TODOS_KEY, 'list'] as const;
export const REMINDERS_KEY = [...TODOS_KEY, 'reminders'] as const;

/** The counters, counted by the server so 10,000 todos cost what 10 do. */
export function useTodoStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: ({ signal }) => apiRequest<TodoStats>('/api/todos/stats', { signal }),
  });
}

/**
 * One of the two lists under the filters, a page of 50 at a time. While new filters load, the
 * previous result stays on screen, so typing in the search box never blanks the page.
 */
export function useTodoList(list: Exclude<TodoStatus, 'all'>, filters: TodoFilters) {
  return useInfiniteQuery({
    queryKey: [...LISTS_KEY, list, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TodoPage>(`/api/todos?${listQuery(filters, list, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's figures count todos too, so todo changes refresh them. */
function refreshTodos(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TODOS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['analytics'] }),
  ]);
}

export function useCreateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: TodoCreate) =>
      apiRequest<Todo>('/api/todos', {
        method: 'POST',
        body: todo,
        idempotencyKey: idempotencyKeyFor(todo),
      }),
    onSuccess: () => {
      notify.success(MESSAGES.todoCreated);
      return refreshTodos(queryClient);
    },
    onError: () => notify.error(MESSAGES.todoCreateFailed),
  });
}

export function useUpdateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: TodoUpdate }) =>
      apiRequest<Todo>(`/api/todos/${encodeURIComponent(id)}`, { method: 'PATCH', body: update }),
    onSuccess: () => {
      notify.success(MESSAGES.todoUpdated);
      return refreshTodos(queryClient);
    },
    onError: () => notify.error(MESSAGES.todoUpdateFailed),
  });
}

export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/todos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      notify.success(MESSAGES.todoDeleted);
      return refreshTodos(queryClient);
    },
    onError: () => notify.error(MESSAGES.todoDeleteFailed),
  });
}

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ todo, completed }: { todo: Todo; completed: boolean }) =>
      apiRequest<Todo>(`/api/todos/${encodeURIComponent(todo.id)}`, {
        method: 'PATCH',
        body: { completed },
      }),
    onMutate: async ({ todo, completed }) => {
      await queryClient.cancelQueries({ queryKey: TODOS_KEY });
      const lists = queryClient.getQueriesData<ListData>({ queryKey: LISTS_KEY });
      const stats = queryClient.getQueryData<TodoStats>(STATS_KEY);
      const at = completed ? new Date().toISOString() : null;
      queryClient.setQueriesData<ListData>({ queryKey: LISTS_KEY }, (data) =>
        markInLists(data, todo.id, completed, at),
      );
      queryClient.setQueryData<TodoStats>(STATS_KEY, (current) => shiftStats(current, completed));
      return { lists, stats };
    },
    onError: (_error, _variables, saved) => {
      saved?.lists.forEach(([key, data]) => queryClient.setQueryData(key, data));
      queryClient.setQueryData(STATS_KEY, saved?.stats);
      notify.error(MESSAGES.todoUpdateFailed);
    },
    onSuccess: (todo) =>
      notify.success(todo.completed ? MESSAGES.todoCompleted : MESSAGES.todoMarkedPending),
    onSettled: () => refreshTodos(queryClient),
  });
}
