import { DEFAULT_SETTINGS } from '@daywise/shared';
import { listsApi, settingsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubResizeObserver } from '../../test/browser';
import { type FakeApi, fakeApi } from '../../test/fake-api';
import { makeTodo, NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TodoDialog } from './todo-dialog';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

/** Thursday 12 November 2026. */
const TODAY = '2026-11-12';

function stubApi(): FakeApi {
  stubResizeObserver();
  return fakeApi()
    .on(settingsApi.get, DEFAULT_SETTINGS)
    .on(tagsApi.list, [])
    .on(listsApi.list, NO_LISTS)
    .on(todosApi.create, ({ body }) => makeTodo(body as Partial<Todo>))
    .on(todosApi.update, ({ body }) => makeTodo(body as Partial<Todo>));
}

function renderDialog(todo: Todo | null = null) {
  const onClose = vi.fn();
  const result = renderWithProviders(<TodoDialog todo={todo} today={TODAY} onClose={onClose} />, {
    session: null,
  });
  return { ...result, onClose };
}

const repeatMenu = () => screen.getByRole('combobox', { name: 'Repeat' });
const dueDate = () => screen.getByLabelText('Due Date');

describe('the todo dialog Repeat field', () => {
  it('offers the common repeats named after the due date, and sets today as due when none is set', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Stand-up notes');
    const options = within(repeatMenu())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Does not repeat',
      'Every day',
      'Every weekday',
      'Every week on Thu',
      'Every month on the 12th',
      'Every year on 12 Nov',
      'Custom…',
    ]);
    expect(dueDate()).toHaveValue('');

    await user.selectOptions(repeatMenu(), 'Every weekday');

    expect(dueDate()).toHaveValue(TODAY);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Due date set to today: a repeating todo starts on its due date.',
    );
    expect(screen.getByText('Every weekday', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      title: 'Stand-up notes',
      dueDate: TODAY,
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', from: 'due' },
    });
  });

  it('builds a custom rule from the keyboard and says it in words', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gym');
    await user.type(dueDate(), TODAY);
    await user.selectOptions(repeatMenu(), 'Custom…');

    const every = screen.getByRole('spinbutton', { name: 'Repeat every' });
    await user.clear(every);
    await user.type(every, '2');
    expect(screen.getByRole('button', { name: 'Thursday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    screen.getByRole('button', { name: 'Monday' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('radio', { name: 'After' }));
    const times = screen.getByRole('spinbutton', { name: 'Number of times' });
    await user.clear(times);
    await user.type(times, '8');

    expect(screen.getByText('Every 2 weeks on Mon, Thu, 8 times')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=8', from: 'due' },
    });
  });

  it('repeats a set time after completion with only how often', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Water plants');
    await user.selectOptions(repeatMenu(), 'Custom…');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'week');
    const every = screen.getByRole('spinbutton', { name: 'Repeat every' });
    await user.clear(every);
    await user.type(every, '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'days');
    await user.click(screen.getByRole('radio', { name: 'After completion' }));

    expect(screen.queryByRole('group', { name: 'On' })).not.toBeInTheDocument();
    expect(screen.getByText('3 days after completion')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toMatchObject({
      dueDate: TODAY,
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'completion' },
    });
  });

  it('refuses a repeat without a due date, or with a wrong custom value, sending nothing', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gym');
    await user.selectOptions(repeatMenu(), 'Every day');
    await user.clear(dueDate());
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));
    expect(await screen.findByText('A repeating todo needs a due date')).toBeInTheDocument();

    await user.type(dueDate(), TODAY);
    await user.selectOptions(repeatMenu(), 'Custom…');
    await user.clear(screen.getByRole('spinbutton', { name: 'Repeat every' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Repeat every' }), '0');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    expect(
      await screen.findByText('Please enter a whole number from 1 to 999'),
    ).toBeInTheDocument();
    expect(repeatMenu()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/todos')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reads a saved repeat back to edit, sends it only when changed, and can stop it', async () => {
    const api = stubApi();
    const todo = makeTodo({
      dueDate: '2026-11-30',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', from: 'due' },
      habit: { streak: 2, best: 4, freezes: 0, done: 6 },
    });
    const first = renderDialog(todo);
    expect(repeatMenu()).toHaveValue('custom');
    expect(screen.getByRole('radio', { name: 'The last day' })).toBeChecked();
    expect(screen.getByText('Every month on the last day')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).not.toHaveProperty('repeat');
    first.unmount();

    const second = renderDialog(todo);
    await second.user.selectOptions(repeatMenu(), 'Does not repeat');
    await second.user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/todos/:id')[1]?.body).toMatchObject({ repeat: null });
  });

  it("Custom… starts from the todo's own rule, not a weekly default", async () => {
    stubApi();
    const todo = makeTodo({
      // A Friday, so a weekly default would read 'Every week on Fri'.
      dueDate: '2027-01-01',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', from: 'due' },
    });
    const { user } = renderDialog(todo);
    expect(repeatMenu()).toHaveDisplayValue('Every month on the 1st');

    await user.selectOptions(repeatMenu(), 'Custom…');

    expect(screen.getByLabelText('Repeat every')).toHaveValue(1);
    expect(screen.getByLabelText('Unit')).toHaveValue('MONTHLY');
    expect(screen.getByLabelText('Day of the month')).toHaveValue(1);
    // The rule in words under the field.
    expect(screen.getByText('Every month on the 1st', { selector: 'p' })).toBeInTheDocument();
  });

  it('Custom… starts from the repeat just chosen in the menu', async () => {
    stubApi();
    const { user } = renderDialog();
    await user.type(dueDate(), '2026-11-13');
    await user.selectOptions(repeatMenu(), 'Every year on 13 Nov');
    await user.selectOptions(repeatMenu(), 'Custom…');

    expect(screen.getByLabelText('Unit')).toHaveValue('YEARLY');
    expect(screen.getByText('Every year on 13 Nov', { selector: 'p' })).toBeInTheDocument();
  });

  it('keeps a rule its fields cannot show', async () => {
    const api = stubApi();
    const todo = makeTodo({
      dueDate: '2026-11-27',
      repeat: { rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'due' },
    });
    const { user, onClose } = renderDialog(todo);
    expect(repeatMenu()).toHaveDisplayValue('Every month on the last Fri');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Update Todo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).not.toHaveProperty('repeat');
  });
});

describe('the todo dialog Due Date', () => {
  it('refuses a typed date before today, as the picker does, and sends nothing', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog();
    expect(dueDate()).toHaveAttribute('min', TODAY);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'File taxes');
    await user.type(dueDate(), '2020-01-15');
    await user.click(screen.getByRole('button', { name: 'Create Todo' }));

    expect(await screen.findByText('Please choose today or a later date')).toBeInTheDocument();
    expect(dueDate()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/todos')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets an overdue todo keep its past due date', async () => {
    const api = stubApi();
    const { user, onClose } = renderDialog(makeTodo({ title: 'Old chore', dueDate: '2026-11-01' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Update Todo' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).toMatchObject({
      title: 'Old chore!',
      dueDate: '2026-11-01',
    });
  });
});
