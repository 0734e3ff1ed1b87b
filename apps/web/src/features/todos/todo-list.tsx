import { MESSAGES } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';

import { Button } from '../../components/button';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { INBOX, type ListScope } from '../../lib/lists';
import { notify } from '../../lib/toast';
import { todoQueries } from './api';
import { SectionGroups } from './section-groups';
import { groupsBySection, type TodoFilters, visibleLists } from './todo-filters';
import { TodoRow } from './todo-row';
import { useHiddenTodos, useTodoList } from './use-todos';

const HEADINGS = { pending: 'Pending Tasks', completed: 'Completed Tasks' } as const;
const EMPTY = { pending: MESSAGES.noPendingTodos, completed: MESSAGES.noCompletedTodos } as const;

type ListName = 'pending' | 'completed';

/**
 * The todos the page's other list already shows in that list's state: a todo ticked here
 * reaches the other list when that list is read again, which may be before this one is. Until
 * then it would show twice. Read from the cache without fetching: nothing when that list is not
 * on the page.
 */
function useShownInOtherList(list: ListName, filters: TodoFilters, scope: ListScope): Set<string> {
  const queryClient = useQueryClient();
  const other = list === 'pending' ? 'completed' : 'pending';
  const { queryKey } = todoQueries.list(other, filters, scope);
  const shown = visibleLists(filters).includes(other);
  const read = () => (shown ? queryClient.getQueryData(queryKey) : undefined);
  // The same on the server, which draws the page from the same cache (entry-server.tsx).
  // Told of that list's query only: other queries are made while the page renders (a section's,
  // a row's subtasks), and a store may not change in another component's render.
  const hash = hashKey(queryKey);
  const data = useSyncExternalStore(
    (changed) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) {
          changed();
        }
      }),
    read,
    read,
  );
  return useMemo(
    () =>
      new Set(
        (data?.pages ?? [])
          .flatMap((page) => page.items)
          .filter((todo) => todo.completed === (other === 'completed'))
          .map((todo) => todo.id),
      ),
    [data, other],
  );
}

interface TodoListProps {
  list: ListName;
  filters: TodoFilters;
  /** A list page's list, or the Inbox; null for every todo (My Todos). */
  scope?: ListScope;
  filtered: boolean;
  /** What an empty pending list says instead of 'No pending tasks' (a list page's own words). */
  empty?: ReactNode;
  today: string;
  timeZone: string;
  onEdit: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
}

/**
 * 'Pending Tasks (n)' or 'Completed Tasks (n)': the count is the server's, the rows
 * arrive 50 at a time as the list scrolls into view (or with 'Load more').
 */
export function TodoList({
  list,
  filters,
  scope = null,
  filtered,
  empty,
  today,
  timeZone,
  onEdit,
  onDelete,
}: TodoListProps) {
  const headingId = useId();
  const query = useTodoList(list, filters, scope);
  const hidden = useHiddenTodos();
  const movedAway = useShownInOtherList(list, filters, scope);
  const loaded = query.data?.pages.flatMap((page) => page.items) ?? [];
  // A todo whose delete waits for its undo window is neither shown nor counted, nor is one the
  // other list already shows.
  const todos = loaded.filter(
    (todo) =>
      !hidden.some((gone) => gone.id === todo.id) &&
      !(todo.completed !== (list === 'completed') && movedAway.has(todo.id)),
  );
  const firstPage = query.data?.pages[0];
  const total =
    firstPage &&
    `${firstPage.total - (loaded.length - todos.length)}${firstPage.totalIsLowerBound ? '+' : ''}`;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  // A list page's pending todos, unfiltered, are grouped by section in the user's own order.
  const sectioned = groupsBySection(filters, list, scope);
  const emptyNote = (
    <div className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
      {list === 'pending' && empty !== undefined ? empty : <p>{EMPTY[list]}</p>}
      {filtered && <p className="mt-1 text-sm">Nothing here matches the filters.</p>}
    </div>
  );
  const rowsOf = (rows: readonly Todo[], ordered: boolean) => (
    <ul className="space-y-2">
      {rows.map((todo) => (
        <TodoRow
          key={todo.id}
          todo={todo}
          today={today}
          timeZone={timeZone}
          onEdit={onEdit}
          onDelete={onDelete}
          siblings={ordered ? rows : undefined}
        />
      ))}
    </ul>
  );

  useEffect(() => {
    if (query.isError) {
      notify.error(MESSAGES.todosLoadFailed);
    }
  }, [query.isError]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section aria-labelledby={headingId} aria-busy={query.isFetching} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {HEADINGS[list]} ({total ?? '…'})
      </h2>
      {query.isPending ? (
        <p
          role="status"
          className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300"
        >
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Loading...
        </p>
      ) : query.isError && todos.length === 0 ? (
        <LoadError
          message={MESSAGES.todosLoadFailed}
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      ) : sectioned ? (
        <SectionGroups
          listId={scope === INBOX ? null : scope}
          todos={todos}
          more={hasNextPage}
          empty={emptyNote}
          renderRows={(rows) => rowsOf(rows, true)}
        />
      ) : todos.length === 0 ? (
        emptyNote
      ) : (
        rowsOf(todos, false)
      )}
      {hasNextPage && (
        <div ref={sentinel} className="flex justify-center">
          <Button
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            variant="secondary"
            size="sm"
          >
            {isFetchingNextPage && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}
