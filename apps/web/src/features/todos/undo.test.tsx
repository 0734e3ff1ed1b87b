import { todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { pressUndo } from '../../test/toasts';
import TodosPage from './todos-page';

const TODO: Todo = {
  id: 't1',
  title: 'Write the report',
  description: '',
  priority: 'high',
  dueDate: null,
  reminderTime: null,
  completed: false,
  completedAt: null,
  repeat: null,
  habit: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  tags: [],
  listId: null,
  dueTime: null,
  reminders: [],
  sectionId: null,
  parentId: null,
  order: 0,
  subtaskCounts: { open: 0, total: 0, openBelow: 0, totalBelow: 0 },
  blockDate: null,
  blockStart: null,
  blockMinutes: null,
  estimateMinutes: null,
  focusMinutes: 0,
};

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

/** One pending todo on a fake server that keeps it until a DELETE that `onDelete` lets pass. */
function stubApi(onDelete: () => Response = () => new Response(null, { status: 204 })) {
  let todo: Todo | null = TODO;
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(todosApi.stats, () =>
      todo
        ? {
            total: 1,
            completed: Number(todo.completed),
            pending: Number(!todo.completed),
            completionRate: todo.completed ? 100 : 0,
          }
        : { total: 0, completed: 0, pending: 0, completionRate: 0 },
    )
    .on(todosApi.list, ({ query }) => {
      const items = todo && (query.get('status') === 'completed') === todo.completed ? [todo] : [];
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    })
    .on(todosApi.update, ({ body }) => {
      const { completed } = body as { completed: boolean };
      todo = { ...TODO, completed, completedAt: completed ? '2026-11-21T09:00:00.000Z' : null };
      return todo;
    })
    .on(todosApi.remove, () => {
      const answer = onDelete();
      if (answer.ok) {
        todo = null;
      }
      return answer;
    });
  return api;
}

/**
 * The page, and an unmount that first waits for every box to finish saving: a save still pending
 * when the test file ends would set its state after the test's window is gone.
 */
function renderPage() {
  const rendered = renderWithProviders(<TodosPage />, { route: '/dashboard/todos', toaster: true });
  const unmount = async () => {
    await waitFor(() => expect(screen.queryAllByLabelText('Saving')).toEqual([]));
    rendered.unmount();
  };
  return { ...rendered, unmount };
}

const pendingList = () => screen.getByRole('region', { name: /^Pending Tasks/ });

async function deleteTodo(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Delete "Write the report"' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Todo' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('undo from the toast', () => {
  it('hides a deleted todo at once and brings it back in place on Undo, never telling the server', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    await deleteTodo(user);

    expect(await screen.findByText('Todo deleted successfully!')).toBeInTheDocument();
    expect(within(pendingList()).getByText('No pending tasks')).toBeInTheDocument();
    expect(pendingList()).toHaveAccessibleName('Pending Tasks (0)');

    await pressUndo(user, 'Todo deleted successfully!');

    const box = await screen.findByRole('checkbox', {
      name: 'Mark "Write the report" as completed',
    });
    expect(pendingList()).toHaveAccessibleName('Pending Tasks (1)');
    await waitFor(() => expect(box).toHaveFocus());
    await unmount();
    expect(api.callsTo('DELETE', '/api/todos/:id')).toHaveLength(0);
  });

  it('sends the waiting delete at once, outliving the page, when the page closes', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    await deleteTodo(user);
    expect(await screen.findByText('Todo deleted successfully!')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/todos/:id')).toHaveLength(0);

    await unmount();
    const [sent] = api.callsTo('DELETE', '/api/todos/:id');
    expect(sent?.params).toEqual({ id: 't1' });
    expect(sent?.init?.keepalive).toBe(true);
  });

  it('brings the todo back and says so when the delayed delete fails', async () => {
    stubApi(() => errorResponse(500, 'INTERNAL'));
    const { user, unmount } = renderPage();
    await deleteTodo(user);
    expect(await screen.findByText('Todo deleted successfully!')).toBeInTheDocument();
    expect(within(pendingList()).getByText('No pending tasks')).toBeInTheDocument();

    // The tab going away sends the waiting delete at once (as the end of the window would).
    window.dispatchEvent(new Event('pagehide'));
    expect(await screen.findByText('Failed to delete todo')).toBeInTheDocument();
    expect(
      await screen.findByRole('checkbox', { name: 'Mark "Write the report" as completed' }),
    ).toBeInTheDocument();
    expect(pendingList()).toHaveAccessibleName('Pending Tasks (1)');
    await unmount();
  });

  it('un-completes a todo from the toast and keeps the focus on its box', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Mark "Write the report" as completed' }),
    );
    expect(await screen.findByText('Todo completed!')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Mark "Write the report" as pending' });

    await pressUndo(user, 'Todo completed!');

    expect(await screen.findByText('Todo marked as pending')).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', {
      name: 'Mark "Write the report" as completed',
    });
    await waitFor(() => expect(box).toHaveFocus());
    expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
      { completed: true },
      { completed: false },
    ]);
    await unmount();
  });

  it('puts the box back and says so when the undo of a completion fails', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Mark "Write the report" as completed' }),
    );
    expect(await screen.findByText('Todo completed!')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Mark "Write the report" as pending' });
    api.on(todosApi.update, () => errorResponse(500, 'INTERNAL'));

    await pressUndo(user, 'Todo completed!');

    expect(await screen.findByText('Failed to update todo')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Mark "Write the report" as pending' }),
    ).toBeChecked();
    expect(screen.getByRole('region', { name: /^Completed Tasks/ })).toHaveAccessibleName(
      'Completed Tasks (1)',
    );
    await unmount();
  });
});
