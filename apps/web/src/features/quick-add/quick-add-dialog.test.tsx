import { MESSAGES } from '@daywise/shared';
import { listsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi, type FakeRequest } from '../../test/fake-api';
import { NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QuickAddDialog } from './quick-add-dialog';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'Europe/London' },
};

function created(body: unknown): Todo {
  const fields = body as Pick<Todo, 'title' | 'priority' | 'dueDate' | 'dueTime'>;
  return {
    id: 't1',
    description: '',
    tags: [],
    listId: null,
    reminderTime: null,
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
    repeat: null,
    habit: null,
    completed: false,
    completedAt: null,
    createdAt: '2026-11-23T07:52:00.000Z',
    updatedAt: '2026-11-23T07:52:00.000Z',
    ...fields,
  };
}

beforeEach(() => {
  // Monday 23 November 2026, 07:52 in London: 'tomorrow' is Tuesday 24 November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T07:52:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

/** The dialog over a fake API whose create answers with `create`. */
function renderDialog(create: (request: FakeRequest) => Todo | Response) {
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(tagsApi.list, [])
    .on(listsApi.list, NO_LISTS)
    .on(todosApi.create, create);
  const onClose = vi.fn();
  const view = renderWithProviders(<QuickAddDialog onClose={onClose} />, { session: null });
  return { ...view, api, onClose, input: screen.getByRole('combobox', { name: 'Todo' }) };
}

/** The words marked in the text, with the kind of each. */
function marks(container: HTMLElement): string[] {
  const highlight = container.ownerDocument.querySelector('[data-testid="quick-add-highlight"]');
  return [...(highlight?.querySelectorAll('mark') ?? [])].map(
    (mark) => `${mark.dataset.kind}:${mark.textContent}`,
  );
}

function chips(): string[] {
  const list = screen.queryByRole('list', { name: 'Understood' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : [];
}

describe('QuickAddDialog', () => {
  it('marks what it understood as the user types and lists it as chips', async () => {
    const { user, input, container } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Call mum tomorrow 9am !high');

    await waitFor(() =>
      expect(marks(container)).toEqual(['date:tomorrow', 'time:9am', 'priority:!high']),
    );
    expect(chips()).toEqual(['Due Tue 24 Nov', 'Due at 09:00, with a reminder', 'High priority']);
    expect(screen.getByText(/^Title:/)).toHaveTextContent('Title: Call mum');
  });

  it('undoes a part from its chip, by keyboard, leaving its words in the title', async () => {
    const { user, input, api, onClose, container } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Call mum tomorrow 9am !high');
    const remove = await screen.findByRole('button', { name: 'Remove Due Tue 24 Nov' });
    remove.focus();
    await user.keyboard('{Enter}');

    expect(chips()).toEqual(['Due at 09:00, with a reminder', 'High priority', 'Due Mon 23 Nov']);
    expect(marks(container)).toEqual(['time:9am', 'priority:!high']);
    expect(input).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toEqual({
      title: 'Call mum tomorrow',
      priority: 'high',
      dueDate: '2026-11-23',
      // The time is the due time, with a reminder at it (ADR 0030).
      dueTime: '09:00',
      reminders: [{ before: 0 }],
      repeat: null,
      listId: null,
    });
  });

  it('creates the todo on Enter, with its repeat, and says so', async () => {
    const { user, input, api, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Water plants every 3 days 8am');
    await screen.findByText('Every 3 days');
    expect(chips()).toEqual(['Every 3 days', 'Due at 08:00, with a reminder', 'Due Mon 23 Nov']);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('POST', '/api/todos');
    expect(call?.body).toEqual({
      title: 'Water plants',
      priority: 'medium',
      dueDate: '2026-11-23',
      dueTime: '08:00',
      reminders: [{ before: 0 }],
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
      listId: null,
    });
    expect(new Headers(call?.init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.todoCreated);
  });

  it('saves a list of weekdays as the chips show it (issue 31)', async () => {
    const { user, input, api, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'gym every mon wed fri');
    await screen.findByText('Every week on Mon, Wed, Fri');
    expect(chips()).toEqual(['Every week on Mon, Wed, Fri', 'Due Mon 23 Nov']);
    expect(screen.getByText(/^Title:/)).toHaveTextContent('Title: gym');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toEqual({
      title: 'gym',
      priority: 'medium',
      dueDate: '2026-11-23',
      dueTime: null,
      reminders: [],
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', from: 'due' },
      listId: null,
    });
  });

  it('saves the reading its chips show, even when Enter comes after the time it named', async () => {
    const { user, input, api, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Email boss 8am');
    await screen.findByText('Due at 08:00, with a reminder');
    expect(chips()).toEqual(['Due at 08:00, with a reminder', 'Due Mon 23 Nov']);
    // 08:05: read again now, the line would be due tomorrow; the chips still say today.
    vi.setSystemTime(new Date('2026-11-23T08:05:00Z'));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      title: 'Email boss',
      dueDate: '2026-11-23',
      dueTime: '08:00',
    });
  });

  it('asks to notify for a reminder, and says how to allow it when refused, creating the todo', async () => {
    const requestPermission = vi.fn().mockResolvedValue('denied');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const { user, input, api, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Call mum tomorrow 9am');
    await screen.findByText('Due at 09:00, with a reminder');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(notify.info).toHaveBeenCalledWith(MESSAGES.notificationsBlockedHelp);
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      dueTime: '09:00',
      reminders: [{ before: 0 }],
    });
  });

  it('does not ask to notify for a todo without a reminder', async () => {
    const requestPermission = vi.fn().mockResolvedValue('granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const { user, input, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Call mum tomorrow');
    await screen.findByText('Due Tue 24 Nov');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestPermission).not.toHaveBeenCalled();
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('keeps the text and shows the reason when the server refuses', async () => {
    const { user, input, onClose } = renderDialog(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Due date is too far ahead'),
    );
    await user.type(input, 'Pay rent on the 1st every month !high');
    await screen.findByText('Every month on the 1st');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Due date is too far ahead');
    expect(input).toHaveValue('Pay rent on the 1st every month !high');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.todoCreateFailed);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Quick add' })).toBeInTheDocument();
  });

  it('refuses a todo without a title and sends nothing', async () => {
    const { user, input, api, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, '!high');
    await screen.findByText('High priority');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(api.callsTo('POST', '/api/todos')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { user, input, onClose } = renderDialog(({ body }) => created(body));
    await user.type(input, 'Something');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
