import { todosApi } from '@daywise/shared/api';
import type { Todo, TodoPage } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';

import { callApi } from '../../lib/api-client';
import { useHiddenItems } from '../../lib/deferred-delete';
import { queryKeys } from '../../lib/query-keys';
import { todoQueries } from './api';

type ListData = InfiniteData<TodoPage, string | null>;

/** Todos in the user's own order (ADR 0027: the server keeps it, clients sort by it). */
export const byOrder = (a: Todo, b: Todo) => a.order - b.order;

/**
 * A todo's subtasks in their order, read while `enabled` (its row expanded, its dialog open),
 * without those whose delete waits for its Undo window.
 */
export function useSubtasks(parentId: string, enabled = true) {
  const query = useInfiniteQuery({ ...todoQueries.subtasks(parentId), enabled });
  const hidden = useHiddenItems<Todo>('todo');
  const subtasks = useMemo(
    () =>
      (query.data?.pages.flatMap((page) => page.items) ?? [])
        .filter((todo) => !hidden.some((gone) => gone.id === todo.id))
        .sort(byOrder),
    [query.data, hidden],
  );
  return { query, subtasks };
}

/**
 * A todo's counts once it has swept the todos below it: none open below it (`openBelow` counts
 * only those a completion sweeps), and none of its own as far as is known here (one that repeats
 * stays open, and shows so once the lists are read again).
 */
const swept = (counts: Todo['subtaskCounts']): Todo['subtaskCounts'] => ({
  ...counts,
  open: 0,
  openBelow: 0,
});

/**
 * Completing a parent completes its open subtasks with it (ADR 0027): the cached ones, at every
 * level, tick at once as the server will tick them; repeating ones are left as the server leaves
 * them. The page reads them again once the server has answered.
 */
export function sweepSubtasks(queryClient: QueryClient, parentId: string, at: string): void {
  const { queryKey } = todoQueries.subtasks(parentId);
  const data = queryClient.getQueryData<ListData>(queryKey);
  if (!data) {
    return;
  }
  const sweeps = (todo: Todo) => !todo.completed && todo.repeat === null;
  queryClient.setQueryData<ListData>(queryKey, {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((todo) =>
        sweeps(todo)
          ? {
              ...todo,
              completed: true,
              completedAt: at,
              subtaskCounts: swept(todo.subtaskCounts),
            }
          : todo,
      ),
    })),
  });
  for (const todo of data.pages.flatMap((page) => page.items)) {
    sweepSubtasks(queryClient, todo.id, at);
  }
}

/**
 * A parent's '2/5' as a toggle leaves it: one more or one fewer open subtask, in every cached row
 * of the parent, and as many fewer open below it as the toggle sweeps; and the toggled todo's own
 * counts, none open below it once it swept them. The lists are read again once the server has
 * answered, which brings the counts of the todos further up.
 */
export function countInLists(
  queryClient: QueryClient,
  todo: Todo,
  completed: boolean,
  sweeps: boolean,
): void {
  queryClient.setQueriesData<ListData>(
    { queryKey: queryKeys.todos.lists },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => {
            if (item.id === todo.parentId) {
              // The toggled todo (which does not repeat) and, completed, what it sweeps.
              const step = completed ? -1 : 1;
              const below = step - (sweeps ? todo.subtaskCounts.openBelow : 0);
              const counts = item.subtaskCounts;
              return {
                ...item,
                subtaskCounts: {
                  ...counts,
                  open: Math.max(0, counts.open + step),
                  openBelow: Math.max(0, counts.openBelow + below),
                },
              };
            }
            if (item.id === todo.id && sweeps) {
              return { ...item, subtaskCounts: swept(item.subtaskCounts) };
            }
            return item;
          }),
        })),
      },
  );
}

/**
 * Adds a subtask from a todo's dialog: created with its parent (the server puts it in the
 * parent's list and section, last). The field keeps what was typed until the server has it.
 */
export function useAddSubtask(parent: Todo) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => {
      const body = { title, parentId: parent.id };
      return callApi(todosApi.create, { body }, { action: body });
    },
    meta: {
      succeeded: SECTION_MESSAGES.subtaskAdded,
      failed: SECTION_MESSAGES.subtaskAddFailed,
      serverMessageFor: ['VALIDATION_FAILED', 'QUOTA_EXCEEDED'],
    },
    onSuccess: () =>
      Promise.all(
        [queryKeys.todos.all, queryKeys.analytics.all, queryKeys.agenda.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
