import { DUE_FILTERS, PRIORITIES, TODO_SORTS, TODO_STATUSES } from '@daywise/shared';
import { type Priority, type TodoListQuery } from '@daywise/shared/schemas';

import { PRIORITY_LABELS } from '../../components/priority-chip';
import type { ListScope } from '../../lib/lists';

export type TodoStatus = (typeof TODO_STATUSES)[number];
export type DueFilter = (typeof DUE_FILTERS)[number];
export type TodoSort = (typeof TODO_SORTS)[number];

/**
 * What the list shows (status, priority, free text; the due-date filter is ours,
 * issue 5). Kept in the address bar, so a reload or a shared link shows the same list.
 */
export interface TodoFilters {
  status: TodoStatus;
  priority: Priority | 'all';
  due: DueFilter;
  q: string;
  /** A tag's id, or '' for any tag. */
  tag: string;
  /** The order, not a filter: no chip, and 'Clear all' keeps it (issue 14, ours). */
  sort: TodoSort;
  /**
   * A query in the filter language (ADR 0028), or '' for none: typed in the Filters panel's
   * Filter field and kept in the address (`?filter=`), with a chip; a saved filter's page sets its
   * own instead. The other filters narrow what it matches.
   */
  filter: string;
}

export const NO_FILTERS: TodoFilters = {
  status: 'all',
  priority: 'all',
  due: 'any',
  q: '',
  tag: '',
  sort: 'created',
  filter: '',
};

export const SORT_LABELS: Record<TodoSort, string> = {
  created: 'Newest first',
  due: 'Due date',
  priority: 'Priority',
};

/** Where the last chosen order is kept, so the list opens in it next time. */
export const SORT_STORAGE_KEY = 'daywise.todoSort';

/** The order chosen last in this browser; 'created' when none (or storage is unavailable). */
export function rememberedSort(): TodoSort {
  try {
    return oneOf(TODO_SORTS, window.localStorage.getItem(SORT_STORAGE_KEY), 'created');
  } catch {
    return 'created';
  }
}

export function rememberSort(sort: TodoSort): void {
  try {
    window.localStorage.setItem(SORT_STORAGE_KEY, sort);
  } catch {
    // Private mode or storage full: the order still applies, it is just not remembered.
  }
}

export const STATUS_LABELS: Record<TodoStatus, string> = {
  all: 'All Tasks',
  pending: 'Pending',
  completed: 'Completed',
};

export const DUE_LABELS: Record<DueFilter, string> = {
  any: 'Any Date',
  overdue: 'Overdue',
  today: 'Due Today',
  week: 'Due This Week',
  none: 'No Due Date',
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/**
 * The filters in an address; anything unknown reads as "no filter". An address without an order
 * takes `sort` (the remembered one).
 */
export function readFilters(params: URLSearchParams, sort: TodoSort = 'created'): TodoFilters {
  return {
    status: oneOf(TODO_STATUSES, params.get('status'), 'all'),
    priority: oneOf([...PRIORITIES, 'all'], params.get('priority'), 'all'),
    due: oneOf(DUE_FILTERS, params.get('due'), 'any'),
    q: params.get('q')?.trim() ?? '',
    tag: params.get('tag')?.trim().slice(0, 100) ?? '',
    sort: oneOf(TODO_SORTS, params.get('sort'), sort),
    filter: params.get('filter')?.trim() ?? '',
  };
}

/** The address for `filters`: only the filters that are set, so a plain list has a plain URL. */
export function writeFilters(filters: TodoFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') {
    params.set('status', filters.status);
  }
  if (filters.priority !== 'all') {
    params.set('priority', filters.priority);
  }
  if (filters.due !== 'any') {
    params.set('due', filters.due);
  }
  if (filters.q.trim()) {
    params.set('q', filters.q.trim());
  }
  if (filters.tag) {
    params.set('tag', filters.tag);
  }
  if (filters.sort !== 'created') {
    params.set('sort', filters.sort);
  }
  if (filters.filter.trim()) {
    params.set('filter', filters.filter.trim());
  }
  return params;
}

/**
 * Whether the page shows todos nested (ADR 0027, web): top-level todos only, each with its
 * subtasks under it, and on a list page grouped by section in the user's own order. A search or a
 * filter shows every matching todo flat instead, subtasks too, so that nothing it matches hides
 * under a collapsed parent. The sort is no filter: it keeps the nesting.
 */
export function showsNested(filters: TodoFilters): boolean {
  return (
    !filters.q.trim() &&
    filters.priority === 'all' &&
    filters.due === 'any' &&
    !filters.tag &&
    !filters.filter.trim()
  );
}

/**
 * Whether a list's pending todos are grouped by section (ADR 0027, web): on a list page (or the
 * Inbox's) while it nests them. The groups are in the user's own order, whatever the page's sort.
 */
export function groupsBySection(
  filters: TodoFilters,
  list: Exclude<TodoStatus, 'all'>,
  scope: ListScope,
): boolean {
  return scope !== null && list === 'pending' && showsNested(filters);
}

/**
 * The API query for one list (pending or completed) under `filters`, within `scope`: one list's
 * todos, the Inbox's, or every todo (null); top-level todos only while the page nests them. Todos
 * grouped by section are read in the user's own order (`sort=order`), so that each page of 50
 * goes on where the last ended: those in no section, then each section's in turn.
 */
export function listQuery(
  filters: TodoFilters,
  list: Exclude<TodoStatus, 'all'>,
  cursor: string | null,
  scope: ListScope = null,
): TodoListQuery {
  return {
    ...(Object.fromEntries(writeFilters({ ...filters, status: list })) as TodoListQuery),
    ...(scope === null ? {} : { list: scope }),
    ...(showsNested(filters) ? { parent: 'none' } : {}),
    ...(groupsBySection(filters, list, scope) ? { sort: 'order' } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Which lists the status filter leaves on the page. */
export function visibleLists(filters: TodoFilters): Exclude<TodoStatus, 'all'>[] {
  return filters.status === 'all' ? ['pending', 'completed'] : [filters.status];
}

export interface FilterChip {
  key: keyof TodoFilters;
  label: string;
}

/** One removable chip per active filter, in the panel's order; `tagName` names the tag filter. */
export function activeChips(
  filters: TodoFilters,
  tagName: (id: string) => string | undefined = () => undefined,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.q.trim()) {
    chips.push({ key: 'q', label: `Search: "${filters.q.trim()}"` });
  }
  if (filters.status !== 'all') {
    chips.push({ key: 'status', label: `Status: ${STATUS_LABELS[filters.status]}` });
  }
  if (filters.priority !== 'all') {
    chips.push({ key: 'priority', label: `Priority: ${PRIORITY_LABELS[filters.priority]}` });
  }
  if (filters.due !== 'any') {
    chips.push({ key: 'due', label: `Due: ${DUE_LABELS[filters.due]}` });
  }
  if (filters.tag) {
    chips.push({ key: 'tag', label: `Tag: ${tagName(filters.tag) ?? 'Unknown tag'}` });
  }
  if (filters.filter.trim()) {
    chips.push({ key: 'filter', label: `Filter: ${filters.filter.trim()}` });
  }
  return chips;
}

/** `filters` without the one a chip stands for. */
export function withoutFilter(filters: TodoFilters, key: keyof TodoFilters): TodoFilters {
  return { ...filters, [key]: NO_FILTERS[key] };
}
