import { filtersApi, listsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { SavedFilter, Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TodoBoard } from '../todos/todo-board';
import { FilterPage } from './filter-page';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

const URGENT: SavedFilter = {
  id: 'f1',
  name: 'Urgent',
  color: '#EF4444',
  query: 'p1 | overdue',
  position: 0,
  openCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** A server with the Urgent filter, answering `?filter=` with the todos `matches` picks. */
function stubServer(todos: Todo[], matches: (query: string) => (todo: Todo) => boolean) {
  let filters = [URGENT];
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(listsApi.list, { inbox: { openCount: 0 }, lists: [] })
    .on(tagsApi.list, [])
    .on(filtersApi.list, () => ({ filters }))
    .on(filtersApi.update, ({ body }) => {
      filters = filters.map((filter) => ({ ...filter, ...(body as Partial<SavedFilter>) }));
      return filters[0] as SavedFilter;
    })
    .on(filtersApi.remove, () => {
      filters = [];
      return undefined;
    })
    .on(todosApi.list, ({ query }) => {
      const items = todos.filter(
        (todo) =>
          matches(query.get('filter') ?? '')(todo) &&
          todo.completed === (query.get('status') === 'completed'),
      );
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    });
  return api;
}

function renderPage(id: string) {
  return renderWithProviders(<FilterPage Board={TodoBoard} />, {
    route: `/dashboard/filters/${id}`,
    path: '/dashboard/filters/:id',
    routes: <Route path="/dashboard/todos" element={<h1>My Todos</h1>} />,
    session: null,
    toaster: true,
  });
}

const TODOS = [
  makeTodo({ id: 't1', title: 'Fix the roof', priority: 'high' }),
  makeTodo({ id: 't2', title: 'Water the plants', priority: 'low' }),
];
const byPriority = (query: string) => (todo: Todo) =>
  query.startsWith('p1') ? todo.priority === 'high' : todo.priority === 'low';

describe("a saved filter's page", () => {
  it('shows the todos its query matches, under its name, asking the server with the query', async () => {
    const api = stubServer(TODOS, byPriority);
    renderPage('f1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fix the roof' })).toBeInTheDocument();
    expect(screen.queryByText('Water the plants')).not.toBeInTheDocument();
    expect(
      new Set(api.callsTo('GET', '/api/todos').map((call) => call.query.get('filter'))),
    ).toEqual(new Set(['p1 | overdue']));
  });

  it("keeps its own query: the panel has no Filter field, and the address's is not read", async () => {
    const api = stubServer(TODOS, byPriority);
    const { user } = renderPage('f1?filter=p3');
    await screen.findByRole('heading', { name: 'Fix the roof' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove filter Filter/ })).not.toBeInTheDocument();
    expect(
      new Set(api.callsTo('GET', '/api/todos').map((call) => call.query.get('filter'))),
    ).toEqual(new Set(['p1 | overdue']));
  });

  it("is the dashboard's 'Page not found' for a filter that is not the user's", async () => {
    stubServer(TODOS, byPriority);
    renderPage('someone-elses');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('says when the filters could not be read, and tries again', async () => {
    let fail = true;
    stubServer(TODOS, byPriority).on(filtersApi.list, () =>
      fail ? errorResponse(500, 'INTERNAL') : { filters: [URGENT] },
    );
    const { user } = renderPage('f1');
    expect(await screen.findByText('Failed to load your filters')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent' })).toBeInTheDocument();
  });

  it("edits the query from the header's menu, and the page follows it", async () => {
    const api = stubServer(TODOS, byPriority);
    const { user } = renderPage('f1');
    await screen.findByRole('heading', { name: 'Fix the roof' });
    await user.click(screen.getByRole('button', { name: 'Filter actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit filter' });
    const query = within(dialog).getByRole('combobox', { name: 'Query' });
    expect(query).toHaveValue('p1 | overdue');
    await user.clear(query);
    await user.type(query, 'p3');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Someday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Someday' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Water the plants' })).toBeInTheDocument();
    expect(screen.queryByText('Fix the roof')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/filters/:id')[0]?.body).toEqual({
      name: 'Someday',
      color: '#EF4444',
      query: 'p3',
    });
  });

  it('puts a refused rename back, keeping the dialog with the reason', async () => {
    stubServer(TODOS, byPriority).on(filtersApi.update, () => errorResponse(500, 'INTERNAL'));
    const { user } = renderPage('f1');
    await user.click(await screen.findByRole('button', { name: 'Filter actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit filter' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Someday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Urgent', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Failed to update filter').length).toBeGreaterThan(0);
  });

  it('deletes the filter after asking, and leaves its page', async () => {
    const api = stubServer(TODOS, byPriority);
    const { user } = renderPage('f1');
    await user.click(await screen.findByRole('button', { name: 'Filter actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete filter' });
    expect(confirm).toHaveTextContent('Delete the filter “Urgent”?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Todos' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE', '/api/filters/:id')).toHaveLength(1));
    expect(await screen.findByText('Filter deleted')).toBeInTheDocument();
  });
});
