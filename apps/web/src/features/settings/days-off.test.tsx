import { daysOffApi } from '@daywise/shared/api';
import type { DayOff, DayOffCreate } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { DaysOff } from './days-off';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

const XMAS: DayOff = {
  id: 'd1',
  startDate: '2026-12-24',
  endDate: '2027-01-02',
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** A fake server keeping the days off it is given. */
function stubApi(initial: DayOff[] = []) {
  let items = [...initial];
  const api = fakeApi()
    .on(daysOffApi.list, () => ({ items }))
    .on(daysOffApi.create, ({ body }) => {
      const created = { ...(body as DayOffCreate), id: `d${items.length + 2}`, createdAt: '' };
      items = [...items, created].sort((a, b) => a.startDate.localeCompare(b.startDate));
      return created;
    })
    .on(daysOffApi.remove, ({ params }) => {
      items = items.filter((item) => item.id !== params.id);
      return undefined;
    });
  return api;
}

const renderDaysOff = () => renderWithProviders(<DaysOff />, { session: null });

describe('Days off in Settings', () => {
  it('explains days off and freezes, with the longer explanation a click away', async () => {
    stubApi();
    const { user } = renderDaysOff();
    expect(screen.getByText(/Days off pause your habits/)).toBeInTheDocument();
    expect(await screen.findByText('No days off planned')).toBeInTheDocument();
    const more = screen.getByText('How streaks, freezes and days off work');
    expect(
      screen.getByText(/Every 7 occurrences on time in a row earn a freeze/),
    ).not.toBeVisible();
    await user.click(more);
    expect(screen.getByText(/Every 7 occurrences on time in a row earn a freeze/)).toBeVisible();
  });

  it('lists the days off and cancels one', async () => {
    const api = stubApi([XMAS]);
    const { user } = renderDaysOff();
    const list = await screen.findByRole('list', { name: 'Your days off' });
    expect(within(list).getByText('Dec 24, 2026 – Jan 2, 2027')).toBeInTheDocument();

    await user.click(
      within(list).getByRole('button', { name: 'Cancel days off Dec 24, 2026 – Jan 2, 2027' }),
    );

    expect(await screen.findByText('No days off planned')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Days off cancelled');
    expect(api.callsTo('DELETE', '/api/days-off/:id')[0]?.params).toEqual({ id: 'd1' });
  });

  it('adds a range, or a single day when the last day is left empty', async () => {
    const api = stubApi();
    const { user } = renderDaysOff();
    await screen.findByText('No days off planned');

    await user.type(screen.getByLabelText('First day off'), '2026-12-24');
    await user.type(screen.getByLabelText('Last day off'), '2026-12-28');
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText('Dec 24, 2026 – Dec 28, 2026')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Days off added');
    expect(screen.getByLabelText('First day off')).toHaveValue('');

    await user.type(screen.getByLabelText('First day off'), '2027-02-01');
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText('Feb 1, 2027')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/days-off').map((call) => call.body)).toEqual([
      { startDate: '2026-12-24', endDate: '2026-12-28' },
      { startDate: '2027-02-01', endDate: '2027-02-01' },
    ]);
  });

  it('shows what is wrong next to the dates: missing, backwards, or refused by the server', async () => {
    const api = stubApi();
    const { user } = renderDaysOff();
    await screen.findByText('No days off planned');

    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose the first day off');
    expect(screen.getByLabelText('First day off')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('First day off'), '2026-12-24');
    await user.type(screen.getByLabelText('Last day off'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last day off cannot be before the first',
    );
    expect(screen.getByLabelText('Last day off')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/days-off')).toHaveLength(0);

    api.on(daysOffApi.create, () =>
      errorResponse(403, 'QUOTA_EXCEEDED', 'You can keep at most 100 days off'),
    );
    await user.clear(screen.getByLabelText('Last day off'));
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    expect(await screen.findByText('You can keep at most 100 days off')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to add days off');
    expect(screen.getByLabelText('First day off')).toHaveValue('2026-12-24');
  });

  it('says it could not load them, and Try Again reads them again', async () => {
    let fail = true;
    fakeApi().on(daysOffApi.list, () =>
      fail ? errorResponse(500, 'INTERNAL') : { items: [XMAS] },
    );
    const { user } = renderDaysOff();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your days off');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Dec 24, 2026 – Jan 2, 2027')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
