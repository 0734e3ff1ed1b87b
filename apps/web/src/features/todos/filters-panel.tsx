import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import { useQuery } from '@tanstack/react-query';
import { Filter, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { inputClass, selectClass } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { PriorityOptions } from '../../components/priority-chip';
import { loadOnce, useLoaded } from '../../lib/load-once';
import { saveAsFilterRequests } from '../../lib/page-requests';
import { tagListQuery } from '../../lib/tags';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  activeChips,
  DUE_LABELS,
  type DueFilter,
  NO_FILTERS,
  SORT_LABELS,
  STATUS_LABELS,
  type TodoFilters,
  type TodoSort,
  type TodoStatus,
  withoutFilter,
} from './todo-filters';

/** The search asks the server once typing pauses; the box itself never waits. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The panel's Filter field (query-filter.tsx), fetched when the panel first opens. */
const queryFilterCode = loadOnce(() => import('./query-filter'));

interface FiltersPanelProps {
  filters: TodoFilters;
  onChange: (filters: TodoFilters) => void;
  /** Whether the panel has the Filter field (not on a saved filter's page, which has its query). */
  withQuery?: boolean;
}

/**
 * Search and the Filters panel: Status, Priority, Tag and Due Date, a query in the filter
 * language (Filter, with 'Save as filter'), a removable chip for each active filter, and
 * 'Clear all'.
 */
export function FiltersPanel({ filters, onChange, withQuery = false }: FiltersPanelProps) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  const [queryText, setQueryText] = useState(filters.filter);
  const [open, setOpen] = useState(
    filters.status !== 'all' ||
      filters.priority !== 'all' ||
      filters.due !== 'any' ||
      filters.tag !== '' ||
      filters.filter !== '',
  );
  const typedQuery = useDebouncedValue(queryText, SEARCH_DEBOUNCE_MS);
  const queryFilter = useLoaded(queryFilterCode);
  // Fetched ahead once the user is on the page, and at once when the panel opens; a failure says
  // so in the panel, with Try Again.
  const [queryFailed, setQueryFailed] = useState(false);
  const [queryTries, setQueryTries] = useState(0);
  useEffect(() => (withQuery ? queryFilterCode.prefetchOnceActive() : undefined), [withQuery]);
  useEffect(() => {
    if (withQuery && open) {
      queryFilterCode.load().catch(() => setQueryFailed(true));
    }
  }, [withQuery, open, queryTries]);
  // Read once the panel is open or a tag filter is set (its chip names the tag).
  const tags = useQuery({ ...tagListQuery(), enabled: open || filters.tag !== '' });
  const searched = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const chips = activeChips(filters, (tagId) => tags.data?.find((tag) => tag.id === tagId)?.name);

  useEffect(() => {
    if (searched.trim() !== filters.q) {
      onChange({ ...filters, q: searched.trim() });
    }
    // Only a pause in typing searches; other filter changes must not replay an old search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  const remove = (key: keyof TodoFilters) => {
    if (key === 'q') {
      setText('');
    }
    if (key === 'filter') {
      setQueryText('');
    }
    onChange(withoutFilter(filters, key));
  };

  const clearAll = () => {
    setText('');
    setQueryText('');
    onChange({ ...NO_FILTERS, sort: filters.sort });
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-48 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
          />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-label="Search todos"
            placeholder="Search todos..."
            maxLength={200}
            className={`${inputClass} pl-9`}
          />
        </div>
        <Button
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          variant="bare"
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-4 text-sm font-semibold hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          <Filter aria-hidden className="size-4" />
          Filters
        </Button>
        <label htmlFor={`${id}-sort`} className="sr-only">
          Sort todos
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as TodoSort })}
          className={selectClass}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {open && (
        <Card
          radius="xl"
          id={`${id}-panel`}
          className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}-status`} className="block text-sm font-medium">
              Status
            </label>
            <select
              id={`${id}-status`}
              value={filters.status}
              onChange={(event) =>
                onChange({ ...filters, status: event.target.value as TodoStatus })
              }
              className={`${selectClass} w-full`}
            >
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-priority`} className="block text-sm font-medium">
              Priority
            </label>
            <select
              id={`${id}-priority`}
              value={filters.priority}
              onChange={(event) =>
                onChange({ ...filters, priority: event.target.value as TodoFilters['priority'] })
              }
              className={`${selectClass} w-full`}
            >
              <option value="all">All Priorities</option>
              <PriorityOptions highFirst />
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-tag`} className="block text-sm font-medium">
              Tag
            </label>
            <select
              id={`${id}-tag`}
              value={filters.tag}
              onChange={(event) => onChange({ ...filters, tag: event.target.value })}
              className={`${selectClass} w-full`}
            >
              <option value="">All Tags</option>
              {tags.data?.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
              {filters.tag && tags.data && !tags.data.some((tag) => tag.id === filters.tag) && (
                <option value={filters.tag}>Unknown tag</option>
              )}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-due`} className="block text-sm font-medium">
              Due Date
            </label>
            <select
              id={`${id}-due`}
              value={filters.due}
              onChange={(event) => onChange({ ...filters, due: event.target.value as DueFilter })}
              className={`${selectClass} w-full`}
            >
              {Object.entries(DUE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {withQuery && queryFilter && (
            <queryFilter.QueryFilter
              text={queryText}
              onText={setQueryText}
              typed={typedQuery}
              applied={filters.filter}
              onApply={(query) => onChange({ ...filters, filter: query })}
              onSave={(query) => saveAsFilterRequests.request(query)}
            />
          )}
          {withQuery && !queryFilter && queryFailed && (
            <div role="alert" className="sm:col-span-2 lg:col-span-4">
              <LoadError
                message={FILTER_MESSAGES.filterFieldLoadFailed}
                onRetry={() => {
                  setQueryFailed(false);
                  setQueryTries((tries) => tries + 1);
                }}
                className="text-sm text-red-700 dark:text-red-400"
              />
            </div>
          )}
        </Card>
      )}
      {chips.length > 0 && (
        <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Button
                onClick={() => remove(chip.key)}
                aria-label={`Remove filter ${chip.label}`}
                variant="bare"
                className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-3 py-1 text-sm text-blue-900 hover:bg-blue-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-blue-950 dark:text-blue-100 dark:hover:bg-blue-900"
              >
                {chip.label}
                <X aria-hidden className="size-3.5" />
              </Button>
            </li>
          ))}
          <li>
            <Button onClick={clearAll} variant="link">
              Clear all
            </Button>
          </li>
        </ul>
      )}
    </div>
  );
}
