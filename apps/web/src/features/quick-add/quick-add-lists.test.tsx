import { listsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { List, Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QuickAddDialog } from './quick-add-dialog';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'Europe/London' },
};

function list(id: string, name: string, archived = false): List {
  return {
    id,
    name,
    color: '#3B82F6',
    position: 0,
    archived,
    openCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(listId: string | null = null) {
  const created = vi.fn();
  fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(listsApi.list, {
      inbox: { openCount: 0 },
      lists: [list('l1', 'Work'), list('l2', 'Summer trip'), list('l3', 'Workshop', true)],
    })
    .on(tagsApi.list, [
      { id: 'g1', name: 'errands', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
    ])
    .on(todosApi.create, ({ body }) => {
      created(body);
      return makeTodo(body as Partial<Todo>);
    });
  const view = renderWithProviders(<QuickAddDialog listId={listId} onClose={() => undefined} />, {
    session: null,
  });
  return { ...view, created, input: screen.getByRole('combobox', { name: 'Todo' }) };
}

describe('quick add with lists and tags', () => {
  it('suggests the lists for #, chosen with the arrows and Enter, never archived ones', async () => {
    const { user, input, created } = renderDialog();
    await user.type(input, 'Plan #');
    const options = await screen.findByRole('listbox', { name: 'Lists' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['#Work', '#Summer trip']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(options).getAllByRole('option')[0]?.id,
    );
    await user.keyboard('{ArrowDown}');
    expect(within(options).getByRole('option', { name: '#Summer trip' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Plan #"Summer trip" ');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Understood' })).getByRole('listitem'),
      ).toHaveTextContent('List: Summer trip'),
    );

    // Enter again adds the todo, in that list.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(created.mock.calls[0]?.[0]).toMatchObject({ title: 'Plan', listId: 'l2' });
  });

  it('suggests tags for @, closes the suggestions on Escape and keeps the dialog', async () => {
    const { user, input } = renderDialog();
    await user.type(input, 'Buy milk @er');
    const options = await screen.findByRole('listbox', { name: 'Tags' });
    expect(within(options).getByRole('option')).toHaveTextContent('@errands');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Quick add' })).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('rands ');
    await waitFor(() => expect(screen.getByText(/^Title:/)).toHaveTextContent('Title: Buy milk'));
  });

  it("puts a todo said without #List into the page's list, and an unknown #word in the title", async () => {
    const { user, input, created } = renderDialog('l1');
    await user.type(input, 'Fix #nope');
    await waitFor(() => expect(screen.getByText(/^Title:/)).toHaveTextContent('Title: Fix #nope'));
    expect(screen.queryByRole('list', { name: 'Understood' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(created.mock.calls[0]?.[0]).toMatchObject({ title: 'Fix #nope', listId: 'l1' });
  });
});
