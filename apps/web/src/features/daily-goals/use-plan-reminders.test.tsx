import { DEFAULT_SETTINGS } from '@daywise/shared';
import { plansApi, settingsApi } from '@daywise/shared/api';
import type { Plan } from '@daywise/shared/schemas';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { planOn } from '../../test/plans';
import { renderWithProviders } from '../../test/render';
import { usePlanReminders } from './use-plan-reminders';

const scheduler = vi.hoisted(() => ({ sync: vi.fn(), clearAll: vi.fn() }));
vi.mock(import('../../lib/reminders'), async (importOriginal) => ({
  ...(await importOriginal()),
  createReminderScheduler: () => scheduler,
}));

function Reminders() {
  usePlanReminders();
  return null;
}

describe('usePlanReminders', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Saturday 21 November 2026, 21:00 in the user's zone (UTC): planning tomorrow.
    vi.setSystemTime(new Date('2026-11-21T21:00:00Z'));
    scheduler.sync.mockClear();
    scheduler.clearAll.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("schedules today's tasks only: a plan made for tomorrow reminds nothing today", async () => {
    const plans: Record<string, Plan> = {
      '2026-11-22': planOn('2026-11-22', {
        title: 'Plan',
        task: { title: 'Call the bank', reminderTime: '21:30' },
      }),
    };
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(plansApi.onDate, (request) => ({ plan: plans[request.params.date ?? ''] ?? null }));
    const { client } = renderWithProviders(<Reminders />, { session: null });

    await waitFor(() => expect(scheduler.clearAll).toHaveBeenCalled());
    expect(api.callsTo('GET', plansApi.onDate.path).map((call) => call.params.date)).toEqual([
      '2026-11-21',
    ]);
    expect(scheduler.sync).not.toHaveBeenCalled();

    // Today's plan arrives (another tab made it): its task is scheduled on its own day.
    plans['2026-11-21'] = planOn('2026-11-21', {
      title: 'Plan',
      task: { title: 'Call the bank', reminderTime: '21:45' },
    });
    await client.invalidateQueries();
    await waitFor(() => expect(scheduler.sync).toHaveBeenCalled());
    expect(scheduler.sync).toHaveBeenLastCalledWith(
      [expect.objectContaining({ id: 't-2026-11-21', day: '2026-11-21', reminderTime: '21:45' })],
      'UTC',
    );
  });
});
