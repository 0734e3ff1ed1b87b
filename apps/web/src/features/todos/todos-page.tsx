import type { Todo } from '@daywise/shared/schemas';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { Button } from '../../components/button';
import { useBrowserValue } from '../../lib/browser-value';
import { useTimezone, useToday } from '../../lib/settings';
import { DeleteTodoDialog } from './delete-todo-dialog';
import { FiltersPanel } from './filters-panel';
import { TodoCounters } from './todo-counters';
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

/**
 * My Todos. Navigation state `openModal` (the dashboard's 'Add New Task') opens the
 * create dialog on arrival.
 */
export default function TodosPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The order this browser remembers; the server, drawing the page, knows none.
  const filters = readFilters(params, useBrowserValue(rememberedSort, 'created'));
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
  const filtered = activeChips(filters).length > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">My Todos</h1>
          <p className="mt-1 text-gray-600 dark:text-gray-300">
            Plan your work, set reminders, and tick things off.
          </p>
        </div>
        <Button onClick={() => setDialog({ kind: 'edit', todo: null })}>
          <Plus aria-hidden className="size-5" />
          New Todo
        </Button>
      </div>
      <TodoCounters />
      <FiltersPanel filters={filters} onChange={setFilters} />
      {visibleLists(filters).map((list) => (
        <TodoList
          key={list}
          list={list}
          filters={filters}
          filtered={filtered}
          today={today}
          timeZone={timeZone}
          onEdit={edit}
          onDelete={confirmDelete}
        />
      ))}
      {dialog.kind === 'edit' && <TodoDialog todo={dialog.todo} today={today} onClose={close} />}
      {dialog.kind === 'delete' && <DeleteTodoDialog todo={dialog.todo} onClose={close} />}
    </div>
  );
}
