import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type { ListsAnswer, Todo, TodoPage } from '@daywise/shared/schemas';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { focusToggle } from '../../components/toggle-checkbox';
import { callApi } from '../../lib/api-client';
import { INBOX, listName, type ListScope } from '../../lib/lists';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';
import { scopeOfKey } from './api';

type ListData = InfiniteData<TodoPage, string | null>;

export interface TodoMove {
  todo: Todo;
  /** The list it goes to; null is the Inbox. */
  to: string | null;
}

/** Whether a page of `scope` shows todos of `listId`. */
const holds = (scope: ListScope, listId: string | null) =>
  scope === null || scope === (listId ?? INBOX);

/**
 * Each cached todo list as the move leaves it: every list and the new list's page show the todo
 * in its new list; the page of the list it left no longer shows it, one fewer in its count.
 */
function moveInLists(queryClient: QueryClient, { todo, to }: TodoMove): void {
  for (const [queryKey, data] of queryClient.getQueriesData<ListData>({
    queryKey: queryKeys.todos.lists,
  })) {
    if (!data) {
      continue;
    }
    const stays = holds(scopeOfKey(queryKey), to);
    const listed = data.pages.some((page) => page.items.some((item) => item.id === todo.id));
    if (!listed) {
      continue;
    }
    queryClient.setQueryData<ListData>(queryKey, {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        items: stays
          ? page.items.map((item) => (item.id === todo.id ? { ...item, listId: to } : item))
          : page.items.filter((item) => item.id !== todo.id),
        total: !stays && index === 0 ? Math.max(0, page.total - 1) : page.total,
      })),
    });
  }
}

/** The sidebar's counts as the move leaves them: an open todo counts in its new list. */
function moveInCounts(answer: ListsAnswer | undefined, { todo, to }: TodoMove) {
  if (!answer || todo.completed) {
    return answer;
  }
  const shift = (listId: string | null) =>
    (listId === to ? 1 : 0) - (listId === todo.listId ? 1 : 0);
  return {
    inbox: { openCount: answer.inbox.openCount + shift(null) },
    lists: answer.lists.map((list) => ({ ...list, openCount: list.openCount + shift(list.id) })),
  };
}

/**
 * Moves a todo to another list or the Inbox, from its row's 'Move to…', by dragging it onto the
 * sidebar, or from quick keys: the row and the counts change at once, go back if the server
 * refuses ('Failed to move todo'), and 'Moved to Work' offers Undo, which moves it back the same
 * way (docs/product/todos.md, "Lists").
 */
export function useMoveTodo() {
  const move = useOptimisticMutation({
    mutationFn: ({ todo, to }: TodoMove) =>
      callApi(todosApi.update, { params: { id: todo.id }, body: { listId: to } }),
    touches: () => [queryKeys.todos.lists, queryKeys.lists.all],
    apply: (queryClient, variables) => {
      moveInLists(queryClient, variables);
      queryClient.setQueryData<ListsAnswer>(queryKeys.lists.all, (answer) =>
        moveInCounts(answer, variables),
      );
    },
    meta: { failed: MESSAGES.todoMoveFailed, serverMessageFor: ['VALIDATION_FAILED'] },
    onSuccess: (queryClient, _saved, { todo, to }) => {
      const lists = queryClient.getQueryData<ListsAnswer>(queryKeys.lists.all);
      notify.success(MESSAGES.todoMoved(listName(lists, to)), {
        id: `moved:${todo.id}`,
        action: undoAction(() => {
          move.mutate({ todo: { ...todo, listId: to }, to: todo.listId });
          focusToggle(`todo:${todo.id}`);
        }),
      });
    },
    refresh: () => [queryKeys.todos.all, queryKeys.agenda.all],
  });
  return move;
}
