import { act, fireEvent, screen } from '@testing-library/react';
import { Route, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DashboardArrival } from '../../lib/dashboard-arrival';
import { type FakeApi, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { CheckEmail, formatCountdown } from './check-email';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

type Status = { verified: boolean; expired: boolean; remainingTime: number };

let status: () => Status;
let api: FakeApi;

/** The dashboard's stand-in: whether it was told this is the user's first visit. */
function Arrival() {
  const state = useLocation().state as DashboardArrival | null;
  return <p>Dashboard reached{state?.firstVisit ? ', first visit' : ''}</p>;
}

function renderScreen() {
  renderWithProviders(
    <CheckEmail
      pending={{ userId: 'u1234567890', email: 'ada@example.com', name: 'Ada' }}
      onBack={() => undefined}
    />,
    {
      route: '/signup',
      path: '/signup',
      routes: <Route path="/dashboard" element={<Arrival />} />,
    },
  );
}

const countdown = () => screen.getByTestId('countdown').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const statusPolls = () => api.callsTo('GET', '/api/account/verification-status').length;

describe('CheckEmail', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api = fakeApi()
      .route('GET', '/api/account/verification-status', () => status())
      .route('POST', '/api/account/resend-verification', () => ({
        expiresAt: new Date().toISOString(),
      }))
      .route('GET', '/api/account/session', { user: null });
    // A server whose link expires 5 minutes after the screen opens.
    const deadline = Date.now() + 300_000;
    status = () => ({
      verified: false,
      expired: Date.now() >= deadline,
      remainingTime: Math.max(0, deadline - Date.now()),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts down from 5:00, polls every 3 s, and expires at zero', async () => {
    renderScreen();
    expect(countdown()).toBe('5:00');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await advance(1000);
    expect(countdown()).toBe('4:59');
    await advance(2000);
    expect(statusPolls()).toBe(1);
    expect(countdown()).toBe('4:57');
    await advance(297_000);
    expect(screen.getByRole('heading', { name: 'Verification Expired' })).toBeInTheDocument();
    const polls = statusPolls();
    await advance(9000);
    expect(statusPolls()).toBe(polls);
  });

  it('resyncs when the server differs by more than 5 s', async () => {
    renderScreen();
    status = () => ({ verified: false, expired: false, remainingTime: 100_000 });
    await advance(3000);
    expect(countdown()).toBe('1:40');
  });

  it('moves to Email Verified! and to the dashboard 2 s later', async () => {
    renderScreen();
    status = () => ({ verified: true, expired: false, remainingTime: 0 });
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    await advance(1900);
    expect(screen.queryByText(/Dashboard reached/)).not.toBeInTheDocument();
    await advance(200);
    expect(screen.getByText('Dashboard reached, first visit')).toBeInTheDocument();
  });

  it('resend starts the countdown again at 5:00', async () => {
    renderScreen();
    status = () => ({ verified: false, expired: false, remainingTime: 200_000 });
    await advance(3000);
    expect(countdown()).toBe('3:20');
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await advance(0);
    expect(countdown()).toBe('5:00');
  });
});
