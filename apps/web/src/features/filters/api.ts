import { filtersApi } from '@daywise/shared/api';
import type { SavedFilter, SavedFiltersAnswer } from '@daywise/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The user's saved filters with their open counts (issue 32, ADR 0028), read by the sidebar, the
 * filter page and the header's title. Kept under the todos' root (`queryKeys.filters`), so every
 * todo write and `todos.changed` re-reads the counts.
 */
export const savedFiltersQuery = () =>
  queryOptions({
    queryKey: queryKeys.filters.all,
    queryFn: ({ signal }) => callApi(filtersApi.list, {}, { signal }),
  });

export const useSavedFilters = () => useQuery(savedFiltersQuery());

/** A saved filter's page. */
export const filterPath = (id: string) => `/dashboard/filters/${encodeURIComponent(id)}`;

/** The filter id of a filter page's path, or null for any other path. */
export function filterIdOfPath(pathname: string): string | null {
  const match = /^\/dashboard\/filters\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The saved filter of that id, if the user has it. */
export const findFilter = (
  answer: SavedFiltersAnswer | undefined,
  id: string | null,
): SavedFilter | undefined =>
  id === null ? undefined : answer?.filters.find((filter) => filter.id === id);
