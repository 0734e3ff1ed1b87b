import { analyticsApi, tagsApi } from '@daywise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { AnalyticsTab } from './analytics-modal';
import { Completions } from './completions';
import { TagsManager } from './tags-manager';

describe('daily goals lists that fail to load', () => {
  it('Your Tags says it could not load, not "No tags yet", and Try Again reads them again', async () => {
    let fail = true;
    fakeApi().on(tagsApi.list, () =>
      fail
        ? errorResponse(500, 'INTERNAL')
        : [{ id: 'g1', name: 'Work', color: '#3B82F6', createdAt: '2026-11-20T10:00:00.000Z' }],
    );
    const { user } = renderWithProviders(<TagsManager />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your tags.');
    expect(screen.queryByText(/No tags yet/)).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Your Tags (1)' })).toBeInTheDocument();
    expect(screen.getByText('Work')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Daily Completions offers Try Again after a failed load', async () => {
    let fail = true;
    fakeApi().on(analyticsApi.completions, () =>
      fail ? Promise.reject(new TypeError('Failed to fetch')) : { days: [] },
    );
    const { user } = renderWithProviders(<Completions />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your completions.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('No Daily Goals Found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the Analytics modal closes on Back, leaving the page where it was', async () => {
    fakeApi().on(analyticsApi.plans, () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderWithProviders(<AnalyticsTab />, { session: null });
    await user.click(screen.getByRole('button', { name: 'View Analytics' }));
    expect(
      await screen.findByRole('dialog', { name: 'Daily Goals Analytics' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect((window.history.state as { daywiseDialogs?: string[] }).daywiseDialogs).toHaveLength(
        1,
      ),
    );

    window.history.back();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'View Analytics' })).toBeInTheDocument();
  });
});
