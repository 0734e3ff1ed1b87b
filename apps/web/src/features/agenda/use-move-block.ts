import { BLOCK_MESSAGES } from '@daywise/shared';
import { plansApi, todosApi } from '@daywise/shared/api';
import type { CalendarBlock, CalendarRange } from '@daywise/shared/schemas';
import type { QueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

/** A time block dragged in the week's hours to a day and a start, HH:MM (ADR 0031). */
export interface BlockMove {
  block: CalendarBlock;
  date: string;
  start: string;
}

/** A plan task's block stays on its plan's day: only a todo's block moves to another day. */
export const blockMayMoveTo = (block: CalendarBlock, date: string) =>
  block.kind === 'todo' || block.date === date;

function applyMove(queryClient: QueryClient, { block, date, start }: BlockMove): void {
  for (const [queryKey, range] of queryClient.getQueriesData<CalendarRange>({
    queryKey: queryKeys.agenda.calendars,
  })) {
    if (range) {
      const blocks = range.blocks.map((each) =>
        each.kind === block.kind && each.id === block.id ? { ...each, date, start } : each,
      );
      queryClient.setQueryData<CalendarRange>(queryKey, { ...range, blocks });
    }
  }
}

const send = async ({ block, date, start }: BlockMove): Promise<void> => {
  await (block.kind === 'todo'
    ? callApi(todosApi.update, {
        params: { id: block.id },
        body: { blockDate: date, blockStart: start, blockMinutes: block.minutes },
      })
    : callApi(plansApi.updateTask, {
        params: { id: block.planId ?? '', taskId: block.id },
        body: { blockStart: start, blockMinutes: block.minutes },
      }));
};

/**
 * Moves a time block in the week's hours: at once, back with 'Failed to update the time block'
 * if the server refuses, and Undo in the toast puts it back where it was.
 */
export function useMoveBlock() {
  const move = useOptimisticMutation({
    mutationFn: send,
    touches: () => [queryKeys.agenda.calendars],
    apply: applyMove,
    onFailure: () => notify.error(BLOCK_MESSAGES.updateFailed),
    onSuccess: (_queryClient, _saved, { block, start }) => {
      notify.success(`Time block moved to ${start}`, {
        action: undoAction(() =>
          move.mutate({ block: { ...block, start }, date: block.date, start: block.start }),
        ),
      });
    },
    refresh: () => [queryKeys.agenda.all, queryKeys.plans.all, queryKeys.todos.all],
  });
  return move;
}
