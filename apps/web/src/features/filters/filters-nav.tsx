import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import { type MouseEvent, useEffect } from 'react';
import { NavLink } from 'react-router';

import { LoadError } from '../../components/load-error';
import { NavCount, NavGroup, navItemClass } from '../../components/nav-item';
import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { filterPath, useSavedFilters } from './api';
import { FilterDialogs, filterTools, useFilterDialogs } from './filter-dialogs';

/**
 * The sidebar's saved filters (issue 32, ADR 0028), under the lists: each with its colour, its
 * count of open todos (the server's, kept live by the todo, list, tag and filter events,
 * lib/realtime.ts) and a link to its page, and 'New filter', whose dialog opens the new filter's
 * page once saved. Editing and deleting are on the filter's page.
 */
export function FiltersNav({
  followLink,
}: {
  followLink: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}) {
  const filters = useSavedFilters();
  const navigate = useNavigateAfterDialogs();
  const { dialog, open, close } = useFilterDialogs();
  useEffect(() => filterTools.prefetchOnceActive(), []);
  const all = filters.data?.filters ?? [];

  return (
    <NavGroup title="Filters" addLabel="New filter" onAdd={() => open({ kind: 'new' })}>
      {all.length > 0 && (
        <ul className="mt-1 space-y-1">
          {all.map((filter) => {
            const to = filterPath(filter.id);
            return (
              <li key={filter.id}>
                <NavLink
                  to={to}
                  onClick={(event) => followLink(event, to)}
                  className={({ isActive }) => navItemClass(isActive)}
                >
                  <span
                    aria-hidden
                    className="ml-1 size-3 shrink-0 rotate-45 rounded-sm"
                    style={{ backgroundColor: filter.color }}
                  />
                  <span className="min-w-0 truncate">{filter.name}</span>
                  <NavCount count={filter.openCount} />
                </NavLink>
              </li>
            );
          })}
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
