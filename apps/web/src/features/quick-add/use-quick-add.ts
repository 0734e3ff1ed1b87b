import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type { TodoCreate } from '@daywise/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import type { QuickAdd } from './parse-quick-add';

/** A quick-added todo: the create body, with its repeat. */
export type QuickAddTodo = TodoCreate;

/**
 * The create body of a line read, taken from the very reading whose chips the dialog shows, so
 * that what is saved is what the chips said (issue 31). A priority not said is medium; a list
 * not said is `listId`, the page's (a list page's list, or the Inbox: null).
 */
export function quickAddTodo(parsed: QuickAdd, listId: string | null = null): QuickAddTodo {
  return {
    title: parsed.title,
    priority: parsed.priority ?? 'medium',
    dueDate: parsed.dueDate,
    // A time said is the due time, reminded at as a time always was (ADR 0030).
    dueTime: parsed.dueTime,
    reminders: parsed.dueTime ? [{ before: 0 }] : [],
    repeat: parsed.repeat,
    listId: parsed.listId ?? listId,
    ...(parsed.tagIds.length > 0 ? { tagIds: parsed.tagIds } : {}),
  };
}

/** What a new todo changes: the todo lists and counters, the dashboard, Today and Upcoming. */
const REFRESHED = [queryKeys.todos.all, queryKeys.analytics.all, queryKeys.agenda.all] as const;

/**
 * Creates the todo as the todo dialog does (docs/ARCHITECTURE.md): one Idempotency-Key per
 * Enter, 'Todo created successfully!' and the lists read again on success, 'Failed to create
 * todo' on failure (the dialog keeps the text and shows the server's reason).
 */
export function useQuickAddTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: QuickAddTodo) => callApi(todosApi.create, { body: todo }, { action: todo }),
    meta: { succeeded: MESSAGES.todoCreated, failed: MESSAGES.todoCreateFailed },
    onSuccess: () =>
      Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
