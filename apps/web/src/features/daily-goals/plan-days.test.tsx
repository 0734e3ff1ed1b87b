import { DEFAULT_SETTINGS } from '@daywise/shared';
import { agendaApi, plansApi, settingsApi, tagsApi } from '@daywise/shared/api';
import type { Plan } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { emptyRange, planOn } from '../../test/plans';
import { renderWithProviders } from '../../test/render';
import DailyGoalsPage from './daily-goals-page';

const PAGE = '/dashboard/daily-goals';

/** The address's query, as Back, forward and reload would keep it. */
function Search() {
  return <output aria-label="Address query">{useLocation().search}</output>;
}

/** The page at `route` (UTC, Saturday 21 November 2026 at 20:00), with plans by day. */
function renderPage(route: string, plans: Record<string, Plan>) {
  fakeApi()
    .on(settingsApi.get, DEFAULT_SETTINGS)
    .on(agendaApi.calendar, emptyRange)
    .on(tagsApi.list, [])
    .on(plansApi.onDate, (request) => ({ plan: plans[request.params.date ?? ''] ?? null }))
    .on(plansApi.updateTask, (request) => {
      const ticked = Object.values(plans).find((candidate) => candidate.id === request.params.id);
      if (!ticked) {
        return errorResponse(404, 'NOT_FOUND');
      }
      const completed = (request.body as { completed: boolean }).completed;
      const saved: Plan = {
        ...ticked,
        tasks: ticked.tasks.map((task) => ({ ...task, completed })),
        completion: { ...ticked.completion, completedTasks: 1, completionPercentage: 100 },
      };
      plans[ticked.planDate] = saved;
      return saved;
    });
  return renderWithProviders(
    <>
      <DailyGoalsPage />
      <Search />
    </>,
    { route, path: PAGE, session: null },
  );
}

const address = () => screen.getByRole('status', { name: 'Address query' });

describe("Today's Goals, day by day", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T20:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('steps through the days: the address and the plan follow, Today comes back', async () => {
    const { user } = renderPage(PAGE, {
      '2026-11-22': planOn('2026-11-22', { title: 'Slow Sunday' }),
    });

    // Today keeps the spec's words, and needs no Today button.
    expect(await screen.findByRole('heading', { name: 'No Daily Plan Yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Create Today's Plan" })).toBeInTheDocument();
    expect(screen.getByText('Sat, Nov 21, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    expect(address()).toHaveTextContent(/^$/);

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('heading', { name: 'Slow Sunday' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('?date=2026-11-22');
    // Its tasks tick as today's do.
    await user.click(screen.getByRole('checkbox', { name: 'Mark "Brunch" as completed' }));
    expect(await screen.findByRole('checkbox', { name: 'Mark "Brunch" as pending' })).toBeChecked();
    expect(screen.getByText('1 of 1 tasks (100%)')).toBeInTheDocument();
    expect(screen.getByLabelText('Go to day')).toHaveValue('2026-11-22');

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(
      await screen.findByRole('heading', { name: 'No plan for Fri, Nov 20, 2026' }),
    ).toBeInTheDocument();
    expect(address()).toHaveTextContent('?date=2026-11-20');
    // A day gone by is not planned any more.
    expect(screen.queryByRole('button', { name: /^Create/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: 'No Daily Plan Yet' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^$/);
  });

  it('opens on the day in the address; another day is named, and its plan is made for it', async () => {
    const { user } = renderPage(`${PAGE}?date=2026-11-24`, {});

    expect(
      await screen.findByRole('heading', { name: 'No plan for Tue, Nov 24, 2026' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Plan for Tue, Nov 24, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Daily Goal Plan' });
    expect(within(dialog).getByLabelText('Plan Date')).toHaveValue('2026-11-24');
    expect(within(dialog).getByLabelText('Plan Date')).toHaveAttribute('min', '2026-11-21');
  });

  it('shows today for a date that is no day, or further than a year away', async () => {
    for (const date of ['2026-02-30', 'soon', '2027-11-22']) {
      const { unmount } = renderPage(`${PAGE}?date=${date}`, {});
      expect(
        await screen.findByRole('heading', { name: 'No Daily Plan Yet' }),
        date,
      ).toBeInTheDocument();
      unmount();
    }
  });

  it("says when another day's plan could not load, and Try Again reads it again", async () => {
    let fail = true;
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(agendaApi.calendar, emptyRange)
      .on(plansApi.onDate, () =>
        fail
          ? errorResponse(500, 'INTERNAL')
          : { plan: planOn('2026-11-22', { title: 'Slow Sunday' }) },
      );
    const { user } = renderWithProviders(<DailyGoalsPage />, {
      route: `${PAGE}?date=2026-11-22`,
      path: PAGE,
      session: null,
    });

    expect(
      await screen.findByText('We could not load the plan for Sun, Nov 22, 2026.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Slow Sunday' })).toBeInTheDocument();
  });

  it('Create Plan, once today has a plan, plans the first free day from tomorrow on', async () => {
    const { user } = renderPage(`${PAGE}?tab=create`, {
      '2026-11-21': planOn('2026-11-21', { title: 'Busy Saturday' }),
      '2026-11-22': planOn('2026-11-22', { title: 'Slow Sunday' }),
    });

    expect(
      await screen.findByRole('heading', { name: 'Today already has a plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Plan' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create New Plan' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create Daily Goal Plan' });
    // Sunday is planned too, so the dialog starts on Monday.
    expect(within(dialog).getByLabelText('Plan Date')).toHaveValue('2026-11-23');
  });

  it('Create Plan offers tomorrow when today has a plan and tomorrow is free', async () => {
    const { user } = renderPage(`${PAGE}?tab=create`, {
      '2026-11-21': planOn('2026-11-21', { title: 'Busy Saturday' }),
    });

    await screen.findByRole('heading', { name: 'Today already has a plan' });
    const create = screen.getByRole('button', { name: 'Create New Plan' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create Daily Goal Plan' });
    expect(within(dialog).getByLabelText('Plan Date')).toHaveValue('2026-11-22');
  });
});
