import { act, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CheckEmail } from '../features/auth/check-email';
import { useSession } from '../lib/session';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { RedirectIfSignedIn } from './auth-guards';

vi.mock('../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ada = {
  id: 'u1234567890',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** What the header reads: the session's user. */
function SessionProbe() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.name}` : 'A visitor'}</p>;
}

describe('RedirectIfSignedIn and a page that signs its user in', () => {
  let verified = false;
  beforeEach(() => {
    vi.useFakeTimers();
    verified = false;
    fakeApi()
      .route('GET', '/api/account/verification-status', () => ({
        verified,
        expired: false,
        remainingTime: 200_000,
      }))
      .route('GET', '/api/account/session', () => ({ user: verified ? ada : null }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the user signed in during Email Verified!’s 2 s, then the dashboard', async () => {
    renderWithProviders(<p>Unused</p>, {
      route: '/signup',
      path: '/unused',
      session: null,
      routes: (
        <>
          <Route element={<RedirectIfSignedIn />}>
            <Route
              path="/signup"
              element={
                <>
                  <SessionProbe />
                  <CheckEmail
                    pending={{ userId: ada.id, email: ada.email, name: ada.name }}
                    onBack={() => undefined}
                  />
                </>
              }
            />
          </Route>
          <Route path="/dashboard" element={<p>Dashboard reached</p>} />
        </>
      ),
    });
    expect(screen.getByText('A visitor')).toBeInTheDocument();

    verified = true;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Signed in as Ada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Dashboard reached')).toBeInTheDocument();
  });
});
