import { DEFAULT_SETTINGS } from '@daywise/shared';
import { addDays } from '@daywise/shared';
import {
  agendaApi,
  filtersApi,
  listsApi,
  plansApi,
  profileApi,
  settingsApi,
  sharedPlansApi,
  todosApi,
} from '@daywise/shared/api';
import type {
  AgendaDay,
  AgendaPlanTask,
  AgendaSharedTask,
  AgendaToday,
  Todo,
} from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Sidebar } from '../../app/dashboard-layout';
import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import TodayPage from './today-page';
import UpcomingPage from './upcoming-page';
import { useAgendaRealtime } from './use-agenda';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

const TODAY = '2026-11-21';

const SESSION = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: TODAY };
const PROFILE = {
  ...SESSION,
  emailVerified: true,
  bio: '',
  location: '',
  website: '',
  pictureUrl: null,
};

function todo(id: string, title: string, dueDate: string): Todo {
  return {
    id,
    title,
    description: '',
    priority: 'medium',
    dueDate,
    reminderTime: null,
    dueTime: null,
    reminders: [],
    completed: false,
    completedAt: null,
    repeat: null,
    habit: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    listId: null,
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
}

const TASK: AgendaPlanTask = {
  id: 'k1',
  title: 'Stretch',
  priority: 'high',
  tag: null,
  tagColor: null,
  completed: false,
  planId: 'p1',
  planTitle: 'Saturday',
  date: TODAY,
};

const SHARED: AgendaSharedTask = {
  id: 's1',
  title: 'Buy rope',
  completed: false,
  planId: 'sp1',
  planTitle: 'Hike',
  date: TODAY,
  otherUser: { id: 'u2', name: 'Bob Builder' },
};

const EMPTY_TODAY: AgendaToday = {
  date: TODAY,
  overdue: [],
  todos: [],
  planTasks: [],
  sharedTasks: [],
};

const FULL_TODAY: AgendaToday = {
  date: TODAY,
  overdue: [todo('t1', 'Pay the bill', '2026-11-19')],
  todos: [todo('t2', 'Call mum', TODAY)],
  planTasks: [TASK],
  sharedTasks: [SHARED],
};

const emptyDay = (date: string): AgendaDay => ({ date, todos: [], planTasks: [], sharedTasks: [] });
const week = (edit: (day: AgendaDay, index: number) => AgendaDay = (day) => day) => ({
  days: Array.from({ length: 7 }, (_, index) => edit(emptyDay(addDays(TODAY, index + 1)), index)),
});

describe('Today', () => {
  it('shows Loading, then only the groups that hold something, each row linking home', async () => {
    fakeApi().on(agendaApi.today, { ...FULL_TODAY, sharedTasks: [] });
    renderWithProviders(<TodayPage />, { session: null });

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Overdue (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Due Today (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Daily Plan (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Shared Plans/ })).toBeNull();
    expect(screen.getByText('Sat, Nov 21, 2026')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Pay the bill' })).toHaveAttribute(
      'href',
      '/dashboard/todos?due=overdue',
    );
    expect(screen.getByText('Todo, due Nov 19, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call mum' })).toHaveAttribute(
      'href',
      '/dashboard/todos?due=today',
    );
    expect(screen.getByRole('link', { name: 'Stretch' })).toHaveAttribute(
      'href',
      '/dashboard/daily-goals',
    );
    expect(screen.getByText('Daily plan: Saturday')).toBeInTheDocument();
  });

  it('says when nothing is due, offering to add a todo or plan the day', async () => {
    fakeApi().on(agendaApi.today, EMPTY_TODAY);
    renderWithProviders(<TodayPage />, { session: null });

    expect(await screen.findByText('Nothing due today')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Todo' })).toHaveAttribute(
      'href',
      '/dashboard/todos',
    );
    expect(screen.getByRole('link', { name: 'Plan Your Day' })).toHaveAttribute(
      'href',
      '/dashboard/daily-goals?tab=create',
    );
  });

  it('says it could not load, and Try Again reads it again', async () => {
    let fail = true;
    fakeApi().on(agendaApi.today, () =>
      fail ? errorResponse(500, 'INTERNAL') : { ...EMPTY_TODAY, sharedTasks: [SHARED] },
    );
    const { user } = renderWithProviders(<TodayPage />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load what is due');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Shared Plans (1)' })).toBeInTheDocument();
    expect(screen.getByText('Shared with Bob Builder: Hike')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy rope' })).toHaveAttribute(
      'href',
      '/dashboard/social?tab=shared-plans',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ticks a todo in place through its own endpoint, struck through, with the badge one lower', async () => {
    let saved = false;
    const api = fakeApi()
      .on(agendaApi.today, () => ({
        ...FULL_TODAY,
        todos: [{ ...todo('t2', 'Call mum', TODAY), completed: saved }],
      }))
      .on(agendaApi.counts, () => ({ today: saved ? 3 : 4, upcoming: 0 }))
      .on(profileApi.get, PROFILE)
      .on(listsApi.list, NO_LISTS)
      .on(filtersApi.list, { filters: [] })
      .on(todosApi.update, ({ body }) => {
        saved = true;
        return { ...todo('t2', 'Call mum', TODAY), ...(body as object) };
      });
    const { user } = renderWithProviders(
      <>
        <Sidebar />
        <TodayPage />
      </>,
      { session: SESSION },
    );
    expect(await screen.findByRole('link', { name: 'Today 4 items' })).toBeInTheDocument();

    await user.click(await screen.findByRole('checkbox', { name: 'Mark "Call mum" as completed' }));

    expect(await screen.findByRole('link', { name: 'Today 3 items' })).toBeInTheDocument();
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Todo completed!', expect.anything()),
    );
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]).toMatchObject({
      params: { id: 't2' },
      body: { completed: true },
    });
    const box = await screen.findByRole('checkbox', { name: 'Mark "Call mum" as pending' });
    expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'Call mum' })).toHaveClass('line-through');
  });

  it('puts a plan task back and says so when the server refuses', async () => {
    const api = fakeApi()
      .on(agendaApi.today, FULL_TODAY)
      .on(plansApi.updateTask, () => errorResponse(500, 'INTERNAL'));
    const { user } = renderWithProviders(<TodayPage />, { session: null });

    const box = await screen.findByRole('checkbox', { name: 'Mark "Stretch" as completed' });
    await user.click(box);

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update task'));
    await waitFor(() => expect(box).not.toBeChecked());
    expect(api.callsTo('PATCH', '/api/plans/:id/tasks/:taskId')[0]?.params).toEqual({
      id: 'p1',
      taskId: 'k1',
    });
  });

  it('ticks a shared-plan task through the shared-plan endpoint', async () => {
    const api = fakeApi()
      .on(agendaApi.today, FULL_TODAY)
      .on(sharedPlansApi.updateTask, () => ({
        id: 's1',
        title: 'Buy rope',
        completed: true,
        createdBy: 'u2',
        createdByName: 'Bob Builder',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedBy: 'u1',
        updatedAt: '2026-11-21T10:00:00.000Z',
        completedBy: 'u1',
        completedAt: '2026-11-21T10:00:00.000Z',
      }));
    const { user } = renderWithProviders(<TodayPage />, { session: null });

    await user.click(await screen.findByRole('checkbox', { name: 'Mark "Buy rope" as completed' }));

    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/shared-plans/:id/tasks/:taskId')[0]).toMatchObject({
        params: { id: 'sp1', taskId: 's1' },
        body: { completed: true },
      }),
    );
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('Today at midnight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function Midnight() {
    useAgendaRealtime();
    return null;
  }

  it('moves on to the new day while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // 23:59:30 in the user's zone (UTC here): the page shows Saturday.
    vi.setSystemTime(new Date(`${TODAY}T23:59:30Z`));
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.today, () => ({
        ...FULL_TODAY,
        date: new Date().toISOString().slice(0, 10),
      }));
    renderWithProviders(
      <>
        <Midnight />
        <TodayPage />
      </>,
      { session: null },
    );
    expect(await screen.findByText('Sat, Nov 21, 2026')).toBeInTheDocument();

    vi.advanceTimersByTime(60_000);

    expect(await screen.findByText('Sun, Nov 22, 2026')).toBeInTheDocument();
  });
});

