import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ComponentType, type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router';

import { Button } from '../../components/button';
import { DashboardNotFound } from '../../components/dashboard-not-found';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { menuContentClass, menuItemClass } from '../../components/menu';
import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeEvent } from '../../lib/realtime';
import { findFilter, useSavedFilters } from './api';
import { FilterDialogs, type FilterDialogState, useFilterDialogs } from './filter-dialogs';

/** What the page hands the todo board (features/todos' TodoBoard, given by app/filter-route.tsx). */
export interface FilterBoardProps {
  scope: null;
  /** The saved filter's query: the todos shown are those it matches, under the board's filters. */
  filter: string;
  title: ReactNode;
  intro: ReactNode;
  actions?: ReactNode;
  empty?: ReactNode;
}

/**
 * The filter's actions (Edit…, Calendar feed…, Delete…), a Radix menu reached with the arrow
 * keys; what an item chose runs once the menu has closed and given the focus back to its button,
 * so that the dialog it opens returns the focus there.
 */
function FilterActions({ onChoose }: { onChoose: (kind: FilterDialogState['kind']) => void }) {
  const then = useRef<FilterDialogState['kind'] | null>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" aria-label="Filter actions">
          <MoreHorizontal aria-hidden className="size-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className={menuContentClass}
        onCloseAutoFocus={() => {
          const next = then.current;
          then.current = null;
          if (next) {
            onChoose(next);
          }
        }}
      >
        <DropdownMenu.Item className={menuItemClass} onSelect={() => (then.current = 'edit')}>
          Edit…
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menuItemClass} onSelect={() => (then.current = 'feed')}>
          Calendar feed…
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={`${menuItemClass} text-red-700 dark:text-red-400`}
          onSelect={() => (then.current = 'delete')}
        >
          Delete…
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/**
 * A saved filter's page, `/dashboard/filters/:id` (issue 32, ADR 0028): the todo page's board
 * (search, filters, sorts, completing, editing, undo) over the todos its query matches
 * (`GET /api/todos?filter=`), headed by its name, with Edit, its calendar feed and Delete in the
 * header's menu. A filter that is not the user's (unknown, deleted, another user's) is the
 * dashboard's 'Page not found'. The todos follow the todo events as every todo page's do, and a
 * list or tag change elsewhere (which may change what `#List` or `@tag` match) reads them again.
 */
export function FilterPage({ Board }: { Board: ComponentType<FilterBoardProps> }) {
  const id = useParams().id ?? '';
  const filters = useSavedFilters();
  const queryClient = useQueryClient();
  const navigate = useNavigateAfterDialogs();
  const { dialog, open, close } = useFilterDialogs();
  // Deleted here: the page is leaving, and shows nothing rather than 'Page not found' meanwhile.
  const [deleted, setDeleted] = useState<string | null>(null);
  useRealtimeEvent((event) => {
    // A query names lists, sections and tags by name: renaming one changes what it matches.
    if (
      event.type === 'lists.changed' ||
      event.type === 'sections.changed' ||
      event.type === 'plans.changed'
    ) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.todos.lists });
    }
  });

  if (filters.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading...
      </p>
    );
  }
  if (filters.isError && !filters.data) {
    return (
      <div role="alert">
        <LoadError
          message={FILTER_MESSAGES.filtersLoadFailed}
          onRetry={() => void filters.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const filter = findFilter(filters.data, id);
  if (!filter) {
    return deleted === id ? null : <DashboardNotFound />;
  }

  return (
    <>
      <Board
        key={id}
        scope={null}
        filter={filter.query}
        title={
          <span className="inline-flex items-center gap-3">
            <span
              aria-hidden
              className="size-4 shrink-0 rotate-45 rounded-sm"
              style={{ backgroundColor: filter.color }}
            />
            {filter.name}
          </span>
        }
        intro={
          <span>
            Todos matching <code className="font-mono text-sm break-all">{filter.query}</code>
          </span>
        }
        actions={
          <FilterActions
            onChoose={(kind) =>
              kind === 'none' || kind === 'new' ? undefined : open({ kind, filter })
            }
          />
        }
        empty={<p>{FILTER_MESSAGES.filterEmpty}</p>}
      />
      <FilterDialogs
        dialog={dialog}
        onClose={close}
        onDeleted={(gone) => {
          setDeleted(gone.id);
          navigate('/dashboard/todos');
        }}
      />
    </>
  );
}
