import { todosApi } from '@daywise/shared/api';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { listQuery, type TodoFilters, type TodoStatus } from './todo-filters';

/** The todo reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const todoQueries = {
  /** The counters, counted by the server so 10,000 todos cost what 10 do. */
  stats: () =>
    queryOptions({
      queryKey: queryKeys.todos.stats,
      queryFn: ({ signal }) => callApi(todosApi.stats, {}, { signal }),
    }),

  /**
   * One of the two lists under the filters, a page of 50 at a time. While new filters load, the
   * previous result stays on screen, so typing in the search box never blanks the page.
   */
  list: (list: Exclude<TodoStatus, 'all'>, filters: TodoFilters) =>
    infiniteQueryOptions({
      queryKey: queryKeys.todos.list(list, filters),
      queryFn: ({ pageParam, signal }) =>
        callApi(todosApi.list, { query: listQuery(filters, list, pageParam) }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),

  /** The unfinished todos with a reminder time, for the browser to schedule. */
  reminders: () =>
    queryOptions({
      queryKey: queryKeys.todos.reminders,
      queryFn: ({ signal }) => callApi(todosApi.reminders, {}, { signal }),
    }),
};
