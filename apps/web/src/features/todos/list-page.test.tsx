import { listsApi, sectionsApi, todosApi } from '@daywise/shared/api';
import type { List, ListsAnswer, Section, Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { pressUndo } from '../../test/toasts';
import ListPage from './list-page';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

const WORK: List = {
  id: 'l1',
  name: 'Work',
  color: '#10B981',
  position: 0,
  archived: false,
  openCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/**
 * A server holding `todos` and the Work list, answering each list's page by its `list` filter and
 * keeping each todo's list as it is moved, unless `refuseMoves`.
 */
function stubServer(todos: Todo[], { refuseMoves = false } = {}) {
  let held = todos;
  const lists = (): ListsAnswer => {
    const open = (listId: string | null) =>
      held.filter((todo) => !todo.completed && todo.listId === listId).length;
    return { inbox: { openCount: open(null) }, lists: [{ ...WORK, openCount: open('l1') }] };
  };
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(listsApi.list, lists)
    .on(sectionsApi.list, { sections: [] })
    .on(todosApi.list, ({ query }) => {
      const list = query.get('list');
      const items = held.filter(
        (todo) =>
          (list === 'inbox' ? todo.listId === null : todo.listId === list) &&
          todo.completed === (query.get('status') === 'completed'),
      );
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    })
    .on(todosApi.update, ({ params, body }) => {
      if (refuseMoves) {
        return errorResponse(500, 'INTERNAL');
      }
      const { listId } = body as { listId: string | null };
      held = held.map((todo) => (todo.id === params.id ? { ...todo, listId } : todo));
      return held.find((todo) => todo.id === params.id) as Todo;
    });
  return { api, lists };
}

function renderList(id: string) {
  return renderWithProviders(<ListPage />, {
    route: `/dashboard/lists/${id}`,
    path: '/dashboard/lists/:id',
    session: null,
    toaster: true,
  });
}

describe('a list page', () => {
  it("shows the list's name and its todos only, asking the server for that list", async () => {
    const { api } = stubServer([
      makeTodo({ id: 't1', title: 'Write the report', listId: 'l1' }),
      makeTodo({ id: 't2', title: 'Buy milk' }),
    ]);
    renderList('l1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Work' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Write the report' })).toBeInTheDocument();
    expect(screen.queryByText('Buy milk')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/todos').map((call) => call.query.get('list'))).toEqual([
      'l1',
      'l1',
    ]);
  });

  it('says an empty list is empty, with its quick add', async () => {
    stubServer([]);
    renderList('inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(await screen.findByText('No todos in your Inbox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick add a todo' })).toBeInTheDocument();
  });

  it("is the dashboard's 'Page not found' for a list that is not the user's", async () => {
    stubServer([]);
    renderList('someone-elses');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('says when the lists could not be read, and tries again', async () => {
    let fail = true;
    stubServer([]).api.on(listsApi.list, () =>
      fail ? errorResponse(500, 'INTERNAL') : { inbox: { openCount: 0 }, lists: [WORK] },
    );
    const { user } = renderList('l1');
    expect(await screen.findByText('Failed to load your lists')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work' })).toBeInTheDocument();
  });

  it('moves a todo out of the page at once with Move to…, and Undo brings it back', async () => {
    const { api } = stubServer([makeTodo({ id: 't1', title: 'Write the report' })]);
    const { user } = renderList('inbox');
    await user.click(await screen.findByRole('button', { name: 'Move "Write the report" to…' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Inbox/ })).toHaveAttribute('data-disabled');
    await user.click(within(menu).getByRole('menuitem', { name: 'Work' }));
    await waitFor(() => expect(screen.queryByText('Write the report')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).toEqual({ listId: 'l1' });

    await pressUndo(user, 'Moved to Work');
    expect(await screen.findByRole('heading', { name: 'Write the report' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/todos/:id')[1]?.body).toEqual({ listId: null });
  });

  it('puts a moved todo back and says so when the server refuses', async () => {
    stubServer([makeTodo({ id: 't1', title: 'Write the report' })], { refuseMoves: true });
    const { user } = renderList('inbox');
    await user.click(await screen.findByRole('button', { name: 'Move "Write the report" to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Work' }));
    expect(await screen.findByText('Failed to move todo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Write the report' })).toBeInTheDocument();
  });

  it('pages a long list with sections in the order the user gave it', async () => {
    const section = (id: string, name: string, position: number): Section => ({
      id,
      listId: 'l1',
      name,
      position,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    const todo = (id: string, sectionId: string | null, order: number) =>
      makeTodo({ id, title: `Todo ${id}`, listId: 'l1', sectionId, order });
    // The server's order: none in a section, then 'Later' (moved first), then 'Soon'.
    const pages: Record<string, { items: Todo[]; nextCursor: string | null }> = {
      first: { items: [todo('a', null, 0), todo('b', 'later', 0)], nextCursor: 'two' },
      two: { items: [todo('c', 'later', 1), todo('d', 'soon', 0)], nextCursor: null },
    };
    const { api } = stubServer([]);
    api
      .on(sectionsApi.list, {
        sections: [section('soon', 'Soon', 1), section('later', 'Later', 0)],
      })
      .on(todosApi.list, ({ query }) => {
        const page =
          query.get('status') === 'pending' ? pages[query.get('cursor') ?? 'first'] : undefined;
        const items = page?.items ?? [];
        return { items, nextCursor: page?.nextCursor ?? null, total: 4, totalIsLowerBound: false };
      });
    const { user } = renderList('l1');
    const later = await screen.findByRole('region', { name: /Later/ });
    expect(within(later).getByRole('heading', { name: 'Todo b' })).toBeInTheDocument();
    // 'Soon' comes after 'Later' in the user's order: not reached yet, so not shown as empty.
    expect(screen.queryByRole('region', { name: /Soon/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No todos in this section')).not.toBeInTheDocument();
    const pending = api
      .callsTo('GET', '/api/todos')
      .find((call) => call.query.get('status') === 'pending');
    expect(Object.fromEntries(pending?.query ?? [])).toEqual({
      status: 'pending',
      list: 'l1',
      parent: 'none',
      sort: 'order',
    });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const soon = await screen.findByRole('region', { name: /Soon/ });
    expect(within(soon).getByRole('heading', { name: 'Todo d' })).toBeInTheDocument();
    expect(
      within(later)
        .getAllByRole('heading', { name: /^Todo/ })
        .map((heading) => heading.textContent),
    ).toEqual(['Todo b', 'Todo c']);
    expect(api.callsTo('GET', '/api/todos').at(-1)?.query.get('cursor')).toBe('two');
    expect(screen.getByRole('button', { name: 'Add section' })).toBeInTheDocument();
  });
});
