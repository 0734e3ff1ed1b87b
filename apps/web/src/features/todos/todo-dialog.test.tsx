import { DEFAULT_SETTINGS } from '@daywise/shared';
import { listsApi, settingsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type FakeApi, fakeApi } from '../../test/fake-api';
import { makeTodo, NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TodoDialog } from './todo-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The user lives in Paris (UTC+1 in November). */
const PARIS = {
  ...DEFAULT_SETTINGS,
  preferences: { ...DEFAULT_SETTINGS.preferences, timezone: 'Europe/Paris' },
};

function stubApi(): FakeApi {
  vi.stubGlobal('Notification', {
    permission: 'granted',
    requestPermission: vi.fn().mockResolvedValue('granted'),
  });
  return fakeApi()
    .on(settingsApi.get, PARIS)
    .on(tagsApi.list, [])
    .on(listsApi.list, NO_LISTS)
    .on(todosApi.create, ({ body }) => makeTodo(body as Partial<Todo>))
    .on(todosApi.update, ({ body }) => makeTodo(body as Partial<Todo>));
}

function renderDialog(todo: Todo | null = null) {
  const onClose = vi.fn();
  const result = renderWithProviders(
    <TodoDialog todo={todo} today="2026-11-22" onClose={onClose} />,
    { session: null },
  );
  return { ...result, user: userEvent.setup(), onClose };
}

