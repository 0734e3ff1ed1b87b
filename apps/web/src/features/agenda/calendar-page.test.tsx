import { DEFAULT_SETTINGS } from '@daywise/shared';
import { agendaApi, settingsApi, todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { calendarRange, makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { monthGrid, weekDays } from './calendar-days';
import { CalendarPage, type CalendarTodoDialog } from './calendar-page';

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

const todo = (id: string, title: string, dueDate: string, extra: Partial<Todo> = {}) =>
  makeTodo({ id, title, dueDate, ...extra });

const GYM = todo('g', 'Gym', '2026-11-23', {
  repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
});

const range = calendarRange;

/** The dialog the route hands in, reduced to what it was asked to show. */
const Dialog: CalendarTodoDialog = ({ todo: shown, dueDate, onClose }) => (
  <div role="dialog" aria-label="Todo">
    {shown ? `Edit ${shown.title}` : `New todo due ${dueDate}`}
    <button onClick={onClose}>Close</button>
  </div>
);

function render(route = '/dashboard/calendar') {
  return renderWithProviders(<CalendarPage TodoDialog={Dialog} />, {
    route,
    path: '/dashboard/calendar',
    session: null,
    toaster: false,
  });
}

const day = (name: RegExp | string) => screen.getByRole('region', { name });

describe('the days a calendar shows', () => {
  it('lays a month out in whole weeks from the locale’s week start', () => {
    const monday = monthGrid('2026-11-21', 1);
    expect(monday).toHaveLength(6);
    expect(monday[0]?.[0]).toBe('2026-10-26');
    expect(monday.at(-1)?.at(-1)).toBe('2026-12-06');
    const sunday = monthGrid('2026-11-21', 7);
    expect(sunday).toHaveLength(5);
    expect(sunday[0]?.[0]).toBe('2026-11-01');
    expect(sunday.at(-1)?.at(-1)).toBe('2026-12-05');
    expect(weekDays('2026-11-21', 1)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });
});

describe('the calendar', () => {
  it('shows the month’s todos, later repeats, plan tasks and days off on their days', async () => {
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: [todo('t1', 'Pay rent', '2026-11-30', { dueTime: '09:00' }), GYM],
          repeats: [{ todo: GYM, dates: ['2026-11-30'] }],
          planTasks: [
            {
              id: 'k1',
              title: 'Stretch',
              priority: 'high',
              tag: null,
              tagColor: null,
              completed: true,
              planId: 'p1',
              planTitle: 'Monday',
              date: '2026-11-23',
            },
          ],
          daysOff: ['2026-11-24'],
        }),
      );
    render();

    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    // jsdom's locale is en-US, whose weeks start on Sunday.
    expect(api.urls.find((url) => url.startsWith('/api/agenda/calendar'))).toBe(
      '/api/agenda/calendar?from=2026-11-01&to=2026-12-05',
    );
    const monday = await screen.findByRole('region', { name: 'Monday, November 30' });
    expect(within(monday).getByRole('button', { name: '09:00Pay rent' })).toBeInTheDocument();
    expect(within(monday).getByLabelText('Repeats')).toBeInTheDocument();
    expect(within(monday).getByRole('button', { name: 'Gym' })).toBeInTheDocument();
    expect(
      within(day('Monday, November 23')).getByRole('link', { name: 'Stretch' }),
    ).toHaveAttribute('href', '/dashboard/daily-goals');
    expect(within(day('Tuesday, November 24')).getByText('Day off')).toBeInTheDocument();
    expect(day('Saturday, November 21')).toHaveAttribute('aria-current', 'date');
    // A past day takes no new todo; today and later do.
    expect(
      within(day('Friday, November 20')).queryByRole('button', { name: /Add a todo/ }),
    ).toBeNull();
    await userEvent.click(
      within(day('Monday, November 30')).getByRole('button', {
        name: 'Add a todo on Monday, November 30',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Todo' })).toHaveTextContent(
      'New todo due 2026-11-30',
    );
  });

  it('folds a busy day of the month under ‘N more’, and the week shows every item', async () => {
    const busy = Array.from({ length: 6 }, (_, i) => todo(`b${i}`, `Errand ${i}`, '2026-11-25'));
    const four = Array.from({ length: 4 }, (_, i) => todo(`f${i}`, `Call ${i}`, '2026-11-26'));
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: [...busy, ...four],
        }),
      );
    const { unmount } = render();

    const wednesday = await screen.findByRole('region', { name: 'Wednesday, November 25' });
    const titles = () =>
      within(wednesday)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(titles()).toEqual(['Errand 0', 'Errand 1', 'Errand 2']);
    // Four fit: no fold.
    expect(within(day('Thursday, November 26')).getAllByRole('listitem')).toHaveLength(4);
    expect(within(day('Thursday, November 26')).queryByRole('button', { name: /more/ })).toBeNull();

    const more = within(wednesday).getByRole('button', {
      name: 'Show 3 more on Wednesday, November 25',
    });
    expect(more).toHaveTextContent('3 more');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(titles()).toHaveLength(6);
    const fewer = within(wednesday).getByRole('button', {
      name: 'Show fewer on Wednesday, November 25',
    });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fewer);
    expect(titles()).toHaveLength(3);
    unmount();

    render('/dashboard/calendar?view=week&day=2026-11-25');
    const inWeek = await screen.findByRole('region', { name: 'Wednesday, November 25' });
    expect(within(inWeek).getAllByRole('listitem')).toHaveLength(6);
    expect(within(inWeek).queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('starts its weeks on the day chosen in Settings', async () => {
    const api = fakeApi()
      .on(settingsApi.get, {
        ...DEFAULT_SETTINGS,
        preferences: { ...DEFAULT_SETTINGS.preferences, weekStart: 'monday' },
      })
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? ''),
      );
    render('/dashboard/calendar?view=week&day=2026-12-02');
    expect(
      await screen.findByRole('heading', { name: /^Nov 30\s–\sDec 6, 2026$/ }),
    ).toBeInTheDocument();
    expect(api.urls.at(-1)).toBe('/api/agenda/calendar?from=2026-11-30&to=2026-12-06');
  });

  it('shows the week’s time blocks and timed todos at their time in its hours', async () => {
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: [todo('d', 'Dentist', '2026-12-01', { dueTime: '14:30' })],
          blocks: [
            {
              kind: 'task',
              id: 'k1',
              title: 'Deep work',
              priority: 'medium',
              completed: false,
              date: '2026-12-01',
              start: '09:00',
              minutes: 90,
              planId: 'p1',
              tagColor: null,
            },
            {
              kind: 'todo',
              id: 't9',
              title: 'Call the bank',
              priority: 'medium',
              completed: false,
              date: '2026-12-01',
              start: '10:00',
              minutes: 30,
              planId: null,
              tagColor: null,
            },
          ],
        }),
      );
    render('/dashboard/calendar?view=week&day=2026-12-02');
    const tuesday = await screen.findByRole('list', { name: 'Hours of Tue, Dec 1, 2026' });
    const deep = within(tuesday).getByRole('listitem', { name: 'Deep work, 09:00–10:30' });
    const call = within(tuesday).getByRole('listitem', { name: 'Call the bank, 10:00–10:30' });
    within(tuesday).getByRole('listitem', { name: 'Dentist, due at 14:30' });
    // Overlapping, side by side; the day's hours run from 08:00, an hour at 40 px.
    expect([deep.style.left, call.style.left]).toEqual(['0%', '50%']);
    expect(deep.style.top).toBe('40px');
  });

  it('steps by month and by week, keeping the view and day in the address', async () => {
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? ''),
      );
    render('/dashboard/calendar?view=week&day=2026-12-02');
    expect(
      await screen.findByRole('heading', { name: /^Nov 29\s–\sDec 5, 2026$/ }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(
      await screen.findByRole('heading', { name: /^Dec 6\s–\s12, 2026$/ }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(
      api.urls.filter((url) => url.startsWith('/api/agenda/calendar')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('moves a todo through Move to…, and puts it back when the server refuses', async () => {
    let refuse = false;
    let due = '2026-11-23';
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
          todos: [todo('t1', 'Pay rent', due)],
        }),
      )
      .on(todosApi.update, (request) => {
        if (refuse) {
          return errorResponse(500, 'INTERNAL', 'no');
        }
        due = (request.body as { dueDate: string }).dueDate;
        return todo('t1', 'Pay rent', due);
      });
    render();

    await userEvent.click(await screen.findByRole('button', { name: 'Move "Pay rent" to…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move to…' });
    const input = within(dialog).getByLabelText('Due Date');
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Please choose today or a later date')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-27');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/todos/t1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/todos/t1')[0]?.body).toEqual({ dueDate: '2026-11-27' });
    expect(notify.success).toHaveBeenCalledWith('Moved to Fri, Nov 27, 2026', expect.anything());
    expect(
      await within(day('Friday, November 27')).findByRole('button', { name: 'Pay rent' }),
    ).toBeInTheDocument();

    refuse = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Move "Pay rent" to…' }));
    const again = screen.getByRole('dialog', { name: 'Move to…' });
    await userEvent.clear(within(again).getByLabelText('Due Date'));
    await userEvent.type(within(again).getByLabelText('Due Date'), '2026-11-28');
    await userEvent.click(within(again).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update todo'));
    expect(
      await within(day('Friday, November 27')).findByRole('button', { name: 'Pay rent' }),
    ).toBeInTheDocument();
    expect(
      within(day('Saturday, November 28')).queryByRole('button', { name: 'Pay rent' }),
    ).toBeNull();
  });

  it('says when the calendar cannot be read, and reads it again on Try Again', async () => {
    let fail = true;
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, (request) =>
        fail
          ? errorResponse(500, 'INTERNAL', 'no')
          : range(request.query.get('from') ?? '', request.query.get('to') ?? '', {
              todos: [todo('t1', 'Pay rent', '2026-11-23')],
            }),
      );
    render();
    const retry = await screen.findByRole('button', { name: /Try Again/i });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Pay rent' })).toBeInTheDocument();
  });
});
