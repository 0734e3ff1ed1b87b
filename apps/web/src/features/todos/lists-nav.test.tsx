import { listsApi } from '@daywise/shared/api';
import type { List, ListsAnswer } from '@daywise/shared/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { dragOnto } from '../../test/drag';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ListsNav } from './lists-nav';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

function list(id: string, name: string, position: number, fields: Partial<List> = {}): List {
  return {
    id,
    name,
    color: '#3B82F6',
    position,
    archived: false,
    openCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const ANSWER: ListsAnswer = {
  inbox: { openCount: 2 },
  lists: [
    list('l1', 'Work', 0, { openCount: 1 }),
    list('l2', 'Home', 1),
    list('l3', 'Old', 2, { archived: true }),
  ],
};

function renderNav(answer: ListsAnswer = ANSWER) {
  const api = fakeApi().on(listsApi.list, answer);
  const view = renderWithProviders(<ListsNav followLink={() => undefined} />, {
    session: null,
  });
  return { ...view, api };
}

const links = () =>
  within(screen.getByRole('region', { name: 'Lists' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the sidebar lists', () => {
  it('shows the Inbox and the lists with their open counts, archived ones folded away', async () => {
    renderNav();
    expect(await screen.findByRole('link', { name: 'Work 1 item' })).toHaveAttribute(
      'href',
      '/dashboard/lists/l1',
    );
    expect(screen.getByRole('link', { name: 'Inbox 2 items' })).toHaveAttribute(
      'href',
      '/dashboard/lists/inbox',
    );
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Archived (1)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Old' })).not.toBeVisible();
  });

  it('creates a list with its name and colour, and keeps the dialog with a refusal', async () => {
    const { api, user } = renderNav();
    api.on(listsApi.create, () =>
      errorResponse(403, 'QUOTA_EXCEEDED', 'You can have at most 300 lists.'),
    );
    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Garden');
    await user.click(within(dialog).getByRole('button', { name: 'Colour #10B981' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));
    expect(await within(dialog).findByText('You can have at most 300 lists.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('You can have at most 300 lists.');
    expect(api.callsTo('POST', '/api/lists')[0]?.body).toEqual({
      name: 'Garden',
      color: '#10B981',
    });

    api.on(listsApi.create, list('l4', 'Garden', 3, { color: '#10B981' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('List created');
  });

  it('moves a list up from its menu at once, and puts it back when the server refuses', async () => {
    const { api, user } = renderNav();
    // The server's answer once the move is saved: Home first.
    const [work, home, old] = ANSWER.lists as [List, List, List];
    const moved = { ...ANSWER, lists: [{ ...home, position: 0 }, { ...work, position: 1 }, old] };
    let saved = ANSWER;
    let refuse = false;
    api
      .on(listsApi.list, () => saved)
      .on(listsApi.update, ({ body }) => {
        if (refuse) {
          return errorResponse(500, 'INTERNAL');
        }
        saved = moved;
        return { ...home, ...(body as object) };
      });
    await user.click(await screen.findByRole('button', { name: 'Actions for list "Home"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(links()).toEqual(['Inbox 2 items', 'Home', 'Work 1 item', 'Old']));
    expect(api.callsTo('PATCH', '/api/lists/:id')[0]?.body).toEqual({ position: 0 });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Actions for list "Work"' }));
    expect(await screen.findByRole('menuitem', { name: 'Move down' })).toHaveAttribute(
      'data-disabled',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update list'));
    await waitFor(() => expect(links()).toEqual(['Inbox 2 items', 'Home', 'Work 1 item', 'Old']));
  });

  it('puts a moved list back where it was with Undo', async () => {
    const { api, user } = renderNav();
    const [work, home, old] = ANSWER.lists as [List, List, List];
    let saved = ANSWER;
    api
      .on(listsApi.list, () => saved)
      .on(listsApi.update, ({ params, body }) => {
        const { position } = body as { position: number };
        const [first, second] = params.id === 'l2' && position === 0 ? [home, work] : [work, home];
        saved = { ...ANSWER, lists: [{ ...first, position: 0 }, { ...second, position: 1 }, old] };
        return { ...(params.id === 'l2' ? home : work), position };
      });
    await user.click(await screen.findByRole('button', { name: 'Actions for list "Home"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(links()).toEqual(['Inbox 2 items', 'Home', 'Work 1 item', 'Old']));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('List moved', {
        id: 'list-moved:l2',
        action: { label: 'Undo', onClick: expect.any(Function) as () => void },
      }),
    );
    const [, options] = vi.mocked(notify.success).mock.calls[0] ?? [];
    act(() => options?.action?.onClick());
    await waitFor(() => expect(links()).toEqual(['Inbox 2 items', 'Work 1 item', 'Home', 'Old']));
    expect(api.callsTo('PATCH', '/api/lists/:id')[1]).toMatchObject({
      params: { id: 'l2' },
      body: { position: 1 },
    });
  });

  it('moves a list dragged onto another to its place', async () => {
    const { api } = renderNav();
    const [work, home, old] = ANSWER.lists as [List, List, List];
    let saved = ANSWER;
    api
      .on(listsApi.list, () => saved)
      .on(listsApi.update, () => {
        saved = { ...ANSWER, lists: [{ ...home, position: 0 }, { ...work, position: 1 }, old] };
        return { ...home, position: 0 };
      });
    const row = (name: string) =>
      screen.getByRole('link', { name: new RegExp(`^${name}`) }).closest('li') as HTMLElement;
    await screen.findByRole('link', { name: 'Home' });
    dragOnto(row('Home'), row('Work'));
    await waitFor(() => expect(links()).toEqual(['Inbox 2 items', 'Home', 'Work 1 item', 'Old']));
    expect(api.callsTo('PATCH', '/api/lists/:id')[0]).toMatchObject({
      params: { id: 'l2' },
      body: { position: 0 },
    });
  });

  it('asks what to do with the todos of a list that holds some, and deletes with the choice', async () => {
    const { api, user } = renderNav();
    api.on(listsApi.remove, undefined);
    await user.click(await screen.findByRole('button', { name: 'Actions for list "Work"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete list' });
    expect(confirm).toHaveTextContent('“Work” holds todos');
    await user.click(within(confirm).getByRole('button', { name: 'Move todos to Inbox' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/lists/:id')[0]?.url).toBe('/api/lists/l1?todos=move');
    expect(notify.success).toHaveBeenCalledWith('List deleted');
  });

  it('asks again when a list that looked empty holds done todos (409)', async () => {
    const { api, user } = renderNav();
    api.on(listsApi.remove, ({ query }) =>
      query.get('todos') ? undefined : errorResponse(409, 'CONFLICT', 'holds todos'),
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for list "Home"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete list' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByRole('button', { name: 'Delete list and todos' }),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete list and todos' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/lists/:id').map((call) => call.url)).toEqual([
      '/api/lists/l2',
      '/api/lists/l2?todos=delete',
    ]);
  });

  it('says when the lists could not be read, with Try Again', async () => {
    let fail = true;
    fakeApi().on(listsApi.list, () => (fail ? errorResponse(500, 'INTERNAL') : ANSWER));
    const { user } = renderWithProviders(<ListsNav followLink={() => undefined} />, {
      session: null,
    });
    expect(await screen.findByText('Failed to load your lists')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Work 1 item' })).toBeInTheDocument();
  });
});
