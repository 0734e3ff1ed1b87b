import { MESSAGES } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { CalendarRange, Todo } from '@daywise/shared/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { formatCalendarDay } from '../../lib/format';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';
import { agendaQueries } from './api';

/** The calendar's days from `from` to `to`; the previous range stays shown while the next loads. */
export const useCalendarRange = (from: string, to: string) =>
  useQuery({ ...agendaQueries.calendar(from, to), placeholderData: (previous) => previous });

export interface Reschedule {
  todo: Todo;
  /** The day it is due on now, YYYY-MM-DD. */
  to: string;
}

/** A range as the move leaves it: the todo on its new day, or gone when that day is outside. */
function moved(range: CalendarRange, { todo, to }: Reschedule): CalendarRange {
  const others = range.todos.filter((item) => item.id !== todo.id);
  const inside = range.from <= to && to <= range.to;
  return { ...range, todos: inside ? [...others, { ...todo, dueDate: to }] : others };
}

function applyMove(queryClient: QueryClient, move: Reschedule): void {
  for (const [queryKey, range] of queryClient.getQueriesData<CalendarRange>({
    queryKey: queryKeys.agenda.calendars,
  })) {
    if (range) {
      queryClient.setQueryData<CalendarRange>(queryKey, moved(range, move));
    }
  }
}

/**
 * Reschedules a todo to another day, by dragging it there or through 'Move to…': it moves at
 * once, goes back with 'Failed to update todo' if the server refuses, and the toast offers Undo,
 * which moves it back the same way (ADR 0031).
 */
export function useRescheduleTodo() {
  const reschedule = useOptimisticMutation({
    mutationFn: ({ todo, to }: Reschedule) =>
      callApi(todosApi.update, { params: { id: todo.id }, body: { dueDate: to } }),
    touches: () => [queryKeys.agenda.calendars],
    apply: applyMove,
    onFailure: () => notify.error(MESSAGES.todoUpdateFailed),
    onSuccess: (_queryClient, saved, { todo }) => {
      notify.success(LIST_MESSAGES.todoMoved(formatCalendarDay(saved.dueDate ?? '')), {
        action: undoAction(() =>
          reschedule.mutate({ todo: saved, to: todo.dueDate ?? saved.dueDate ?? '' }),
        ),
      });
    },
    refresh: () => [queryKeys.agenda.all, queryKeys.todos.all],
  });
  return reschedule;
}
