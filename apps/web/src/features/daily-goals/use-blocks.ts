import { BLOCK_MESSAGES } from '@daywise/shared';
import { agendaApi, plansApi, todosApi } from '@daywise/shared/api';
import type { CalendarBlock, CalendarRange, Plan } from '@daywise/shared/schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';

/*
 * Time blocks on Today's Goals (ADR 0031, Time blocks): the plan's tasks' blocks come with the
 * plan; the todos' blocks of the day come from the calendar's read of that one day (the same key
 * the calendar uses, so every todo and plan change that refreshes the calendar refreshes it).
 */

export const BLOCK_TEXTS = {
  failed: BLOCK_MESSAGES.updateFailed,
  timeline: 'Timeline',
  schedule: 'Schedule',
  unschedule: 'Remove from the timeline',
  keys: 'Arrow keys move it by 15 minutes; Shift and arrow keys change its length.',
} as const;

/** A block's new start and length, HH:MM and minutes; nulls take the block away. */
export interface BlockChange {
  blockStart: string | null;
  blockMinutes: number | null;
}

/** The blocks of the day `day` from the calendar's read of it. */
export const dayBlocksQuery = (day: string) =>
  queryOptions({
    queryKey: queryKeys.agenda.calendar(day, day),
    queryFn: ({ signal }) =>
      callApi(agendaApi.calendar, { query: { from: day, to: day } }, { signal }),
  });

/** The todos' blocks of `day`. */
export function useTodoBlocks(day: string): CalendarBlock[] {
  const { data } = useQuery(dayBlocksQuery(day));
  return (data?.blocks ?? []).filter((block) => block.kind === 'todo');
}

/** Refreshed once a block change settles: the plan, the calendars and the agenda. */
const BLOCK_FIGURES = [queryKeys.plans.all, queryKeys.agenda.all] as const;

/**
 * Gives a task of the plan of `day` a block, moves, resizes or clears it: the timeline changes at
 * once and goes back with 'Failed to update the time block' if the server refuses.
 */
export function useSetTaskBlock(planId: string, day: string) {
  const planKey = queryKeys.plans.day(day);
  return useOptimisticMutation({
    mutationFn: ({ taskId, change }: { taskId: string; change: BlockChange }) =>
      callApi(plansApi.updateTask, { params: { id: planId, taskId }, body: change }),
    touches: () => [planKey],
    apply: (queryClient, { taskId, change }) =>
      queryClient.setQueryData<Plan | null>(
        planKey,
        (plan) =>
          plan && {
            ...plan,
            tasks: plan.tasks.map((task) => (task.id === taskId ? { ...task, ...change } : task)),
          },
      ),
    onSuccess: (queryClient, plan) => queryClient.setQueryData(planKey, plan),
    meta: { failed: BLOCK_TEXTS.failed },
    refresh: () => BLOCK_FIGURES,
  });
}

/** The cached calendar ranges with the todo's block changed (or gone). */
function applyTodoBlock(queryClient: QueryClient, todoId: string, change: BlockChange): void {
  for (const [queryKey, range] of queryClient.getQueriesData<CalendarRange>({
    queryKey: queryKeys.agenda.calendars,
  })) {
    if (!range) {
      continue;
    }
    const blocks = range.blocks.flatMap((block) => {
      if (block.kind !== 'todo' || block.id !== todoId) {
        return [block];
      }
      return change.blockStart === null || change.blockMinutes === null
        ? []
        : [{ ...block, start: change.blockStart, minutes: change.blockMinutes }];
    });
    queryClient.setQueryData<CalendarRange>(queryKey, { ...range, blocks });
  }
}

/** Moves, resizes or clears a todo's block on its day, as useSetTaskBlock does a task's. */
export function useSetTodoBlock() {
  return useOptimisticMutation({
    mutationFn: ({ todoId, change }: { todoId: string; change: BlockChange }) =>
      callApi(todosApi.update, {
        params: { id: todoId },
        body:
          change.blockStart === null
            ? { blockDate: null, blockStart: null, blockMinutes: null }
            : change,
      }),
    touches: () => [queryKeys.agenda.calendars],
    apply: (queryClient, { todoId, change }) => applyTodoBlock(queryClient, todoId, change),
    meta: { failed: BLOCK_TEXTS.failed },
    refresh: () => [queryKeys.agenda.all, queryKeys.todos.all],
  });
}
