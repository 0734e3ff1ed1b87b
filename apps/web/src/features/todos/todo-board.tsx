import type { Todo } from '@daywise/shared/schemas';
import { Plus } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { Button } from '../../components/button';
import { useBrowserValue } from '../../lib/browser-value';
import { INBOX, type ListScope } from '../../lib/lists';
import { useTimezone, useToday } from '../../lib/settings';
import { DeleteTodoDialog } from './delete-todo-dialog';
import { FiltersPanel } from './filters-panel';
import { TodoDialog } from './todo-dialog';
import {
  activeChips,
  readFilters,
  rememberedSort,
  rememberSort,
  type TodoFilters,
  visibleLists,
  writeFilters,
} from './todo-filters';
import { TodoList } from './todo-list';
import { flushTodoDeletes } from './use-todos';

type OpenDialog =
  { kind: 'none' } | { kind: 'edit'; todo: Todo | null } | { kind: 'delete'; todo: Todo };

interface TodoBoardProps {
  /** The todos shown: one list's, the Inbox's, or every one (null, My Todos). */
  scope: ListScope;
  /** Only the todos this query in the filter language matches (a saved filter's page). */
  filter?: string;
  title: ReactNode;
  intro: ReactNode;
  /** Buttons beside New Todo (a list page's Quick add). */
  actions?: ReactNode;
  /** Between the heading and the search (My Todos' counters). */
  above?: ReactNode;
  /** What an empty pending list says (a list page's own words and its quick add). */
  empty?: ReactNode;
}

/**
 * A page of todos: its heading, search and filters (kept in the address), the pending and
 * completed lists, and the edit and delete dialogs. My Todos shows every todo; a list page the
 * same within its list (`scope`), where a new todo goes into that list; a saved filter's page
 * the todos its query matches (`filter`, ADR 0028). Navigation state
 * `openModal` (the dashboard's 'Add New Task') opens the create dialog on arrival.
 */
export function TodoBoard({ scope, filter, title, intro, actions, above, empty }: TodoBoardProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The order this browser remembers; the server, drawing the page, knows none.
  const fromAddress = readFilters(params, useBrowserValue(rememberedSort, 'created'));
  // A saved filter's page has its query, which the panel neither shows nor replaces.
  const shown = filter === undefined ? fromAddress : { ...fromAddress, filter: '' };
  const filters = filter === undefined ? shown : { ...shown, filter };
  const today = useToday();
  const timeZone = useTimezone();
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    (location.state as { openModal?: boolean } | null)?.openModal
      ? { kind: 'edit', todo: null }
      : { kind: 'none' },
  );

  // The state has done its job: a reload or going back here must not open the dialog again.
  useEffect(() => {
    if ((location.state as { openModal?: boolean } | null)?.openModal) {
      void navigate({ search: location.search }, { replace: true, state: null });
    }
  }, [location.state, location.search, navigate]);

  // Leaving the page sends its waiting deletes now: an Undo must not outlive the rows it restores.
  useEffect(() => flushTodoDeletes, []);

  const setFilters = (next: TodoFilters) => {
    if (next.sort !== filters.sort) {
      rememberSort(next.sort);
    }
    setParams(writeFilters(next), { replace: true });
  };
  const edit = useCallback((todo: Todo) => setDialog({ kind: 'edit', todo }), [setDialog]);
  const confirmDelete = useCallback(
    (todo: Todo) => setDialog({ kind: 'delete', todo }),
    [setDialog],
  );
  const close = () => setDialog({ kind: 'none' });
  const filtered = activeChips(shown).length > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{title}</h1>
          <p className="mt-1 text-gray-600 dark:text-gray-300">{intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button onClick={() => setDialog({ kind: 'edit', todo: null })}>
            <Plus aria-hidden className="size-5" />
            New Todo
          </Button>
        </div>
      </div>
      {above}
      <FiltersPanel filters={shown} onChange={setFilters} withQuery={filter === undefined} />
      {visibleLists(filters).map((list) => (
        <TodoList
          key={list}
          list={list}
          filters={filters}
          scope={scope}
          filtered={filtered}
          empty={filtered ? undefined : empty}
          today={today}
          timeZone={timeZone}
          onEdit={edit}
          onDelete={confirmDelete}
        />
      ))}
      {dialog.kind === 'edit' && (
        <TodoDialog
          todo={dialog.todo}
          today={today}
          listId={scope === INBOX ? null : scope}
          onClose={close}
        />
      )}
      {dialog.kind === 'delete' && <DeleteTodoDialog todo={dialog.todo} onClose={close} />}
    </div>
  );
}
