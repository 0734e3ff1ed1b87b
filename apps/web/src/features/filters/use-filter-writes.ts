import { calendarApi, filtersApi } from '@daywise/shared/api';
import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type {
  SavedFilter,
  SavedFilterCreate,
  SavedFiltersAnswer,
  SavedFilterUpdate,
} from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { applyFilterUpdate } from './use-move-filter';

/*
 * The saved filters' writes (issue 32, ADR 0028), used by the dialogs and the filter's page only:
 * the sidebar, on every signed-in page, reads them through `api.ts` alone.
 */

/**
 * Refusals whose own words the user reads: the quota ('at most 100'), a query that does not
 * parse (with where), a name too long, a filter gone.
 */
const SAID = ['QUOTA_EXCEEDED', 'FILTER_INVALID', 'VALIDATION_FAILED', 'NOT_FOUND'] as const;

/**
 * A new filter, placed last. The dialog stays open with what was typed until the server has it;
 * a refusal is said in the toast and beside the field it is about. Not optimistic: its count is
 * the server's to give.
 */
export function useCreateFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: SavedFilterCreate) =>
      callApi(filtersApi.create, { body: filter }, { action: filter }),
    meta: {
      succeeded: FILTER_MESSAGES.filterCreated,
      failed: FILTER_MESSAGES.filterCreateFailed,
      serverMessageFor: SAID,
    },
    onSuccess: (created) => {
      queryClient.setQueryData<SavedFiltersAnswer>(
        queryKeys.filters.all,
        (answer) => answer && { filters: [...answer.filters, created] },
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.filters.all });
    },
  });
}

export interface FilterChange {
  filter: SavedFilter;
  update: SavedFilterUpdate;
}

/**
 * Renames, recolours or changes a filter's query: the sidebar, the page's title and its todos
 * follow at once, and go back if the server refuses. The count and the todos are read again once
 * it settles, since a new query matches other todos.
 */
export function useUpdateFilter() {
  return useOptimisticMutation({
    mutationFn: ({ filter, update }: FilterChange) =>
      callApi(filtersApi.update, { params: { id: filter.id }, body: update }),
    touches: () => [queryKeys.filters.all],
    apply: (queryClient, { filter, update }) =>
      queryClient.setQueryData<SavedFiltersAnswer>(
        queryKeys.filters.all,
        (answer) => answer && applyFilterUpdate(answer, filter.id, update),
      ),
    meta: {
      succeeded: FILTER_MESSAGES.filterUpdated,
      failed: FILTER_MESSAGES.filterUpdateFailed,
      serverMessageFor: SAID,
    },
    refresh: () => [queryKeys.filters.all],
  });
}

/**
 * Deletes a filter (its todos stay as they are): it leaves the sidebar at once and comes back,
 * saying so, if the server refuses.
 */
export function useDeleteFilter() {
  return useOptimisticMutation({
    mutationFn: (filter: SavedFilter) => callApi(filtersApi.remove, { params: { id: filter.id } }),
    touches: () => [queryKeys.filters.all],
    apply: (queryClient, filter) =>
      queryClient.setQueryData<SavedFiltersAnswer>(
        queryKeys.filters.all,
        (answer) =>
          answer && {
            filters: answer.filters
              .filter((other) => other.id !== filter.id)
              .map((other, position) => ({ ...other, position })),
          },
      ),
    meta: { succeeded: FILTER_MESSAGES.filterDeleted, failed: FILTER_MESSAGES.filterDeleteFailed },
    refresh: () => [queryKeys.filters.all],
  });
}

/**
 * A saved filter's calendar feed address (ADR 0028): on while the account's feed is on, and
 * changing when it does; never kept, as it holds a secret.
 */
export const useFilterFeed = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.calendarFeed, 'filter', id],
    queryFn: ({ signal }) => callApi(calendarApi.filterGet, { params: { id } }, { signal }),
    gcTime: 0,
  });
