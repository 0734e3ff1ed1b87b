import type { ChartData, DashboardSummary } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DashboardArrival } from '../../lib/dashboard-arrival';
import { notify } from '../../lib/toast';
import { stubMatchMedia } from '../../test/browser';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import DashboardPage from './dashboard-page';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

// chart.js needs a real canvas; the stand-in shows what the page hands the chart.
vi.mock('react-chartjs-2', () => {
  const Stub = ({
    data,
    'aria-label': label,
  }: {
    data: { labels: string[]; datasets: { label: string; data: number[] }[] };
    'aria-label': string;
  }) => (
    <div role="img" aria-label={label}>
      {data.datasets.map((dataset) => `${dataset.label}: ${dataset.data.join(',')}`).join('; ')}
    </div>
  );
  return { Bar: Stub, Line: Stub };
});

const SUMMARY: DashboardSummary = {
  today: { completed: 3, total: 5, percentage: 60 },
  week: { completed: 12 },
  month: { completed: 41 },
  dailyTodos: { completed: 2, total: 8, percentage: 25 },
  dueToday: { dueToday: 0, overdue: 0 },
  currentStreak: 4,
  streaks: [
    {
      id: 's1',
      title: 'Morning run',
      totalCompletions: 18,
      streak: 6,
      lastCompletedDate: '2026-11-21',
    },
    {
      id: 's2',
      title: 'Read a chapter',
      totalCompletions: 1,
      streak: 1,
      lastCompletedDate: '2026-01-01',
    },
  ],
  habits: [],
};

const WEEK: ChartData = {
  labels: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  datasets: [
    { label: 'Todos', data: [0, 2, 1, 0, 3, 0, 0] },
    { label: 'Daily Goals', data: [1, 0, 0, 4, 0, 0, 0] },
  ],
};

const zeros = (labels: string[]): ChartData => ({
  labels,
  datasets: [
    { label: 'Todos', data: labels.map(() => 0) },
    { label: 'Daily Goals', data: labels.map(() => 0) },
  ],
});
const MONTH = zeros(Array.from({ length: 30 }, (_, day) => String(day + 1)));

interface ApiOptions {
  activityTracking?: boolean;
  /** The summary the server answers, 'fail' for a 500; a function answers each read anew. */
  summary?: DashboardSummary | 'fail' | (() => DashboardSummary | 'fail');
}

