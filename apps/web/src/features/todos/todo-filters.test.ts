import { describe, expect, it } from 'vitest';

import { queryString } from '../../lib/api-client';
import {
  activeChips,
  listQuery,
  NO_FILTERS,
  readFilters,
  visibleLists,
  withoutFilter,
  writeFilters,
} from './todo-filters';

describe('todo filters', () => {
  it('read from the address, ignoring anything unknown', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual(NO_FILTERS);
    expect(
      readFilters(new URLSearchParams('status=completed&priority=high&due=week&q=%20milk%20')),
    ).toEqual({
      status: 'completed',
      priority: 'high',
      due: 'week',
      q: 'milk',
      tag: '',
      sort: 'created',
      filter: '',
    });
    expect(readFilters(new URLSearchParams('status=done&priority=urgent&due=soon'))).toEqual(
      NO_FILTERS,
    );
  });

  it('write only what is set, so the plain list has a plain address', () => {
    expect(writeFilters(NO_FILTERS).toString()).toBe('');
    const filters = {
      status: 'pending',
      priority: 'low',
      due: 'overdue',
      q: 'rent',
      tag: 'tag-1',
      sort: 'due',
      filter: '(today | overdue) & #"Two words"',
    } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters({ ...NO_FILTERS, q: '   ', filter: '  ' }).toString()).toBe('');
    expect(readFilters(new URLSearchParams('filter=%20p1%20%26%20today%20'))).toEqual({
      ...NO_FILTERS,
      filter: 'p1 & today',
    });
  });

  it('ask the server for one list at a time, with the page cursor', () => {
    const filters = { ...NO_FILTERS, priority: 'high', q: 'a&b' } as const;
    expect(queryString(listQuery(filters, 'pending', null))).toBe(
      '?status=pending&priority=high&q=a%26b',
    );
    expect(queryString(listQuery({ ...filters, tag: 'tag-1' }, 'pending', null))).toBe(
      '?status=pending&priority=high&q=a%26b&tag=tag-1',
    );
    expect(queryString(listQuery(filters, 'completed', 'abc'))).toBe(
      '?status=completed&priority=high&q=a%26b&cursor=abc',
    );
  });

  it('show the lists the status leaves', () => {
    expect(visibleLists(NO_FILTERS)).toEqual(['pending', 'completed']);
    expect(visibleLists({ ...NO_FILTERS, status: 'completed' })).toEqual(['completed']);
  });

  it('give a chip per active filter, each removing only itself', () => {
    const filters = {
      status: 'pending',
      priority: 'medium',
      due: 'none',
      q: 'tax',
      tag: 'tag-1',
      sort: 'priority',
      filter: 'p1 | @waiting',
    } as const;
    const tagName = (id: string) => (id === 'tag-1' ? 'Work' : undefined);
    expect(activeChips(filters, tagName).map((chip) => chip.label)).toEqual([
      'Search: "tax"',
      'Status: Pending',
      'Priority: Medium',
      'Due: No Due Date',
      'Tag: Work',
      'Filter: p1 | @waiting',
    ]);
    expect(withoutFilter(filters, 'filter')).toEqual({ ...filters, filter: '' });
    expect(withoutFilter(filters, 'tag')).toEqual({ ...filters, tag: '' });
    expect(withoutFilter(filters, 'priority')).toEqual({ ...filters, priority: 'all' });
    expect(withoutFilter(filters, 'q')).toEqual({ ...filters, q: '' });
    expect(activeChips(NO_FILTERS)).toEqual([]);
  });

  it('keep the order apart: in the address when not newest first, else the remembered one', () => {
    expect(readFilters(new URLSearchParams('sort=priority'), 'due').sort).toBe('priority');
    expect(readFilters(new URLSearchParams(''), 'due').sort).toBe('due');
    expect(readFilters(new URLSearchParams('sort=title'), 'due').sort).toBe('due');
    expect(writeFilters({ ...NO_FILTERS, sort: 'created' }).toString()).toBe('');
    expect(queryString(listQuery({ ...NO_FILTERS, sort: 'due' }, 'pending', null))).toBe(
      '?status=pending&sort=due&parent=none',
    );
    expect(activeChips({ ...NO_FILTERS, sort: 'priority' })).toEqual([]);
  });

  it('read a list page’s pending todos in the user’s own order, to group them by section', () => {
    expect(queryString(listQuery({ ...NO_FILTERS, sort: 'due' }, 'pending', null, 'l1'))).toBe(
      '?status=pending&sort=order&list=l1&parent=none',
    );
    // Its completed todos, and a search's matches, in the chosen order.
    expect(queryString(listQuery({ ...NO_FILTERS, sort: 'due' }, 'completed', null, 'l1'))).toBe(
      '?status=completed&sort=due&list=l1&parent=none',
    );
    expect(queryString(listQuery({ ...NO_FILTERS, q: 'tax' }, 'pending', 'c', 'inbox'))).toBe(
      '?status=pending&q=tax&list=inbox&cursor=c',
    );
  });

  it('show the matches of a query flat, subtasks too: `subtask` must find them', () => {
    expect(queryString(listQuery({ ...NO_FILTERS, filter: 'subtask' }, 'pending', null))).toBe(
      '?status=pending&filter=subtask',
    );
  });
});
