import type { Todo } from '@daywise/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOGGLE_BUSY_MS } from '../../components/toggle-checkbox';
import { notify } from '../../lib/toast';
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
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

/** A fake API: the settings, one pending todo, and `onPatch` deciding how a toggle goes. */
function stubApi(onPatch: () => Promise<Response>) {
  const requests: string[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.startsWith('/api/settings')) {
      return json({
        notifications: { email: true, reminders: true },
        privacy: { profileVisibility: 'private', activityTracking: true },
        preferences: { theme: 'system', timezone: 'UTC' },
      });
    }
    if (url === '/api/todos/stats') {
      return json({ total: 1, completed: 0, pending: 1, completionRate: 0 });
    }
    if (init?.method === 'PATCH') {
      return onPatch();
    }
    const pending = url.includes('status=pending') && !url.includes('q=zzz');
    return json({ items: pending ? [SAMPLE_TODO] : [], nextCursor: null, total: pending ? 1 : 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/todos']}>
        <TodosPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
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
    expect(box).toBeDisabled();
    expect(screen.getByLabelText('Saving')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();

    fail();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to update todo');
    await waitFor(() => expect(box).toBeEnabled());
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows the busy indicator for at least 300 ms even when the server is quicker', async () => {
    stubApi(() =>
      json({ ...SAMPLE_TODO, completed: true, completedAt: '2026-11-21T09:00:00.000Z' }),
    );
    renderPage();
    const box = await screen.findByRole('checkbox', {
      name: 'Mark "Write the report" as completed',
    });
    const started = performance.now();
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByLabelText('Saving')).not.toBeInTheDocument());
    expect(performance.now() - started).toBeGreaterThanOrEqual(TOGGLE_BUSY_MS - 20);
    expect(notify.success).toHaveBeenCalledWith('Todo completed!');
  });

  it('searches once typing pauses, not on every key', async () => {
    const requests = stubApi(() => json(SAMPLE_TODO));
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
});
