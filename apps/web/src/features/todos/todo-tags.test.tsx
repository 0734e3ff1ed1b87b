import { DEFAULT_SETTINGS } from '@daywise/shared';
import { listsApi, settingsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi, type FakeRequest } from '../../test/fake-api';
import { makeTodo, NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TodoDialog } from './todo-dialog';
import { TodoRow } from './todo-row';

const TAGS = [
  { id: 'g1', name: 'Home', color: '#10B981', createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 'g2', name: 'Work', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
];

const TODO: Todo = makeTodo({
  priority: 'high',
  tags: [{ id: 'g2', name: 'Work', color: '#EF4444' }],
});

beforeEach(() => {
  // The reminder switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('todo tags', () => {
  it('shows a todo’s tags as chips on its row', () => {
    renderWithProviders(
      <ul>
        <TodoRow
          todo={TODO}
          today="2026-11-22"
          timeZone="UTC"
          onEdit={() => undefined}
          onDelete={() => undefined}
        />
      </ul>,
      { session: null },
    );
    const chips = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Work']);
  });

  it('picks tags with the keyboard and sends their ids', async () => {
    const created = vi.fn();
    fakeApi()
      .on(listsApi.list, NO_LISTS)
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(tagsApi.list, TAGS)
      .on(todosApi.create, (request: FakeRequest) => {
        created(request.body);
        return { ...TODO, tags: [] };
      });
    renderWithProviders(<TodoDialog todo={null} today="2026-11-22" onClose={() => undefined} />, {
      session: null,
    });
    const group = screen.getByRole('group', { name: 'Tags' });
    const home = await within(group).findByRole('checkbox', { name: 'Home' });
    const work = within(group).getByRole('checkbox', { name: 'Work' });
    await userEvent.type(screen.getByLabelText(/Title/), 'Plan the week');
    home.focus();
    await userEvent.keyboard(' ');
    expect(home).toBeChecked();
    await userEvent.click(work);
    await userEvent.click(home);
    expect(home).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create Todo' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(created.mock.calls[0]?.[0]).toMatchObject({ title: 'Plan the week', tagIds: ['g2'] });
  });

  it('starts from the todo’s tags when editing, and offers Try Again when tags fail to load', async () => {
    let fail = true;
    fakeApi()
      .on(listsApi.list, NO_LISTS)
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(tagsApi.list, () =>
        Promise.resolve(fail ? errorResponse(500, 'INTERNAL') : Response.json(TAGS)),
      );
    renderWithProviders(<TodoDialog todo={TODO} today="2026-11-22" onClose={() => undefined} />, {
      session: null,
    });
    expect(await screen.findByText('Failed to load your tags')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('checkbox', { name: 'Work' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Home' })).not.toBeChecked();
  });
});
