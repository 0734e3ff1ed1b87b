import { MESSAGES } from '@daywise/shared';
import { plansApi, tagsApi } from '@daywise/shared/api';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { PlanDialog } from './plan-dialog';

const SATURDAY = '2026-11-21';

const LONG_TITLE =
  'Write the quarterly report with every number checked twice and the charts redrawn';

describe('PlanDialog', () => {
  it('lists priorities High to Low, as the todos do', async () => {
    fakeApi().on(tagsApi.list, []);
    renderWithProviders(
      <PlanDialog plan={null} day={SATURDAY} today={SATURDAY} onClose={() => undefined} />,
      { session: null },
    );
    const select = await screen.findByRole('combobox', { name: 'New task priority' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['High', 'Medium', 'Low']);
  });

  it('shows a long task title whole, on more lines, and Enter still submits', async () => {
    fakeApi()
      .on(tagsApi.list, [])
      .on(plansApi.create, () => Promise.resolve(errorResponse(500, 'INTERNAL')));
    const user = userEvent.setup();
    renderWithProviders(
      <PlanDialog plan={null} day={SATURDAY} today={SATURDAY} onClose={() => undefined} />,
      { session: null },
    );
    await user.type(await screen.findByLabelText('Plan Title'), 'Busy day');
    // Pasted, not typed key by key: the test stays quick on a busy machine.
    await user.click(screen.getByLabelText('New task title'));
    await user.paste(LONG_TITLE);
    await user.keyboard('{Enter}');

    // A one-line <input> would cut it; a textarea wraps it.
    const title = await screen.findByLabelText('Task 1 title');
    expect(title.tagName).toBe('TEXTAREA');
    expect(title).toHaveValue(LONG_TITLE);

    await user.type(title, '{Enter}');
    expect(title).toHaveValue(LONG_TITLE);
    // The save ran (and failed here): Enter submitted the form.
    expect(await screen.findByText('Failed to save plan. Please try again.')).toBeInTheDocument();
  });

  it('says when the tags could not load, and Try Again brings them into the tag list', async () => {
    let fail = true;
    fakeApi().on(tagsApi.list, () =>
      fail
        ? errorResponse(500, 'INTERNAL')
        : [{ id: 'g1', name: 'Work', color: '#3B82F6', createdAt: '2026-11-20T10:00:00.000Z' }],
    );
    const user = userEvent.setup();
    renderWithProviders(
      <PlanDialog plan={null} day={SATURDAY} today={SATURDAY} onClose={() => undefined} />,
      { session: null },
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We could not load your tags, so only 'No tag' can be chosen.");
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    const tag = screen.getByRole('combobox', { name: 'New task tag' });
    expect(await within(tag).findByRole('option', { name: 'Work' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('creates the plan for the day it opened on, or for tomorrow in one click', async () => {
    const api = fakeApi()
      .on(tagsApi.list, [])
      .on(plansApi.create, () =>
        errorResponse(409, 'CONFLICT', 'You already have a plan for this day.'),
      );
    const user = userEvent.setup();
    renderWithProviders(
      <PlanDialog plan={null} day={SATURDAY} today={SATURDAY} onClose={() => undefined} />,
      { session: null },
    );
    const date = await screen.findByLabelText('Plan Date');
    expect(date).toHaveValue(SATURDAY);
    expect(date).toHaveAttribute('min', SATURDAY);

    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(date).toHaveValue('2026-11-22');
    await user.type(screen.getByLabelText('Plan Title'), 'Sunday');
    await user.type(screen.getByLabelText('New task title'), 'Brunch{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    // Sent for tomorrow; a day that has a plan already says so beside the date.
    expect(await screen.findByText('You already have a plan for this day.')).toBeInTheDocument();
    expect(api.callsTo('POST', plansApi.create.path)[0]?.body).toMatchObject({
      title: 'Sunday',
      planDate: '2026-11-22',
      tasks: [{ title: 'Brunch' }],
    });
    expect(screen.queryByText('Failed to save plan. Please try again.')).toBeNull();

    // A day before today is refused before anything is sent.
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Please choose today or a later day')).toBeInTheDocument();
    expect(api.callsTo('POST', plansApi.create.path)).toHaveLength(1);
  });

  it('shows beside the date why the server will not plan that day, keeping what was typed', async () => {
    // The browser's today and the server's can differ (a time zone changed in another tab).
    fakeApi()
      .on(tagsApi.list, [])
      .on(plansApi.create, () =>
        errorResponse(400, 'VALIDATION_FAILED', MESSAGES.planDayOutOfReach, {
          planDate: MESSAGES.planDayOutOfReach,
        }),
      );
    const user = userEvent.setup();
    renderWithProviders(
      <PlanDialog plan={null} day={SATURDAY} today={SATURDAY} onClose={() => undefined} />,
      { session: null },
    );
    await user.type(await screen.findByLabelText('Plan Title'), 'Saturday');
    await user.type(screen.getByLabelText('New task title'), 'Brunch{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText(MESSAGES.planDayOutOfReach)).toBeInTheDocument();
    expect(screen.getByLabelText('Plan Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to save plan. Please try again.')).toBeNull();
    expect(screen.getByLabelText('Plan Title')).toHaveValue('Saturday');
  });
});
