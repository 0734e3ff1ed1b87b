import { filtersApi, listsApi, tagsApi, todosApi } from '@daywise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { saveAsFilterRequests } from '../../lib/page-requests';
import { fakeApi } from '../../test/fake-api';
import { makeTodo, NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SaveAsFilter } from '../filters/save-as-filter';
import { QueryFilter } from './query-filter';
import TodosPage from './todos-page';

// A todo page's Filter (issue 32, ADR 0028): a query in the filter language, in the Filters panel.

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

function stubApi() {
  return fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(listsApi.list, NO_LISTS)
    .on(tagsApi.list, [
      { id: 'g1', name: 'waiting', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
    ] as never)
    .on(todosApi.stats, { total: 1, completed: 0, pending: 1, completionRate: 0 })
    .on(todosApi.list, ({ query }) => {
      const items = query.get('status') === 'pending' ? [makeTodo()] : [];
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    });
}

/** The address's query string, as the page keeps its filters there. */
function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderPage(route = '/dashboard/todos', extra?: ReactNode) {
  const api = stubApi();
  const view = renderWithProviders(
    <>
      <TodosPage />
      <Address />
      {extra}
    </>,
    { route },
  );
  return { ...view, api };
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const filterRequests = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/todos').map((call) => call.query.get('filter'));

afterEach(() => {
  saveAsFilterRequests.listeners.clear();
});

describe("a todo page's Filter", () => {
  it('shows the todos a typed query matches, keeps it in the address, and clears with its chip', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const field = await screen.findByRole('combobox', { name: 'Filter' });
    await user.type(field, 'p1 | @wai');
    expect(screen.getByRole('option', { name: '@waiting' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('p1 | @waiting');

    await waitFor(() => expect(address()).toBe('?filter=p1+%7C+%40waiting'));
    expect(
      screen.getByRole('button', { name: 'Remove filter Filter: p1 | @waiting' }),
    ).toBeInTheDocument();
    // Both lists ask for it, flat (no `parent=none`: a query may match subtasks).
    await waitFor(() =>
      expect(api.requests).toEqual(
        expect.arrayContaining([
          'GET /api/todos?status=pending&filter=p1+%7C+%40waiting',
          'GET /api/todos?status=completed&filter=p1+%7C+%40waiting',
        ]),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Remove filter Filter: p1 | @waiting' }));
    expect(field).toHaveValue('');
    await waitFor(() => expect(address()).toBe(''));
  });

  it('opens with the query of the address, which Clear all clears', async () => {
    const { api, user } = renderPage('/dashboard/todos?filter=today%20%26%20!%40waiting&q=report');
    const field = await screen.findByRole('combobox', { name: 'Filter' });
    expect(field).toHaveValue('today & !@waiting');
    await waitFor(() => expect(filterRequests(api)).toContain('today & !@waiting'));
    expect(api.callsTo('GET', '/api/todos')[0]?.query.get('q')).toBe('report');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(field).toHaveValue('');
    await waitFor(() => expect(address()).toBe(''));
  });

  it("saves what the field holds as a filter, in the saved filters' dialog", async () => {
    const { api, user } = renderPage('/dashboard/todos', <SaveAsFilter />);
    api.on(filtersApi.list, { filters: [] });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const field = await screen.findByRole('combobox', { name: 'Filter' });
    const save = screen.getByRole('button', { name: 'Save as filter' });
    expect(save).toBeDisabled();
    await user.type(field, 'overdue &');
    expect(screen.getByText("Expected a term after '&' at 9")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(field, ' p1');
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'New filter' });
    expect(within(dialog).getByRole('combobox', { name: 'Query' })).toHaveValue('overdue & p1');
  });
});

describe('the Filter field', () => {
  function Field({ typed, applied }: { typed: string; applied: string }) {
    const [text, setText] = useState(typed);
    return (
      <QueryFilter
        text={text}
        onText={setText}
        typed={typed}
        applied={applied}
        onApply={onApply}
        onSave={() => undefined}
      />
    );
  }
  const onApply = vi.fn();

  it('applies what typing paused on when it parses, never a query that does not', () => {
    fakeApi().on(listsApi.list, NO_LISTS).on(tagsApi.list, []);
    const { rerender } = renderWithProviders(<Field typed="today &" applied="" />);
    expect(onApply).not.toHaveBeenCalled();
    rerender(<Field typed=" today & p1 " applied="" />);
    expect(onApply).toHaveBeenLastCalledWith('today & p1');
    rerender(<Field typed="" applied="today & p1" />);
    expect(onApply).toHaveBeenLastCalledWith('');
    // What the address already shows is not applied again.
    onApply.mockClear();
    rerender(<Field typed="p1" applied="p1" />);
    expect(onApply).not.toHaveBeenCalled();
  });
});
