import { DEFAULT_SETTINGS } from '@daywise/shared';
import { agendaApi, settingsApi, todosApi } from '@daywise/shared/api';
import type { Todo, TodoMoved } from '@daywise/shared/schemas';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { calendarRange, makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CalendarPage, type CalendarTodoDialog } from './calendar-page';
import { REPEAT_MOVE_TEXTS } from './repeat-move-dialog';
import { movedRepeat } from './use-move-repeat';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

// Saturday 21 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const GYM = makeTodo({
  id: 'g',
  title: 'Gym',
  dueDate: '2026-11-23',
  repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
});

const range = calendarRange;

const Dialog: CalendarTodoDialog = () => null;

function render(route = '/dashboard/calendar') {
  return renderWithProviders(<CalendarPage TodoDialog={Dialog} />, {
    route,
    path: '/dashboard/calendar',
    session: null,
    toaster: false,
  });
}

const day = (name: string) => screen.getByRole('region', { name });

/** The Gym series, due on the 23rd and projected on the 30th, as the fake server answers it. */
function gymCalendar() {
  return fakeApi()
    .on(settingsApi.get, DEFAULT_SETTINGS)
    .on(agendaApi.calendar, (request) =>
      range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
        todos: [GYM],
        repeats: [{ todo: GYM, dates: ['2026-11-30'] }],
      }),
    );
}

async function moveTo(name: string, where: string, to: string) {
  await userEvent.click(within(day(where)).getByRole('button', { name }));
  const dialog = screen.getByRole('dialog', { name: 'Move to…' });
  const input = within(dialog).getByLabelText('Due Date');
  await userEvent.clear(input);
  await userEvent.type(input, to);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
}

/** Presses the Undo of the latest success toast. */
function undoLast() {
  const options = vi.mocked(notify.success).mock.calls.at(-1)?.[1] as
    { action?: { onClick: () => void } } | undefined;
  options?.action?.onClick();
}

