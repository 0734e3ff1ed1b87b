import { todosApi } from '@daywise/shared/api';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import type { ListScope } from '../../lib/lists';
import { queryKeys } from '../../lib/query-keys';
import { listQuery, type TodoFilters, type TodoStatus } from './todo-filters';

/** The name under which a todo's subtasks are kept beside the pending and completed lists. */
export const SUBTASKS = 'subtasks';

/** The todo reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const todoQueries = {
  /** The counters, counted by the server so 10,000 todos cost what 10 do. */
  stats: () =>
    queryOptions({
      queryKey: queryKeys.todos.stats,
      queryFn: ({ signal }) => callApi(todosApi.stats, {}, { signal }),
    }),

  /**
   * One of the two lists under the filters, a page of 50 at a time, within a list's scope (a
   * list page's) or across every list. While new filters load, the previous result stays on
   * screen, so typing in the search box never blanks the page. A scoped key carries its scope as
   * `list` beside the filters (`scopeOfKey`).
   */
  list: (list: Exclude<TodoStatus, 'all'>, filters: TodoFilters, scope: ListScope = null) =>
    infiniteQueryOptions({
      queryKey: queryKeys.todos.list(list, scope === null ? filters : { ...filters, list: scope }),
      queryFn: ({ pageParam, signal }) =>
        callApi(todosApi.list, { query: listQuery(filters, list, pageParam, scope) }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),

  /**
   * A todo's own subtasks, done or not, when its row or dialog shows them (ADR 0027): one page of
   * up to 100 in their order (a todo rarely has more; 'Load more' reads on). The key is under the lists', so
   * completing, deleting and moving edit these rows as they do the lists'.
   */
  subtasks: (parentId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.todos.list(SUBTASKS, { parent: parentId }),
      queryFn: ({ pageParam, signal }) =>
        callApi(
          todosApi.list,
          {
            query: {
              parent: parentId,
              status: 'all',
              // In their order, so that a page past the first goes on where it ended.
              sort: 'order',
              limit: 100,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),

  /** The unfinished todos with a reminder time, for the browser to schedule. */
  reminders: () =>
    queryOptions({
      queryKey: queryKeys.todos.reminders,
      queryFn: ({ signal }) => callApi(todosApi.reminders, {}, { signal }),
    }),
};

/** The scope a todo list's query key was made for (`todoQueries.list`): null for every list. */
export function scopeOfKey(queryKey: readonly unknown[]): ListScope {
  const filters = queryKey[3] as { list?: string } | undefined;
  return filters?.list ?? null;
}