/** A fake API for the dashboard; returns the list of requested URLs. */
function stubApi({ activityTracking = true, summary = SUMMARY }: ApiOptions = {}) {
  const api = fakeApi()
    .route('GET', '/api/account/session', {
      user: {
        id: 'u1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    })
    .route('GET', '/api/settings', {
      notifications: { email: true, reminders: true },
      privacy: { profileVisibility: 'private', activityTracking },
      preferences: { theme: 'system', timezone: 'UTC' },
    })
    .route('GET', '/api/analytics/dashboard', () => {
      const answer = typeof summary === 'function' ? summary() : summary;
      return answer === 'fail' ? errorResponse(500, 'INTERNAL') : answer;
    })
    .route('GET', '/api/analytics/chart', ({ query }) => {
      const period = query.get('period');
      return period === 'week' ? WEEK : period === 'month' ? MONTH : zeros(['Jan', 'Feb', 'Mar']);
    });
  return api.urls;
}

/** Where a quick action landed, and with which navigation state. */
function Landing() {
  const location = useLocation();
  return (
    <p>
      Landed on {location.pathname} with {JSON.stringify(location.state)}
    </p>
  );
}

function renderPage(state?: DashboardArrival) {
  renderWithProviders(<DashboardPage />, {
    route: { pathname: '/dashboard', state },
    path: '/dashboard',
    routes: <Route path="*" element={<Landing />} />,
  });
}

/** The stat card whose label is `label`. */
function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

beforeEach(() => {
  // The chart colours follow the theme, which asks the browser for its colour scheme.
  stubMatchMedia();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('DashboardPage', () => {
  it('greets the user and fills the four stat cards from the summary', async () => {
    stubApi();
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card('Today')).getByText('3/5')).toBeInTheDocument());
    expect(within(card('Today')).getByText('60%')).toBeInTheDocument();
    expect(within(card('This Week')).getByText('12')).toBeInTheDocument();
    expect(within(card('This Week')).getByText('tasks completed')).toBeInTheDocument();
    expect(within(card('This Month')).getByText('41')).toBeInTheDocument();
    expect(within(card('Daily Todos')).getByText('2/8')).toBeInTheDocument();
    expect(within(card('Daily Todos')).getByText('25%')).toBeInTheDocument();
    expect(
      screen.queryByText('Enable analytics in your settings to view your productivity insights.'),
    ).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('charts this week by default and asks for the period a button chooses', async () => {
    const requests = stubApi();
    renderPage();

    const week = screen.getByRole('button', { name: 'This Week' });
    const month = screen.getByRole('button', { name: 'This Month' });
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(month).toHaveAttribute('aria-pressed', 'false');
    const chart = await screen.findByRole('img', { name: 'Tasks completed this week' });
    expect(chart).toHaveTextContent('Todos: 0,2,1,0,3,0,0; Daily Goals: 1,0,0,4,0,0,0');
    // The numbers are there for screen readers too.
    const table = screen.getByRole('table', { name: 'Tasks completed this week' });
    expect(within(table).getByRole('row', { name: 'Thu 3 0' })).toBeInTheDocument();
    expect(requests).toContain('/api/analytics/chart?period=week');

    await userEvent.click(month);
    expect(month).toHaveAttribute('aria-pressed', 'true');
    expect(week).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('No data available for this period')).toBeInTheDocument();
    expect(requests).toContain('/api/analytics/chart?period=month');
    expect(screen.queryByRole('img', { name: /Tasks completed/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'This Year' }));
    await waitFor(() => expect(requests).toContain('/api/analytics/chart?period=year'));
    expect(screen.getByRole('button', { name: 'This Year' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('ranks the streaks with their counts and last date, and shows the current streak', async () => {
    stubApi();
    renderPage();

    const streaks = await screen.findByRole('region', { name: 'Daily Streaks' });
    const items = await within(streaks).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('#1')).toBeInTheDocument();
    expect(within(first).getByText('Morning run')).toBeInTheDocument();
    expect(within(first).getByText('18 completions')).toBeInTheDocument();
    expect(within(first).getByText('6-day streak')).toBeInTheDocument();
    expect(within(first).getByText('Last: Nov 21, 2026')).toBeInTheDocument();
    expect(within(second).getByText('#2')).toBeInTheDocument();
    expect(within(second).getByText('1 completion')).toBeInTheDocument();
    expect(within(second).getByText('Last: Jan 1, 2026')).toBeInTheDocument();
    expect(within(streaks).getByText('Current streak: 4 days')).toBeInTheDocument();
  });

  it('says so when nothing has been completed yet', async () => {
    stubApi({ summary: { ...SUMMARY, currentStreak: 0, streaks: [] } });
    renderPage();

    const streaks = await screen.findByRole('region', { name: 'Daily Streaks' });
    expect(await within(streaks).findByText('No completions yet')).toBeInTheDocument();
    expect(within(streaks).getByText('Current streak: 0 days')).toBeInTheDocument();
  });

  it('reports a failed load once and leaves dashes in the cards', async () => {
    stubApi({ summary: 'fail' });
    renderPage();

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to load analytics'));
    expect(notify.error).toHaveBeenCalledTimes(1);
    for (const label of ['Today', 'This Week', 'This Month', 'Daily Todos']) {
      expect(within(card(label)).getByText('–')).toBeInTheDocument();
    }
  });

  it('shows a failed load with Try Again, which reads the analytics again', async () => {
    let down = true;
    stubApi({ summary: () => (down ? 'fail' : SUMMARY) });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(card('Today')).getByText('3/5')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Welcome on the first visit, and gives an empty dashboard a first step', async () => {
    const empty: DashboardSummary = {
      today: { completed: 0, total: 0, percentage: 0 },
      week: { completed: 0 },
      month: { completed: 0 },
      dailyTodos: { completed: 0, total: 0, percentage: 0 },
      dueToday: { dueToday: 0, overdue: 0 },
      currentStreak: 0,
      streaks: [],
      habits: [],
    };
    stubApi({ summary: empty });
    // As the verified email lands on the dashboard.
    renderPage({ firstVisit: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }),
    ).toBeInTheDocument();
    const firstStep = await screen.findByRole('region', { name: 'Start your day' });
    await userEvent.click(within(firstStep).getByRole('link', { name: 'Add Your First Todo' }));
    expect(
      await screen.findByText('Landed on /dashboard/todos with {"openModal":true}'),
    ).toBeInTheDocument();
  });

  it('has no first step once there is something to show', async () => {
    stubApi();
    renderPage();
    await waitFor(() => expect(within(card('Today')).getByText('3/5')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Start your day' })).not.toBeInTheDocument();
  });

  it('with activity tracking off, shows the notice and never asks for analytics', async () => {
    const requests = stubApi({ activityTracking: false });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Dashboard Analytics Disabled' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enable analytics in your settings to view your productivity insights.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enable Analytics in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
    expect(screen.queryByRole('heading', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Daily Streaks' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    // Let anything that was going to be requested go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((url) => url.startsWith('/api/analytics'))).toEqual([]);
  });

  it('quick actions go where they say, with the state the next page needs', async () => {
    stubApi();
    renderPage();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(within(actions).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
    await userEvent.click(within(actions).getByRole('link', { name: 'Chat with Friends' }));
    expect(
      screen.getByText('Landed on /dashboard/social with {"activeTab":"chat"}'),
    ).toBeInTheDocument();
  });

  it('Add New Task opens the todo dialog on arrival', async () => {
    stubApi();
    renderPage();

    await userEvent.click(screen.getByRole('link', { name: 'Add New Task' }));
    expect(
      screen.getByText('Landed on /dashboard/todos with {"openModal":true}'),
    ).toBeInTheDocument();
  });
});
