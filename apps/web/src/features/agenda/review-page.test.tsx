import { reviewApi } from '@daywise/shared/api';
import type { Review, ReviewReschedule, ReviewTask } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ReviewPage from './review-page';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
afterEach(() => vi.clearAllMocks());

const task = (id: string, title: string, extra: Partial<ReviewTask> = {}): ReviewTask => ({
  id,
  title,
  priority: 'medium',
  tag: null,
  tagColor: null,
  completed: false,
  planId: 'p1',
  planTitle: 'Saturday',
  date: '2026-11-21',
  carriedTo: null,
  dropped: false,
  ...extra,
});

function aDay(): Review {
  return {
    date: '2026-11-21',
    dayEnd: '20:00',
    done: { todos: [makeTodo({ id: 'd1', title: 'Call mum', completed: true })], tasks: [] },
    open: {
      todos: [
        makeTodo({ id: 't1', title: 'Pay rent', dueDate: '2026-11-19' }),
        makeTodo({ id: 't2', title: 'Buy milk', dueDate: '2026-11-21' }),
      ],
      tasks: [task('k1', 'Read'), task('k2', 'Write', { carriedTo: '2026-11-23' })],
    },
    completions: 1,
    streak: 3,
    focusMinutes: 85,
  };
}

function render() {
  return renderWithProviders(<ReviewPage />, {
    route: '/dashboard/review',
    path: '/dashboard/review',
    session: null,
    toaster: false,
  });
}

const notDone = () => screen.getByRole('region', { name: /Not done/ });

describe('the end-of-day review', () => {
  it('shows what was done and what was not, and what became of a task already moved', async () => {
    fakeApi().on(reviewApi.get, aDay());
    render();
    expect(await screen.findByRole('heading', { name: 'Done today (1)' })).toBeInTheDocument();
    expect(screen.getByText('Call mum')).toBeInTheDocument();
    expect(screen.getByText('Completed today').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('3 days')).toBeInTheDocument();
    expect(screen.getByText('Focused today').nextSibling).toHaveTextContent('1 h 25 min');
    const list = within(notDone());
    expect(list.getByText('Overdue since Thu, Nov 19, 2026')).toBeInTheDocument();
    expect(list.getByText('Due today')).toBeInTheDocument();
    expect(list.getByText('Moved to Mon, Nov 23, 2026 as a todo')).toBeInTheDocument();
    expect(list.queryByRole('button', { name: 'Move “Write” to tomorrow' })).toBeNull();
  });

  it('moves every unfinished item to tomorrow at once, and Undo puts them back', async () => {
    let day = aDay();
    const undo = { todos: [{ id: 't1', dueDate: '2026-11-19', skipped: false }], taskIds: ['k1'] };
    const api = fakeApi()
      .on(reviewApi.get, () => day)
      .on(reviewApi.reschedule, () => {
        day = { ...day, open: { todos: [], tasks: day.open.tasks } };
        return { moved: 3, undo };
      })
      .on(reviewApi.undo, { restored: 3 });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Move all to tomorrow' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/review/reschedule')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/review/reschedule')[0]?.body).toEqual({
      to: '2026-11-22',
      todoIds: ['t1', 't2'],
      taskIds: ['k1'],
    });
    expect(within(notDone()).queryByText('Pay rent')).toBeNull();
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    const [message, options] = vi.mocked(notify.success).mock.calls[0] ?? [];
    expect(message).toBe('Moved 3 items to Sun, Nov 22, 2026');
    expect(options?.action?.label).toBe('Undo');
    options?.action?.onClick();
    await waitFor(() => expect(api.callsTo('POST', '/api/review/undo')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/review/undo')[0]?.body).toEqual(undo);
  });

  it('drops one item, picks a date for another, and puts the list back when the server refuses', async () => {
    let refuse = false;
    const api = fakeApi()
      .on(reviewApi.get, aDay())
      .on(reviewApi.reschedule, (request) => {
        const { todoIds, taskIds } = request.body as ReviewReschedule;
        return refuse
          ? errorResponse(400, 'VALIDATION_FAILED', 'Choose today or a later day')
          : { moved: 1, undo: { todos: [], taskIds: [...todoIds, ...taskIds] } };
      });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Drop “Buy milk”' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/review/reschedule')[0]?.body).toEqual({
        to: null,
        todoIds: ['t2'],
        taskIds: [],
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('Dropped 1 item', expect.anything());

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Pick a date for “Read”' }));
    const dialog = screen.getByRole('dialog', { name: 'Move to…' });
    expect(within(dialog).getByLabelText('Due Date')).toHaveValue('2026-11-22');
    await userEvent.clear(within(dialog).getByLabelText('Due Date'));
    await userEvent.type(within(dialog).getByLabelText('Due Date'), '2026-11-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Choose today or a later day'));
    expect(api.callsTo('POST', '/api/review/reschedule')[1]?.body).toEqual({
      to: '2026-11-30',
      todoIds: [],
      taskIds: ['k1'],
    });
    expect(
      await within(notDone()).findByRole('button', { name: 'Drop “Read”' }),
    ).toBeInTheDocument();
  });

  it('says when the review cannot be read, and reads it again on Try Again', async () => {
    let fail = true;
    fakeApi().on(reviewApi.get, () => (fail ? errorResponse(500, 'INTERNAL', 'no') : aDay()));
    render();
    const retry = await screen.findByRole('button', { name: /Try Again/i });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Pay rent')).toBeInTheDocument();
  });
});
