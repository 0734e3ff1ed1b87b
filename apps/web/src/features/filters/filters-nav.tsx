import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type { SavedFilter } from '@daywise/shared/schemas';
import { type MouseEvent, useEffect } from 'react';
import { NavLink } from 'react-router';

import { LoadError } from '../../components/load-error';
import { NavActionsButton } from '../../components/nav-actions';
import { NavCount, NavGroup, navItemClass } from '../../components/nav-item';
import { rowDrag, useDropTarget } from '../../components/nav-reorder';
import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { filterPath, useSavedFilters } from './api';
import {
  FilterDialogs,
  type FilterDialogState,
  filterTools,
  loadFilterTools,
  useFilterDialogs,
} from './filter-dialogs';
import { useMoveFilter } from './use-move-filter';

type FollowLink = (event: MouseEvent<HTMLAnchorElement>, to: string) => void;

/** A filter dragged by its sidebar row, to be dropped on another's place. */
const filterDrag = rowDrag<SavedFilter>('application/x-daywise-filter');

interface FilterItemProps {
  filter: SavedFilter;
  /** The filters before and after it, whose places Move up and Move down take. */
  before: SavedFilter | undefined;
  after: SavedFilter | undefined;
  followLink: FollowLink;
  onDialog: (dialog: FilterDialogState) => void;
}

/**
 * A saved filter in the sidebar: its colour, name and open count, a link to its page, and its
 * menu (Edit…, Move up, Move down). It is dragged by its row to another's place, as lists are.
 */
function FilterItem({ filter, before, after, followLink, onDialog }: FilterItemProps) {
  const move = useMoveFilter();
  const to = filterPath(filter.id);
  const actionsKey = `filter:${filter.id}`;
  const drop = useDropTarget(
    (event) => filterDrag.carried(event) !== null,
    (event) => {
      const dragged = filterDrag.carried(event);
      if (dragged && dragged.id !== filter.id) {
        move.mutate({ filter: dragged, position: filter.position });
      }
    },
  );
  return (
    <li {...drop.handlers} {...filterDrag.source(filter)} className="group relative">
      <NavLink
        to={to}
        onClick={(event) => followLink(event, to)}
        className={({ isActive }) => navItemClass(isActive, `pr-12 ${drop.className}`)}
      >
        <span
          aria-hidden
          className="ml-1 size-3 shrink-0 rotate-45 rounded-sm"
          style={{ backgroundColor: filter.color }}
        />
        <span className="min-w-0 truncate">{filter.name}</span>
        <NavCount count={filter.openCount} />
      </NavLink>
      <NavActionsButton
        tools={filterTools}
        actionsKey={actionsKey}
        label={`Actions for filter "${filter.name}"`}
        load={() => void loadFilterTools()}
        menu={(loaded, trigger, defaultOpen) => (
          <loaded.FilterNavActions
            trigger={trigger}
            actionsKey={actionsKey}
            before={before}
            after={after}
            defaultOpen={defaultOpen}
            onEdit={() => onDialog({ kind: 'edit', filter })}
            onMove={(target) => move.mutate({ filter, position: target.position })}
          />
        )}
      />
    </li>
  );
}

/**
 * The sidebar's saved filters (issue 32, ADR 0028), under the lists: each with its colour, its
 * count of open todos (the server's, kept live by the todo, list, tag and filter events,
 * lib/realtime.ts), a link to its page and its menu, reordered as the lists are (dragged, or Move
 * up and Move down from the menu), and 'New filter', whose dialog opens the new filter's page once
 * saved. Deleting a filter and its feed are on the filter's page.
 */
export function FiltersNav({ followLink }: { followLink: FollowLink }) {
  const filters = useSavedFilters();
  const navigate = useNavigateAfterDialogs();
  const { dialog, open, close } = useFilterDialogs();
  useEffect(() => filterTools.prefetchOnceActive(), []);
  const all = filters.data?.filters ?? [];

  return (
    <NavGroup title="Filters" addLabel="New filter" onAdd={() => open({ kind: 'new' })}>
      {all.length > 0 && (
        <ul className="mt-1 space-y-1">
          {all.map((filter, index) => (
            <FilterItem
              key={filter.id}
              filter={filter}
              before={all[index - 1]}
              after={all[index + 1]}
              followLink={followLink}
              onDialog={open}
            />
          ))}
        </ul>
      )}
      {filters.isSuccess && all.length === 0 && (
        <p className="px-3 py-2 text-sm text-gray-600 dark:text-gray-300">No filters yet.</p>
      )}
      {filters.isError && !filters.data && (
        <div role="alert">
          <LoadError
            message={FILTER_MESSAGES.filtersLoadFailed}
            onRetry={() => void filters.refetch()}
            className="px-3 py-2 text-sm text-red-700 dark:text-red-400"
          />
        </div>
      )}
      <FilterDialogs
        dialog={dialog}
        onClose={close}
        onSaved={(filter) => navigate(filterPath(filter.id))}
      />
    </NavGroup>
  );
}
