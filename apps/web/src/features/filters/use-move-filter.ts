import { filtersApi } from '@daywise/shared/api';
import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type { SavedFilter, SavedFiltersAnswer, SavedFilterUpdate } from '@daywise/shared/schemas';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

/** The answer with a filter changed as `update` says, positions renumbered as the server does. */
export function applyFilterUpdate(
  answer: SavedFiltersAnswer,
  id: string,
  update: SavedFilterUpdate,
): SavedFiltersAnswer {
  const current = answer.filters.find((filter) => filter.id === id);
  if (!current) {
    return answer;
  }
  const changed: SavedFilter = {
    ...current,
    ...(update.name === undefined ? {} : { name: update.name.trim() }),
    ...(update.color === undefined ? {} : { color: update.color }),
    ...(update.query === undefined ? {} : { query: update.query.trim() }),
  };
  const others = answer.filters.filter((filter) => filter.id !== id);
  const to = Math.min(update.position ?? current.position, others.length);
  others.splice(to, 0, changed);
  return { filters: others.map((filter, position) => ({ ...filter, position })) };
}

export interface FilterMove {
  filter: SavedFilter;
  /** The place it takes (that of the filter it was dropped on, or of its neighbour). */
  position: number;
}

/**
 * Moves a saved filter in the sidebar (dragged onto another's place, or Move up and Move down in
 * its menu), as lists are moved: it moves at once, and goes back with 'Failed to move filter' if
 * the server refuses. 'Filter moved' offers Undo, which moves it back the same way, as a
 * section's move does (docs/product/todos.md, "Undo"). Its other tabs follow through
 * `filters.changed`. In the sidebar's own code, not the filter tools', so that a drop never waits
 * for them.
 */
export function useMoveFilter() {
  const move = useOptimisticMutation({
    mutationFn: ({ filter, position }: FilterMove) =>
      callApi(filtersApi.update, { params: { id: filter.id }, body: { position } }),
    touches: () => [queryKeys.filters.all],
    apply: (queryClient, { filter, position }) =>
      queryClient.setQueryData<SavedFiltersAnswer>(
        queryKeys.filters.all,
        (answer) => answer && applyFilterUpdate(answer, filter.id, { position }),
      ),
    meta: { failed: FILTER_MESSAGES.filterMoveFailed },
    onSuccess: (_queryClient, _saved, { filter, position }) => {
      notify.success(FILTER_MESSAGES.filterMoved, {
        id: `filter-moved:${filter.id}`,
        action: undoAction(() =>
          move.mutate({ filter: { ...filter, position }, position: filter.position }),
        ),
      });
    },
    refresh: () => [queryKeys.filters.all],
  });
  return move;
}
