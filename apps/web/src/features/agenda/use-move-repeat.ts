import { addDays, daysBetween, MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { CalendarRange, Todo, TodoMoveScope, TodoMoveUndo } from '@daywise/shared/schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { formatCalendarDay } from '../../lib/format';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

/** A repeating todo's occurrence moved to another day, alone or with all the others (ADR 0031). */
export interface RepeatMove {
  todo: Todo;
  /** The occurrence's day: the todo's due date, or a later one the calendar projects. */
  occurrence: string;
  to: string;
  scope: TodoMoveScope;
}

/** The same as `ADR 0031` says the server does, on one cached range, ahead of its answer. */
export function movedRepeat(range: CalendarRange, move: RepeatMove): CalendarRange {
  const { todo, occurrence, to, scope } = move;
  const inside = (day: string | null) => day !== null && range.from <= day && day <= range.to;
  const others = range.todos.filter((item) => item.id !== todo.id);
  const dates = range.repeats.find((repeat) => repeat.todo.id === todo.id)?.dates ?? [];
  let due = todo.dueDate;
  let later = dates;
  const todos = [...others];
  if (scope === 'all') {
    const by = daysBetween(occurrence, to);
    due = todo.dueDate && addDays(todo.dueDate, by);
    later = dates.map((day) => addDays(day, by)).filter(inside);
  } else {
    if (occurrence === todo.dueDate) {
      // The series skips its current occurrence: it is next due on its next one.
      due = dates.find((day) => day > occurrence) ?? null;
      later = dates.filter((day) => day !== due);
    } else {
      // A later one is excluded from the series, which stays due where it was.
      later = dates.filter((day) => day !== occurrence);
    }
    // A copy goes to `to`.
    if (inside(to)) {
      todos.push({ ...todo, id: `moving-${todo.id}`, repeat: null, habit: null, dueDate: to });
    }
  }
  if (inside(due)) {
    todos.push({ ...todo, dueDate: due });
  }
  const repeats = range.repeats
    .map((repeat) => (repeat.todo.id === todo.id ? { ...repeat, dates: later } : repeat))
    .filter((repeat) => repeat.dates.length > 0);
  return { ...range, todos, repeats };
}

function applyMove(queryClient: QueryClient, move: RepeatMove): void {
  for (const [queryKey, range] of queryClient.getQueriesData<CalendarRange>({
    queryKey: queryKeys.agenda.calendars,
  })) {
    if (range) {
      queryClient.setQueryData<CalendarRange>(queryKey, movedRepeat(range, move));
    }
  }
}

const REFRESHED = [queryKeys.agenda.all, queryKeys.todos.all] as const;

/** Puts a move back, as one request; the calendar reads again once it is done. */
function useUndoMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, undo }: { id: string; undo: TodoMoveUndo }) =>
      callApi(todosApi.undoMove, { params: { id }, body: undo }),
    onError: () => notify.error(MESSAGES.todoUpdateFailed),
    onSettled: () =>
      Promise.all(REFRESHED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * Moves a repeating todo's occurrence, alone or with all the others (ADR 0031, Moving repeating
 * todos): the calendar changes at once, goes back with 'Failed to update todo' if the server
 * refuses, and the toast's one Undo puts back all the move did.
 */
export function useMoveRepeat() {
  const undo = useUndoMove();
  return useOptimisticMutation({
    mutationFn: ({ todo, occurrence, to, scope }: RepeatMove) =>
      callApi(todosApi.move, { params: { id: todo.id }, body: { occurrence, to, scope } }),
    touches: () => [queryKeys.agenda.calendars],
    apply: applyMove,
    onFailure: () => notify.error(MESSAGES.todoUpdateFailed),
    onSuccess: (_queryClient, moved, { todo, to }) => {
      const text =
        moved.copy === null
          ? `All occurrences moved; next on ${formatCalendarDay(moved.todo.dueDate ?? to)}`
          : LIST_MESSAGES.todoMoved(formatCalendarDay(to));
      notify.success(text, {
        action: undoAction(() => undo.mutate({ id: todo.id, undo: moved.undo })),
      });
    },
    refresh: () => REFRESHED,
  });
}