describe('moving a repeating todo in the calendar', () => {
  it('asks this occurrence or all, moves only this one, and Undo puts it back', async () => {
    const moved: TodoMoved = {
      todo: { ...GYM, dueDate: '2026-11-30' },
      copy: { ...GYM, id: 'c', repeat: null, dueDate: '2026-11-25' },
      undo: { scope: 'this', copyId: 'c', occurrence: '2026-11-23' },
    };
    const api = gymCalendar().on(todosApi.move, moved).on(todosApi.undoMove, GYM);
    render();
    await screen.findByRole('region', { name: 'Monday, November 23' });
    await moveTo('Move "Gym" to…', 'Monday, November 23', '2026-11-25');
    const question = screen.getByRole('dialog', { name: REPEAT_MOVE_TEXTS.title });
    expect(question).toHaveTextContent('“Gym” repeats. Move it from Mon, Nov 23, 2026 to');
    // The series' time is its own: 'Move to…' asked for no time.
    await userEvent.click(within(question).getByRole('button', { name: REPEAT_MOVE_TEXTS.this }));

    await waitFor(() => expect(api.callsTo('POST', '/api/todos/g/move')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/todos/g/move')[0]?.body).toEqual({
      occurrence: '2026-11-23',
      to: '2026-11-25',
      scope: 'this',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('Moved to Wed, Nov 25, 2026', expect.anything());
    undoLast();
    await waitFor(() => expect(api.callsTo('POST', '/api/todos/g/move/undo')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/todos/g/move/undo')[0]?.body).toEqual(moved.undo);
  });

  it('offers both for a later one too, and goes back when refused', async () => {
    const api = gymCalendar().on(todosApi.move, () => errorResponse(500, 'INTERNAL', 'no'));
    render();
    await screen.findByRole('region', { name: 'Monday, November 30' });
    await moveTo('Move "Gym" to…', 'Monday, November 30', '2026-12-01');
    const question = screen.getByRole('dialog', { name: REPEAT_MOVE_TEXTS.title });
    expect(within(question).getByRole('button', { name: REPEAT_MOVE_TEXTS.all })).toBeVisible();
    await userEvent.click(within(question).getByRole('button', { name: REPEAT_MOVE_TEXTS.this }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update todo'));
    expect(api.callsTo('POST', '/api/todos/g/move')[0]?.body).toEqual({
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'this',
    });
    // Back where it was.
    expect(
      await within(day('Monday, November 30')).findByRole('button', { name: 'Gym' }),
    ).toBeInTheDocument();
    expect(within(day('Tuesday, December 1')).queryByRole('button', { name: 'Gym' })).toBeNull();
  });

  it('moves a later one alone: its copy on the new day, the day left empty, and Undo', async () => {
    const moved: TodoMoved = {
      todo: GYM,
      copy: { ...GYM, id: 'c', repeat: null, dueDate: '2026-12-01' },
      undo: { scope: 'this', copyId: 'c', occurrence: '2026-11-30', excluded: true },
    };
    // The server's calendar once the move is done: the copy on the 1st, the 30th excluded.
    let done = false;
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: done && moved.copy ? [GYM, moved.copy] : [GYM],
          repeats: done ? [] : [{ todo: GYM, dates: ['2026-11-30'] }],
        }),
      )
      .on(todosApi.move, () => {
        done = true;
        return moved;
      })
      .on(todosApi.undoMove, GYM);
    render();
    await screen.findByRole('region', { name: 'Monday, November 30' });
    await moveTo('Move "Gym" to…', 'Monday, November 30', '2026-12-01');
    const question = screen.getByRole('dialog', { name: REPEAT_MOVE_TEXTS.title });
    await userEvent.click(within(question).getByRole('button', { name: REPEAT_MOVE_TEXTS.this }));
    expect(
      await within(day('Tuesday, December 1')).findByRole('button', { name: 'Gym' }),
    ).toBeInTheDocument();
    expect(within(day('Monday, November 30')).queryByRole('button', { name: 'Gym' })).toBeNull();
    expect(
      within(day('Monday, November 23')).getByRole('button', { name: 'Gym' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Moved to Tue, Dec 1, 2026', expect.anything()),
    );
    undoLast();
    await waitFor(() => expect(api.callsTo('POST', '/api/todos/g/move/undo')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/todos/g/move/undo')[0]?.body).toEqual(moved.undo);
  });

  it('moves nothing on Cancel', async () => {
    const api = gymCalendar();
    render();
    await screen.findByRole('region', { name: 'Monday, November 23' });
    await moveTo('Move "Gym" to…', 'Monday, November 23', '2026-11-26');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/api/todos/g/move')).toEqual([]);
  });

  it('shows a move at once: this one as a copy, a later one excluded, all of them shifted', () => {
    const before = range('2026-11-22', '2026-12-12', {
      todos: [GYM],
      repeats: [{ todo: GYM, dates: ['2026-11-30', '2026-12-07'] }],
    });
    const one = movedRepeat(before, {
      todo: GYM,
      occurrence: '2026-11-23',
      to: '2026-11-25',
      scope: 'this',
    });
    expect(one.todos.map((todo) => [todo.id, todo.dueDate, todo.repeat !== null])).toEqual([
      ['moving-g', '2026-11-25', false],
      ['g', '2026-11-30', true],
    ]);
    expect(one.repeats.map(({ dates }) => dates)).toEqual([['2026-12-07']]);
    const later = movedRepeat(before, {
      todo: GYM,
      occurrence: '2026-11-30',
      to: '2026-12-02',
      scope: 'this',
    });
    expect(later.todos.map((todo) => [todo.id, todo.dueDate, todo.repeat !== null])).toEqual([
      ['moving-g', '2026-12-02', false],
      ['g', '2026-11-23', true],
    ]);
    expect(later.repeats.map(({ dates }) => dates)).toEqual([['2026-12-07']]);
    const all = movedRepeat(before, {
      todo: GYM,
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'all',
    });
    expect(all.todos.map((todo) => todo.dueDate)).toEqual(['2026-11-24']);
    expect(all.repeats.map(({ dates }) => dates)).toEqual([['2026-12-01', '2026-12-08']]);
  });
});

describe('moving to a time in the week', () => {
  const DENTIST: Todo = makeTodo({ id: 'd', title: 'Dentist', dueDate: '2026-12-01' });

  it('sets the due time through Move to…, and a drop in the hours to the quarter hour', async () => {
    let current: Todo = { ...DENTIST, dueTime: '14:30' };
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: [current],
        }),
      )
      .on(todosApi.update, (request) => {
        current = { ...current, ...(request.body as Partial<Todo>) };
        return current;
      });
    render('/dashboard/calendar?view=week&day=2026-12-02');
    await screen.findByRole('region', { name: 'Tuesday, December 1' });
    await userEvent.click(
      within(day('Tuesday, December 1')).getByRole('button', { name: 'Move "Dentist" to…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Move to…' });
    const time = within(dialog).getByLabelText('Due Time');
    expect(time).toHaveValue('14:30');
    fireEvent.change(time, { target: { value: '16:15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/todos/d')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/todos/d')[0]?.body).toEqual({
      dueDate: '2026-12-01',
      dueTime: '16:15',
    });

    // Dragged from its day onto Thursday's hours, 100 px down: 150 minutes after 08:00.
    const item = await within(day('Tuesday, December 1')).findByRole('button', {
      name: '16:15Dentist',
    });
    const types = ['application/x-daywise-todo'];
    const dataTransfer = { types, setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(item.closest('li') ?? item, { dataTransfer });
    const thursday = screen.getByRole('list', { name: 'Hours of Thu, Dec 3, 2026' });
    const column = thursday.lastElementChild as HTMLElement;
    // jsdom has no DragEvent, so the pointer's height is set on the events by hand.
    for (const make of [createEvent.dragOver, createEvent.drop]) {
      const event = make(column, { dataTransfer });
      Object.defineProperty(event, 'clientY', { value: 100 });
      fireEvent(column, event);
    }
    await waitFor(() => expect(api.callsTo('PATCH', '/api/todos/d')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/todos/d')[1]?.body).toEqual({
      dueDate: '2026-12-03',
      dueTime: '10:30',
    });
  });
});
