import { SEARCH_COUNT_LIMIT } from '@daywise/shared';
import { todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOGGLE_BUSY_MS } from '../../components/toggle-checkbox';
import { notify } from '../../lib/toast';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SORT_STORAGE_KEY } from './todo-filters';
import TodosPage from './todos-page';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const SAMPLE_TODO: Todo = {
  id: 't1',
  title: 'Write the report',
  description: 'Quarterly numbers',
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

/** A fake API: the settings, one pending todo, and `onPatch` deciding how a toggle goes. */
function stubApi(onPatch: () => Promise<Response>) {
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(todosApi.stats, { total: 1, completed: 0, pending: 1, completionRate: 0 })
    .on(todosApi.update, onPatch)
    .on(todosApi.list, ({ url }) => {
      const pending = url.includes('status=pending') && !url.includes('q=zzz');
      // 'report' matches more pending todos than the server counts.
      const many = pending && url.includes('q=report');
      return {
        items: pending ? [SAMPLE_TODO] : [],
        nextCursor: null,
        total: many ? SEARCH_COUNT_LIMIT : pending ? 1 : 0,
        totalIsLowerBound: many,
      };
    });
  return api.requests;
}

function renderPage() {
  renderWithProviders(<TodosPage />, { route: '/dashboard/todos' });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('TodosPage', () => {
  it('ticks at once, stays busy while saving, and puts the box back when saving fails', async () => {
    let fail: () => void = () => undefined;
    stubApi(
      () =>
        new Promise((resolve) => {
          fail = () =>
            resolve(
              new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), {
                status: 500,
              }),
            );
        }),
    );
    renderPage();
    const box = await screen.findByRole('checkbox', {
      name: 'Mark "Write the report" as completed',
    });
    await waitFor(() => expect(screen.getByText('0%')).toBeInTheDocument());

    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('Saving')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();

    fail();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to update todo');
    await waitFor(() => expect(box).toHaveAttribute('aria-disabled', 'false'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows the busy indicator for at least 300 ms even when the server is quicker', async () => {
    stubApi(() =>
      Promise.resolve(
        jsonResponse({ ...SAMPLE_TODO, completed: true, completedAt: '2026-11-21T09:00:00.000Z' }),
      ),
    );
    renderPage();
    const box = await screen.findByRole('checkbox', {
      name: 'Mark "Write the report" as completed',
    });
    const started = performance.now();
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByLabelText('Saving')).not.toBeInTheDocument());
    expect(performance.now() - started).toBeGreaterThanOrEqual(TOGGLE_BUSY_MS - 20);
    expect(notify.success).toHaveBeenCalledWith('Todo completed!', {
      action: { label: 'Undo', onClick: expect.any(Function) as unknown },
    });
  });

  it('says when a search matches more todos than the server counts', async () => {
    stubApi(() => Promise.resolve(jsonResponse(SAMPLE_TODO)));
    renderPage();
    await screen.findByRole('heading', { name: 'Pending Tasks (1)' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search todos' }), 'report');
    expect(await screen.findByRole('heading', { name: 'Pending Tasks (100+)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Completed Tasks (0)' })).toBeVisible();
  });

  it('searches once typing pauses, not on every key', async () => {
    const requests = stubApi(() => Promise.resolve(jsonResponse(SAMPLE_TODO)));
    renderPage();
    await screen.findByRole('heading', { name: 'Pending Tasks (1)' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search todos' }), 'zzz');
    expect(screen.getByRole('searchbox', { name: 'Search todos' })).toHaveValue('zzz');
    await screen.findByRole('heading', { name: 'Pending Tasks (0)' });
    expect(screen.getByText('No pending tasks')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing here matches the filters.')).toHaveLength(2);
    const searches = requests.filter((request) => request.includes('q='));
    expect(searches).toEqual([
      'GET /api/todos?status=pending&q=zzz',
      'GET /api/todos?status=completed&q=zzz',
    ]);
  });

  it('sorts by the chosen order and opens in it next time', async () => {
    window.localStorage.removeItem(SORT_STORAGE_KEY);
    const requests = stubApi(() => Promise.resolve(jsonResponse(SAMPLE_TODO)));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Write the report');
    expect(requests.some((request) => request.includes('sort='))).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort todos' }), 'Due date');
    await waitFor(() =>
      expect(requests.some((request) => request.includes('status=pending&sort=due'))).toBe(true),
    );
    expect(window.localStorage.getItem(SORT_STORAGE_KEY)).toBe('due');
  });

  it('opens in the remembered order', async () => {
    window.localStorage.setItem(SORT_STORAGE_KEY, 'priority');
    const requests = stubApi(() => Promise.resolve(jsonResponse(SAMPLE_TODO)));
    renderPage();
    await screen.findByText('Write the report');
    expect(screen.getByRole('combobox', { name: 'Sort todos' })).toHaveValue('priority');
    expect(requests.some((request) => request.includes('status=pending&sort=priority'))).toBe(true);
    window.localStorage.removeItem(SORT_STORAGE_KEY);
  });

  it('shows a ticked todo in one list only, whichever list is read again first', async () => {
    const done = { ...SAMPLE_TODO, completed: true, completedAt: '2026-11-21T09:00:00.000Z' };
    let saved = false;
    let sendPending: () => void = () => undefined;
    fakeApi()
      .route('GET', '/api/settings', SETTINGS)
      .on(todosApi.stats, { total: 1, completed: 0, pending: 1, completionRate: 0 })
      .on(todosApi.update, () => {
        saved = true;
        return done;
      })
      .on(todosApi.list, ({ url }) => {
        const page = (items: Todo[]) => ({
          items,
          nextCursor: null,
          total: items.length,
          totalIsLowerBound: false,
        });
        if (url.includes('status=completed')) {
          return page(saved ? [done] : []);
        }
        // After the save, the pending list is read again only when the test says so.
        return saved
          ? new Promise((resolve) => (sendPending = () => resolve(page([]))))
          : page([SAMPLE_TODO]);
      });
    renderPage();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Mark "Write the report" as completed' }),
    );

    expect(await screen.findByRole('heading', { name: 'Completed Tasks (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Write the report' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Pending Tasks (0)' })).toBeInTheDocument();

    sendPending();
    await waitFor(() => expect(screen.getByText('No pending tasks')).toBeInTheDocument());
    expect(screen.getAllByRole('heading', { name: 'Write the report' })).toHaveLength(1);
    // The ticked box's row has gone from the pending list; its busy minimum still runs, and ends
    // before the page is taken down.
    await act(() => new Promise((resolve) => setTimeout(resolve, TOGGLE_BUSY_MS)));
  });
});