describe('Upcoming', () => {
  it('heads each of the seven days with its weekday and date, saying which are free', async () => {
    fakeApi().on(
      agendaApi.upcoming,
      week((day, index) =>
        index === 0
          ? { ...day, todos: [todo('t3', 'Dentist', day.date)] }
          : index === 3
            ? { ...day, planTasks: [{ ...TASK, date: day.date, title: 'Long run' }] }
            : day,
      ),
    );
    renderWithProviders(<UpcomingPage />, { session: null });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Sun, Nov 22, 2026',
      'Mon, Nov 23, 2026',
      'Tue, Nov 24, 2026',
      'Wed, Nov 25, 2026',
      'Thu, Nov 26, 2026',
      'Fri, Nov 27, 2026',
      'Sat, Nov 28, 2026',
    ]);
    expect(screen.getAllByText('Nothing due')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Dentist' })).toHaveAttribute(
      'href',
      '/dashboard/todos?sort=due',
    );
    expect(screen.getByRole('checkbox', { name: 'Mark "Long run" as completed' })).toBeVisible();
  });

  it('says when the week is free', async () => {
    fakeApi().on(agendaApi.upcoming, week());
    renderWithProviders(<UpcomingPage />, { session: null });
    expect(await screen.findByText('Nothing due in the next 7 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Todo' })).toBeInTheDocument();
  });

  it('says it could not load, with Try Again', async () => {
    fakeApi().on(agendaApi.upcoming, () => errorResponse(500, 'INTERNAL'));
    renderWithProviders(<UpcomingPage />, { session: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load what is due');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('the sidebar’s agenda links', () => {
  it('follow Dashboard, with their counts in the link names', async () => {
    fakeApi()
      .on(agendaApi.counts, { today: 1, upcoming: 0 })
      .on(profileApi.get, PROFILE)
      .on(listsApi.list, NO_LISTS)
      .on(filtersApi.list, { filters: [] });
    renderWithProviders(<Sidebar />, { session: SESSION });
    expect(await screen.findByRole('link', { name: 'Today 1 item' })).toHaveAttribute(
      'href',
      '/dashboard/today',
    );
    // Nothing upcoming: no badge, and the name is just the section's.
    expect(screen.getByRole('link', { name: 'Upcoming' })).toHaveAttribute(
      'href',
      '/dashboard/upcoming',
    );
    const order = within(screen.getByRole('navigation', { name: 'Dashboard' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(order.slice(0, 3)).toEqual(['/dashboard', '/dashboard/today', '/dashboard/upcoming']);
  });
});
