import type { Profile } from '@daywise/shared/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { queryKeys } from '../lib/query-keys';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { activeNavItem, Sidebar } from './dashboard-layout';

const EMAIL = 'augusta.ada.king-noel.countess-of-lovelace@analytical-engine.example.com';

const PROFILE: Profile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: EMAIL,
  emailVerified: true,
  createdAt: '2024-03-15T12:00:00.000Z',
  bio: '',
  location: '',
  website: '',
  pictureUrl: '/api/users/user-1/picture?v=1',
};

describe('the dashboard sidebar', () => {
  it('shows the profile picture and follows a new or removed one at once', async () => {
    const client = createTestQueryClient();
    // The profile as the Profile page left it; the test alone changes it.
    client.setQueryDefaults(queryKeys.profile, { staleTime: Infinity });
    client.setQueryData(queryKeys.profile, PROFILE);
    const { container } = renderWithProviders(<Sidebar />, {
      client,
      session: { id: 'user-1', name: 'Ada Lovelace', email: EMAIL, createdAt: PROFILE.createdAt },
    });
    const picture = () => container.querySelector('img');
    expect(picture()).toHaveAttribute('src', '/api/users/user-1/picture?v=1');

    // What saving a new picture on the Profile page writes into the cache.
    act(() => {
      client.setQueryData<Profile>(queryKeys.profile, { ...PROFILE, pictureUrl: '/p?v=2' });
    });
    await waitFor(() => expect(picture()).toHaveAttribute('src', '/p?v=2'));

    act(() => {
      client.setQueryData<Profile>(queryKeys.profile, { ...PROFILE, pictureUrl: null });
    });
    expect(await screen.findByText('AL')).toBeInTheDocument();
    expect(picture()).toBeNull();
  });

  it('truncates a long email on one line, the full address in its title', () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.profile, PROFILE);
    renderWithProviders(<Sidebar />, {
      client,
      session: { id: 'user-1', name: 'Ada Lovelace', email: EMAIL, createdAt: PROFILE.createdAt },
    });
    const email = screen.getByTitle(EMAIL);
    expect(email).toHaveTextContent(EMAIL);
    expect(email).toHaveClass('truncate');
  });
});

describe('the dashboard header', () => {
  it('is titled with the active item: Dashboard on an exact match, the others by prefix', () => {
    const title = (pathname: string) => activeNavItem(pathname)?.label;
    expect(title('/dashboard')).toBe('Dashboard');
    expect(title('/dashboard/todos')).toBe('Todos');
    expect(title('/dashboard/daily-goals/2026-11-27')).toBe('Daily Goals');
    expect(title('/dashboard/settings')).toBe('Settings');
    expect(title('/dashboard/today')).toBe('Today');
    expect(title('/dashboard/todosx')).toBeUndefined();
    expect(title('/dashboard/xyz')).toBeUndefined();
  });
});
