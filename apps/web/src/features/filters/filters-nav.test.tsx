import { filtersApi, listsApi, tagsApi } from '@daywise/shared/api';
import type { SavedFilter, SavedFiltersAnswer } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { dismissToast } from '../../lib/toast';
import { dragOnto } from '../../test/drag';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { pressUndo } from '../../test/toasts';
import { FiltersNav } from './filters-nav';

function savedFilter(id: string, name: string, fields: Partial<SavedFilter> = {}) {
  return {
    id,
    name,
    color: '#3B82F6',
    query: 'today',
    position: 0,
    openCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  } satisfies SavedFilter;
}

const ANSWER: SavedFiltersAnswer = {
  filters: [
    savedFilter('f1', 'Urgent', { query: 'p1 & today', openCount: 3 }),
    savedFilter('f2', 'Waiting', { query: '@waiting', position: 1 }),
  ],
};

function renderNav(answer: SavedFiltersAnswer | (() => unknown) = ANSWER) {
  const api = fakeApi()
    .on(filtersApi.list, answer as SavedFiltersAnswer)
    .on(listsApi.list, {
      inbox: { openCount: 0 },
      lists: [
        {
          id: 'l1',
          name: 'Work',
          color: '#10B981',
          position: 0,
          archived: false,
          openCount: 0,
          createdAt: '2026-11-20T10:00:00.000Z',
          updatedAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    })
    .on(tagsApi.list, [
      { id: 'g1', name: 'work', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'g2', name: 'waiting', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
    ] as never);
  const view = renderWithProviders(<FiltersNav followLink={() => undefined} />, {
    session: null,
    route: '/dashboard',
    toaster: true,
  });
  return { ...view, api };
}

const region = () => screen.getByRole('region', { name: 'Filters' });

const links = () =>
  within(region())
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Drags one sidebar row (its list item) onto another's. */
function drag(from: string, to: string) {
  const row = (name: string) =>
    within(region())
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .closest('li') as HTMLElement;
  dragOnto(row(from), row(to));
}

/** The server's filters, answering reads and moves as it would (positions 0..n-1). */
function movableFilters(api: ReturnType<typeof renderNav>['api'], answer = ANSWER) {
  const state = { saved: answer, refuse: false };
  api
    .on(filtersApi.list, () => state.saved)
    .on(filtersApi.update, ({ params, body }) => {
      if (state.refuse) {
        return errorResponse(500, 'INTERNAL');
      }
      const { position } = body as { position: number };
      const moved = state.saved.filters.find((filter) => filter.id === params.id);
      const others = state.saved.filters.filter((filter) => filter.id !== params.id);
      others.splice(position, 0, moved as SavedFilter);
      state.saved = { filters: others.map((filter, index) => ({ ...filter, position: index })) };
      return state.saved.filters[position] as SavedFilter;
    });
  return state;
}

async function openNewFilter(user: ReturnType<typeof renderNav>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New filter' }));
  return screen.findByRole('dialog', { name: 'New filter' });
}

describe('the sidebar filters', () => {
  // A toast outlives its test (sonner's state is its module's): a move's Undo toast is taken off,
  // so that the next test finds only its own.
  afterEach(() => ['f1', 'f2', 'f3'].forEach((id) => dismissToast(`filter-moved:${id}`)));

  it('shows each saved filter with its open count, linking to its page', async () => {
    renderNav();
    expect(await screen.findByRole('link', { name: 'Urgent 3 items' })).toHaveAttribute(
      'href',
      '/dashboard/filters/f1',
    );
    expect(within(region()).getByRole('link', { name: 'Waiting' })).toHaveAttribute(
      'href',
      '/dashboard/filters/f2',
    );
  });

  it('says when there are none, and when they could not be read, with Try Again', async () => {
    let fail = true;
    const { user } = renderNav(() => (fail ? errorResponse(500, 'INTERNAL') : { filters: [] }));
    expect(await screen.findByText('Failed to load your filters')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No filters yet.')).toBeInTheDocument();
  });

  it('refuses to save a query that does not parse, saying where, until it is fixed', async () => {
    const { user, api } = renderNav();
    const dialog = await openNewFilter(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Work today');
    const query = within(dialog).getByRole('combobox', { name: 'Query' });
    await user.type(query, 'today &');
    expect(within(dialog).getByText("Expected a term after '&' at 7")).toBeInTheDocument();
    expect(query).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Create filter' })).toBeDisabled();

    await user.type(query, ' #Wo');
    expect(within(dialog).getByRole('option', { name: '#Work' })).toBeInTheDocument();
    // The suggestions are closed with Escape, which leaves the dialog open.
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New filter' })).toBeInTheDocument();
    await user.type(query, 'rk');
    expect(query).toHaveAttribute('aria-invalid', 'false');
    api.on(filtersApi.create, ({ body }) =>
      savedFilter('f3', (body as { name: string }).name, { query: 'today & #Work' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create filter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/filters')[0]?.body).toEqual({
      name: 'Work today',
      color: '#3B82F6',
      query: 'today & #Work',
    });
    expect(await screen.findByText('Filter created')).toBeInTheDocument();
  });

  it('suggests tags after @ and keywords, chosen from the keyboard', async () => {
    const { user } = renderNav();
    const dialog = await openNewFilter(user);
    const query = within(dialog).getByRole('combobox', { name: 'Query' });
    await user.type(query, '(tod');
    const listbox = within(dialog).getByRole('listbox', { name: 'Suggestions' });
    expect(within(listbox).getByRole('option', { name: /^today/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(query).toHaveValue('(today');
    await user.type(query, ' | overdue) & @w');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@work', '@waiting']);
    await user.keyboard('{ArrowDown}');
    expect(query).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: '@waiting' }).id,
    );
    await user.keyboard('{Tab}');
    expect(query).toHaveValue('(today | overdue) & @waiting');
    expect(query).toHaveFocus();
  });

  it("shows the server's refusals in the dialog: a query it refuses and the quota", async () => {
    const { user, api } = renderNav();
    const dialog = await openNewFilter(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Everything');
    await user.type(within(dialog).getByRole('combobox', { name: 'Query' }), 'p1');
    api.on(filtersApi.create, () =>
      errorResponse(400, 'FILTER_INVALID', 'Unknown word at 0', { query: 'Unknown word at 0' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create filter' }));
    expect(await within(dialog).findByText('Unknown word at 0')).toBeInTheDocument();

    api.on(filtersApi.create, () =>
      errorResponse(403, 'QUOTA_EXCEEDED', 'You can have at most 100 saved filters.'),
    );
    await user.type(within(dialog).getByRole('combobox', { name: 'Query' }), ' & p2');
    await user.click(within(dialog).getByRole('button', { name: 'Create filter' }));
    expect(
      await within(dialog).findByText('You can have at most 100 saved filters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New filter' })).toBeInTheDocument();
  });

  it('moves a filter from its menu at once, and puts it back saying so when refused', async () => {
    const { api, user } = renderNav();
    const server = movableFilters(api);
    await user.click(await screen.findByRole('button', { name: 'Actions for filter "Waiting"' }));
    expect(await screen.findByRole('menuitem', { name: 'Move down' })).toHaveAttribute(
      'data-disabled',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(links()).toEqual(['Waiting', 'Urgent 3 items']));
    expect(api.callsTo('PATCH', '/api/filters/:id')[0]).toMatchObject({
      params: { id: 'f2' },
      body: { position: 0 },
    });
    // The focus stays on the moved filter's menu button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for filter "Waiting"' })).toHaveFocus(),
    );

    server.refuse = true;
    await user.click(screen.getByRole('button', { name: 'Actions for filter "Waiting"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    expect(await screen.findByText('Failed to move filter')).toBeInTheDocument();
    await waitFor(() => expect(links()).toEqual(['Waiting', 'Urgent 3 items']));
  });

  it('moves a filter dragged onto another to its place', async () => {
    const answer = {
      filters: [...ANSWER.filters, savedFilter('f3', 'Someday', { query: 'no date', position: 2 })],
    };
    const { api } = renderNav(answer);
    movableFilters(api, answer);
    await screen.findByRole('link', { name: 'Someday' });
    drag('Someday', 'Urgent');
    await waitFor(() => expect(links()).toEqual(['Someday', 'Urgent 3 items', 'Waiting']));
    expect(api.callsTo('PATCH', '/api/filters/:id')[0]).toMatchObject({
      params: { id: 'f3' },
      body: { position: 0 },
    });
    // A drop on itself moves nothing.
    drag('Waiting', 'Waiting');
    expect(api.callsTo('PATCH', '/api/filters/:id')).toHaveLength(1);
  });

  it('puts a moved filter back where it was with Undo', async () => {
    const answer = {
      filters: [...ANSWER.filters, savedFilter('f3', 'Someday', { query: 'no date', position: 2 })],
    };
    const { api, user } = renderNav(answer);
    const server = movableFilters(api, answer);
    await screen.findByRole('link', { name: 'Someday' });
    drag('Someday', 'Urgent');
    await waitFor(() => expect(links()).toEqual(['Someday', 'Urgent 3 items', 'Waiting']));
    await pressUndo(user, 'Filter moved');
    await waitFor(() => expect(links()).toEqual(['Urgent 3 items', 'Waiting', 'Someday']));
    expect(api.callsTo('PATCH', '/api/filters/:id')[1]).toMatchObject({
      params: { id: 'f3' },
      body: { position: 2 },
    });
    expect(server.saved.filters.map((filter) => filter.name)).toEqual([
      'Urgent',
      'Waiting',
      'Someday',
    ]);
  });
});
