import { reviewApi } from '@daywise/shared/api';
import type { Review, ReviewReschedule, ReviewUndo } from '@daywise/shared/schemas';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { formatCalendarDay } from '../../lib/format';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

/** What the review says (ours, issue 33; docs/product/dashboard.md, "Review"). */
export const REVIEW_MESSAGES = {
  moved: (count: number, day: string) =>
    `Moved ${count === 1 ? '1 item' : `${count} items`} to ${day}`,
  dropped: (count: number) => `Dropped ${count === 1 ? '1 item' : `${count} items`}`,
  failed: 'Could not update your review. Please try again.',
  undone: 'Put back as it was',
  undoFailed: 'Could not put it back. Please try again.',
} as const;

const reviewQuery = () =>
  queryOptions({
    queryKey: queryKeys.agenda.review,
    queryFn: ({ signal }) => callApi(reviewApi.get, {}, { signal }),
  });

export const useReview = () => useQuery(reviewQuery());

/** The review as the reschedule leaves it: todos gone from the unfinished, tasks marked. */
function rescheduled(review: Review, { to, todoIds, taskIds }: ReviewReschedule): Review {
  const todos = new Set(todoIds);
  const tasks = new Set(taskIds);
  return {
    ...review,
    open: {
      todos: review.open.todos.filter((todo) => !todos.has(todo.id)),
      tasks: review.open.tasks.map((task) =>
        tasks.has(task.id) ? { ...task, carriedTo: to, dropped: to === null } : task,
      ),
    },
  };
}

function applyReschedule(queryClient: QueryClient, change: ReviewReschedule): void {
  queryClient.setQueryData<Review>(queryKeys.agenda.review, (review) =>
    review ? rescheduled(review, change) : review,
  );
}

/** Everything a review write changes: the agenda (and the review), the todos, the plans. */
const REVIEW_WRITES = [queryKeys.agenda.all, queryKeys.todos.all, queryKeys.plans.all] as const;

/** Puts back what a reschedule did; the toast says whether it could. */
function useUndoReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (undo: ReviewUndo) => callApi(reviewApi.undo, { body: undo }),
    meta: { succeeded: REVIEW_MESSAGES.undone, failed: REVIEW_MESSAGES.undoFailed },
    onSettled: () =>
      Promise.all(REVIEW_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * Moves unfinished items to a day, or drops them: they leave the list at once, come back with a
 * message if the server refuses, and the toast offers Undo, which puts all of them back.
 */
export function useRescheduleReview() {
  const undo = useUndoReschedule();
  return useOptimisticMutation({
    mutationFn: (change: ReviewReschedule) => callApi(reviewApi.reschedule, { body: change }),
    touches: () => [queryKeys.agenda.review],
    apply: applyReschedule,
    // The server's own words when it refuses ('Choose today or a later day').
    meta: { failed: REVIEW_MESSAGES.failed, serverMessageFor: 'any' },
    onSuccess: (_queryClient, saved, { to }) => {
      notify.success(
        to === null
          ? REVIEW_MESSAGES.dropped(saved.moved)
          : REVIEW_MESSAGES.moved(saved.moved, formatCalendarDay(to)),
        { action: undoAction(() => undo.mutate(saved.undo)) },
      );
    },
    refresh: () => REVIEW_WRITES,
  });
}
