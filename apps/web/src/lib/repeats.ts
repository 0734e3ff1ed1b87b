import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type {
  AgendaDay,
  AgendaToday,
  AgendaUpcoming,
  Todo,
  TodoPage,
} from '@daywise/shared/schemas';
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

import { focusToggle } from '../components/toggle-checkbox';
import { callApi } from './api-client';
import { formatCalendarDate } from './format';
import { queryKeys } from './query-keys';
import { notify, undoAction } from './toast';

/**
 * Repeating todos on the web (docs/product/todos.md, "Repeating todos and habits"): completing or
 * skipping one moves it to its next occurrence on the server, which answers with the todo as it
 * now is; that answer goes straight into every list showing the todo, and the toast says the next
 * date and offers Undo, which un-does the latest occurrence (PATCH completed: false).
 */

/** The todo lists, Today and Upcoming, and the dashboard: what a repeating todo's change moves. */
export const REPEAT_REFRESHED = [
  queryKeys.todos.all,
  queryKeys.analytics.all,
  queryKeys.agenda.all,
] as const;

type ListData = InfiniteData<TodoPage, string | null>;

const replaced = (todos: Todo[], todo: Todo) =>
  todos.map((item) => (item.id === todo.id ? todo : item));

function replaceInDay<D extends AgendaDay & { overdue?: Todo[] }>(day: D, todo: Todo): D {
  return {
    ...day,
    todos: replaced(day.todos, todo),
    ...(day.overdue ? { overdue: replaced(day.overdue, todo) } : {}),
  };
}

/** The server's answer for a todo, in place wherever the todo is listed (before they are re-read). */
export function putTodo(queryClient: QueryClient, todo: Todo): void {
  queryClient.setQueriesData<ListData>(
    { queryKey: queryKeys.todos.lists },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: replaced(page.items, todo) })),
      },
  );
  queryClient.setQueryData<AgendaToday>(
    queryKeys.agenda.today,
    (today) => today && replaceInDay(today, todo),
  );
  queryClient.setQueryData<AgendaUpcoming>(
    queryKeys.agenda.upcoming,
    (upcoming) => upcoming && { days: upcoming.days.map((day) => replaceInDay(day, todo)) },
  );
}

export const isRepeating = (todo: Todo) => todo.repeat !== null;

const dueText = (todo: Todo) => (todo.dueDate ? formatCalendarDate(todo.dueDate) : '—');

function refresh(queryClient: QueryClient) {
  return Promise.all(
    REPEAT_REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Undo of a repeating todo's completion or skip: the server puts the latest occurrence back,
 * and the todo its due date with it.
 */
export function useUndoOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) =>
      callApi(todosApi.update, { params: { id: todo.id }, body: { completed: false } }),
    onSuccess: (saved) => {
      putTodo(queryClient, saved);
      notify.success(MESSAGES.repeatUndone(dueText(saved)));
    },
    meta: { failed: MESSAGES.todoUpdateFailed },
    onSettled: () => refresh(queryClient),
  });
}

/**
 * After the server took a repeating todo's completion: the answer in place, and 'Done — next:
 * Nov 24, 2026' with Undo (or 'Done — that was the last one' when the repeat has ended).
 */
export function announceRepeatDone(
  queryClient: QueryClient,
  saved: Todo,
  undo: (saved: Todo) => void,
): void {
  putTodo(queryClient, saved);
  const message = saved.completed ? MESSAGES.repeatLastDone : MESSAGES.repeatDone(dueText(saved));
  notify.success(message, {
    action: undoAction(() => {
      focusToggle(`todo:${saved.id}`);
      undo(saved);
    }),
  });
}

/** Skip: the current occurrence is passed over and the todo moves to its next one. */
export function useSkipTodo() {
  const queryClient = useQueryClient();
  const undo = useUndoOccurrence();
  return useMutation({
    mutationFn: (todo: Todo) => callApi(todosApi.skip, { params: { id: todo.id } }),
    onSuccess: (saved) => {
      putTodo(queryClient, saved);
      const message = saved.completed
        ? MESSAGES.todoSkippedLast
        : MESSAGES.todoSkipped(dueText(saved));
      notify.success(message, {
        action: undoAction(() => {
          focusToggle(`todo:${saved.id}`);
          undo.mutate(saved);
        }),
      });
    },
    meta: { failed: MESSAGES.todoSkipFailed },
    onSettled: () => refresh(queryClient),
  });
}
