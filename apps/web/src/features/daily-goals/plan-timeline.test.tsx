import { DEFAULT_SETTINGS } from '@daywise/shared';
import { agendaApi, plansApi, settingsApi, tagsApi } from '@daywise/shared/api';
import type { CalendarRange, Plan } from '@daywise/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { emptyRange, planOn } from '../../test/plans';
import { renderWithProviders } from '../../test/render';
import DailyGoalsPage from './daily-goals-page';

const PAGE = '/dashboard/daily-goals';
const TODAY = '2026-11-21';

/** Lets the refused answer go once the test has seen the optimistic change. */
let release = () => {};

/** Today's Goals with today's plan; the server refuses task changes when `refuse` says. */
function renderPage(plan: Plan, { refuse = false, todoBlock = false } = {}) {
  const api = fakeApi()
    .on(settingsApi.get, {
      ...DEFAULT_SETTINGS,
      preferences: { ...DEFAULT_SETTINGS.preferences, dayStart: '07:00', dayEnd: '18:00' },
    })
    .on(tagsApi.list, [])
    .on(agendaApi.calendar, (request): CalendarRange => ({
      ...emptyRange(request),
      blocks: todoBlock
        ? [
            {
              kind: 'todo',
              id: 'todo-1',
              title: 'Call the bank',
              priority: 'medium',
              completed: false,
              date: TODAY,
              start: '11:00',
              minutes: 30,
              planId: null,
              tagColor: null,
            },
          ]
        : [],
    }))
    .on(plansApi.onDate, () => ({ plan }))
    .on(plansApi.updateTask, (request) => {
      if (refuse) {
        return new Promise<Response>((resolve) => {
          release = () => resolve(errorResponse(500, 'INTERNAL'));
        });
      }
      const change = request.body as Partial<Plan['tasks'][number]>;
      plan = { ...plan, tasks: plan.tasks.map((task) => ({ ...task, ...change })) };
      return plan;
    });
  return {
    api,
    ...renderWithProviders(<DailyGoalsPage />, {
      route: PAGE,
      path: PAGE,
      session: null,
      toaster: true,
    }),
  };
}

describe('the timeline of Today’s Goals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('schedules a task at the day’s start and shows the day’s todo blocks beside it', async () => {
    const { api, user } = renderPage(planOn(TODAY), { todoBlock: true });
    expect(
      await screen.findByRole('button', {
        name: /^Time block Call the bank, 11:00–11:30 \(todo\)/,
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schedule "Brunch" on the timeline' }));
    // The user's day starts at 07:00: the block takes the first free half hour.
    expect(
      await screen.findByRole('button', { name: /^Time block Brunch, 07:00–07:30/ }),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/plans/:id/tasks/:taskId').map((call) => call.body)).toEqual([
      { blockStart: '07:00', blockMinutes: 30 },
    ]);
    // The task's row says when it is scheduled, as the block does.
    expect(screen.getAllByText('07:00–07:30')).toHaveLength(2);
  });

  it('moves a block at once and puts it back with a toast when the server refuses', async () => {
    const { user } = renderPage(
      planOn(TODAY, { task: { blockStart: '09:00', blockMinutes: 60 } }),
      { refuse: true },
    );
    const block = await screen.findByRole('button', { name: /^Time block Brunch, 09:00–10:00/ });
    block.focus();
    await user.keyboard('{ArrowDown}');
    // At once, before the server answers.
    expect(
      await screen.findByRole('button', { name: /^Time block Brunch, 09:15–10:15/ }),
    ).toBeInTheDocument();
    release();

    expect(await screen.findByText('Failed to update the time block')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /^Time block Brunch, 09:00–10:00/ }),
      ).toBeInTheDocument(),
    );
  });
});
