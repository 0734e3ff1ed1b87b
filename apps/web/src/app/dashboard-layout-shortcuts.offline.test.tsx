import { listsApi } from '@daywise/shared/api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../test/fake-api';
import { NO_LISTS } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { KeyboardShortcuts } from './dashboard-layout-shortcuts';

// The form dialogs are a chunk of their own, fetched on first use: here that fetch fails while
// `offline` is set. (That a later press fetches again is lib/load-once's to keep, tested there.)
let offline = true;
vi.mock('./dashboard-layout-dialogs', async (importOriginal) => {
  if (offline) {
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('keyboard shortcuts without the form dialogs', () => {
  it('q, n and the Quick add button say the form could not load, and the page stays', async () => {
    fakeApi()
      .route('GET', '/api/settings', {
        notifications: { email: true, reminders: true },
        privacy: { profileVisibility: 'private', activityTracking: true },
        preferences: { theme: 'system', timezone: 'UTC' },
      })
      .route('GET', '/api/tags', [])
      .on(listsApi.list, NO_LISTS);
    const { user } = renderWithProviders(
      <>
        <KeyboardShortcuts />
        <h1>Dashboard</h1>
      </>,
      { route: '/dashboard', session: null, toaster: true },
    );

    await user.keyboard('q');
    expect(
      await screen.findByText('Quick add could not load. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.keyboard('n');
    expect(
      await screen.findByText('The todo form could not load. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    // Back online, the next press opens the form, and the failures it puts right are gone.
    offline = false;
    await user.keyboard('q');
    expect(await screen.findByRole('dialog', { name: 'Quick add' })).toBeInTheDocument();
    // Taken off as the form opens (sonner marks a toast it is taking off, then animates it out),
    // not left on screen for the rest of their 4 s.
    const failures = screen.getAllByText(/could not load/);
    await waitFor(
      () =>
        expect(
          failures.map((text) => text.closest('[data-sonner-toast]')?.getAttribute('data-removed')),
        ).toEqual(['true', 'true']),
      { timeout: 2000 },
    );
  });
});
