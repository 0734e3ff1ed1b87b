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
  /** Its due time now, HH:MM, or null for none; left as it is when absent. */
  time?: string | null;
}

/** The change a move sends: the due date, and the due time when it sets one. */
const changeOf = ({ to, time }: Reschedule) =>
  time === undefined ? { dueDate: to } : { dueDate: to, dueTime: time };

/** A range as the move leaves it: the todo on its new day, or gone when that day is outside. */
function moved(range: CalendarRange, move: Reschedule): CalendarRange {
  const { todo, to } = move;
  const others = range.todos.filter((item) => item.id !== todo.id);
  const inside = range.from <= to && to <= range.to;
  return { ...range, todos: inside ? [...others, { ...todo, ...changeOf(move) }] : others };
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
 * Reschedules a todo to another day (and time, in the week's hours), by dragging it there or
 * through 'Move to…': it moves at
 * once, goes back with 'Failed to update todo' if the server refuses, and the toast offers Undo,
 * which moves it back the same way (ADR 0031).
 */
export function useRescheduleTodo() {
  const reschedule = useOptimisticMutation({
    mutationFn: (move: Reschedule) =>
      callApi(todosApi.update, { params: { id: move.todo.id }, body: changeOf(move) }),
    touches: () => [queryKeys.agenda.calendars],
    apply: applyMove,
    onFailure: () => notify.error(MESSAGES.todoUpdateFailed),
    onSuccess: (_queryClient, saved, { todo, time }) => {
      const day = formatCalendarDay(saved.dueDate ?? '');
      notify.success(LIST_MESSAGES.todoMoved(saved.dueTime ? `${day}, ${saved.dueTime}` : day), {
        action: undoAction(() =>
          reschedule.mutate({
            todo: saved,
            to: todo.dueDate ?? saved.dueDate ?? '',
            ...(time === undefined ? {} : { time: todo.dueTime }),
          }),
        ),
      });
    },
    refresh: () => [queryKeys.agenda.all, queryKeys.todos.all],
  });
  return reschedule;
}