const reminderList = () =>
  within(screen.getByRole('list', { name: 'Reminders set' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('TodoDialog due time and reminders', () => {
  it('sets a due time and several reminders by keyboard, and sends them', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Dentist');
    await user.type(screen.getByLabelText('Due Date'), '2026-11-25');
    await user.type(screen.getByLabelText('Due Time'), '14:30');
    const choice = screen.getByRole('combobox', { name: 'New reminder' });
    const add = screen.getByRole('button', { name: 'Add Reminder' });

    await user.selectOptions(choice, '10 minutes before');
    await user.click(add);
    await user.selectOptions(choice, '1 day before');
    await user.click(add);
    await user.selectOptions(choice, 'Custom time before…');
    await user.clear(screen.getByLabelText('How long before'));
    await user.type(screen.getByLabelText('How long before'), '2');
    await user.selectOptions(screen.getByLabelText('Unit'), 'hours');
    await user.click(add);
    await user.selectOptions(choice, 'On a date and time…');
    await user.clear(screen.getByLabelText('Reminder date'));
    await user.type(screen.getByLabelText('Reminder date'), '2026-11-24');
    await user.clear(screen.getByLabelText('Reminder time'));
    await user.type(screen.getByLabelText('Reminder time'), '18:00');
    await user.click(add);
    expect(reminderList()).toEqual([
      '10 minutes before',
      '1 day before',
      '2 hours before',
      expect.stringMatching(/^On Nov 24, 2026, 6:00\sPM$/) as string,
    ]);

    // Removing is a button named after the reminder.
    await user.click(screen.getByRole('button', { name: 'Remove reminder: 1 day before' }));
    expect(reminderList()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      title: 'Dentist',
      dueDate: '2026-11-25',
      dueTime: '14:30',
      // 18:00 in Paris is 17:00 UTC.
      reminders: [{ before: 10 }, { before: 120 }, { at: '2026-11-24T17:00:00.000Z' }],
    });
  });

  it('says clearly what it cannot keep, and sends nothing', async () => {
    const api = stubApi();
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Dentist');
    const choice = screen.getByRole('combobox', { name: 'New reminder' });
    const add = screen.getByRole('button', { name: 'Add Reminder' });

    await user.selectOptions(choice, 'Custom time before…');
    await user.clear(screen.getByLabelText('How long before'));
    await user.type(screen.getByLabelText('How long before'), '31');
    await user.selectOptions(screen.getByLabelText('Unit'), 'days');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A reminder can be at most 30 days before the due time',
    );
    await user.selectOptions(choice, 'At due time');
    await user.click(add);
    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('This reminder is already set');

    // A reminder before the due time needs one; a due time needs a due date.
    await user.type(screen.getByLabelText('Due Time'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    expect(await screen.findByText('A due time needs a due date')).toBeInTheDocument();
    expect(
      screen.getByText('A reminder before the due time needs a due date and a due time'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos')).toEqual([]);
  });

  it('takes at most 5 reminders', async () => {
    stubApi();
    const { user } = renderDialog();
    const choice = screen.getByRole('combobox', { name: 'New reminder' });
    for (const label of ['At due time', '10 minutes before', '1 hour before', '1 day before']) {
      await user.selectOptions(choice, label);
      await user.click(screen.getByRole('button', { name: 'Add Reminder' }));
    }
    await user.selectOptions(choice, 'Custom time before…');
    await user.click(screen.getByRole('button', { name: 'Add Reminder' }));
    expect(reminderList()).toHaveLength(5);
    expect(screen.getByText('A todo can have at most 5 reminders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Reminder' })).not.toBeInTheDocument();
  });

  it('edits a todo’s reminders, and sends them only when they changed', async () => {
    const api = stubApi();
    const todo = makeTodo({
      title: 'Dentist',
      dueDate: '2026-11-25',
      dueTime: '14:30',
      reminders: [{ before: 0 }, { before: 60 }],
    });
    const { user, onClose } = renderDialog(todo);
    expect(screen.getByLabelText('Due Time')).toHaveValue('14:30');
    expect(reminderList()).toEqual(['At due time', '1 hour before']);
    await user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [unchanged] = api.callsTo('PATCH', `/api/todos/${todo.id}`);
    expect(unchanged?.body).toMatchObject({ dueTime: '14:30' });
    expect(unchanged?.body).not.toHaveProperty('reminders');
  });

  it('says how to allow notifications when the browser refuses them, keeping the reminder', async () => {
    stubApi();
    const requestPermission = vi.fn().mockResolvedValue('denied');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const { user } = renderDialog();
    expect(screen.getByText('Notifications permission needed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Reminder' }));

    expect(requestPermission).toHaveBeenCalled();
    const help = await screen.findByRole('alert');
    expect(help).toHaveTextContent(/set Notifications to Allow/);
    expect(help).toHaveTextContent('Reminders still show inside Daywise while it is open.');
    expect(reminderList()).toEqual(['At due time']);
  });

  it('shows the daily reminder an older app set, which an added reminder replaces', async () => {
    stubApi();
    renderDialog(makeTodo({ reminderTime: '07:30' }));
    expect(
      screen.getByText('Reminds every day at 7:30 AM. A reminder added here replaces it.'),
    ).toBeInTheDocument();
  });
});

describe('TodoDialog time block', () => {
  it('gives a todo a time block on a day, keeping its due date, and says what is missing', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Write report');
    await user.type(screen.getByLabelText('Due Date'), '2026-11-27');
    await user.type(screen.getByLabelText('Starts at'), '23:30');
    await user.type(screen.getByLabelText('Minutes'), '60');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    expect(
      await screen.findByText('A time block on a todo needs a day (blockDate)'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Block day'), '2026-11-24');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    expect(
      await screen.findByText('A time block must end by midnight of its day'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Minutes'));
    await user.type(screen.getByLabelText('Minutes'), '30');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      dueDate: '2026-11-27',
      blockDate: '2026-11-24',
      blockStart: '23:30',
      blockMinutes: 30,
    });
  });

  it('shows a todo’s block and clears it when all three are emptied', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog(
      makeTodo({ id: 't1', blockDate: '2026-11-24', blockStart: '09:00', blockMinutes: 45 }),
    );
    expect(screen.getByLabelText('Block day')).toHaveValue('2026-11-24');
    expect(screen.getByLabelText('Minutes')).toHaveValue(45);
    for (const label of ['Block day', 'Starts at', 'Minutes']) {
      await user.clear(screen.getByLabelText(label));
    }
    await user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/todos/t1')[0]?.body).toMatchObject({
      blockDate: null,
      blockStart: null,
      blockMinutes: null,
    });
  });
});
