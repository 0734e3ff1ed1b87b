import { listsApi } from '@daywise/shared/api';
import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { List, ListCreate, ListsAnswer, ListUpdate } from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { listsQuery } from '../../lib/lists';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

export const useLists = () => useQuery(listsQuery());

/** Refusals whose own words the user reads: the quota, a name too long, a list gone. */
const SAID = ['QUOTA_EXCEEDED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] as const;

/**
 * A new list, placed last. The dialog stays open with what was typed until the server has it; a
 * refusal (301 lists) is said in the toast and beside the name.
 */
export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: ListCreate) => callApi(listsApi.create, { body: list }, { action: list }),
    meta: {
      succeeded: LIST_MESSAGES.listCreated,
      failed: LIST_MESSAGES.listCreateFailed,
      serverMessageFor: SAID,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists.all }),
  });
}

/** The answer with `list` changed as `update` says, positions renumbered as the server does. */
export function applyListUpdate(answer: ListsAnswer, id: string, update: ListUpdate): ListsAnswer {
  const current = answer.lists.find((list) => list.id === id);
  if (!current) {
    return answer;
  }
  const changed: List = {
    ...current,
    ...(update.name === undefined ? {} : { name: update.name }),
    ...(update.color === undefined ? {} : { color: update.color }),
    ...(update.archived === undefined ? {} : { archived: update.archived }),
  };
  const others = answer.lists.filter((list) => list.id !== id);
  const to = Math.min(update.position ?? current.position, others.length);
  others.splice(to, 0, changed);
  return { ...answer, lists: others.map((list, position) => ({ ...list, position })) };
}

export interface ListChange {
  list: List;
  update: ListUpdate;
  /** The toast once the server has it; none when the change shows for itself (a move). */
  said?: string;
}

/**
 * Renames, recolours, archives, restores and moves a list: the sidebar changes at once and goes
 * back, saying why, if the server refuses. 'List moved' offers Undo, which moves it back the same
 * way, as a section's and a saved filter's move do (docs/product/todos.md, "Undo").
 */
export function useUpdateList() {
  const change = useOptimisticMutation({
    mutationFn: ({ list, update }: ListChange) =>
      callApi(listsApi.update, { params: { id: list.id }, body: update }),
    touches: () => [queryKeys.lists.all],
    apply: (queryClient, { list, update }) =>
      queryClient.setQueryData<ListsAnswer>(
        queryKeys.lists.all,
        (answer) => answer && applyListUpdate(answer, list.id, update),
      ),
    meta: { failed: LIST_MESSAGES.listUpdateFailed, serverMessageFor: SAID },
    onSuccess: (_queryClient, _saved, { list, update, said }) => {
      if (update.position !== undefined && update.position !== list.position) {
        notify.success(LIST_MESSAGES.listMoved, {
          id: `list-moved:${list.id}`,
          action: undoAction(() =>
            change.mutate({
              list: { ...list, position: update.position ?? list.position },
              update: { position: list.position },
            }),
          ),
        });
      } else if (said) {
        notify.success(said);
      }
    },
    refresh: () => [queryKeys.lists.all],
  });
  return change;
}

export interface ListDelete {
  list: List;
  /** What becomes of its todos; needed when it holds any (409 otherwise). */
  todos?: 'move' | 'delete';
}

/** Deletes a list; its todos, moved or deleted with it, are read again everywhere. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, todos }: ListDelete) =>
      callApi(listsApi.remove, { params: { id: list.id }, query: todos ? { todos } : {} }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.todos.all, queryKeys.analytics.all, queryKeys.agenda.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
