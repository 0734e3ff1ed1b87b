import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import { accountApi } from '@daywise/shared/api/account';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { loadPendingVerification, savePendingVerification } from './check-email';
import SignUpPage from './signup-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const countdown = () => screen.getByTestId('countdown').textContent;

describe('SignUpPage after a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    const deadline = Date.now() + 120_000;
    fakeApi()
      .on(accountApi.signInOptions, { sso: null, passwordForAdminsOnly: false })
      .route('GET', '/api/account/verification-status', () => ({
        verified: false,
        expired: Date.now() >= deadline,
        remainingTime: Math.max(0, deadline - Date.now()),
      }))
      .route('POST', '/api/account/resend-verification', () => ({
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      }))
      .route('GET', '/api/registration', { registration: 'open' });
    savePendingVerification({
      userId: 'u1234567890',
      email: 'ada@example.com',
      name: 'Ada',
      expiresAt: new Date(deadline).toISOString(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('shows Check Your Email again, its countdown restored from the stored expiry', async () => {
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(countdown()).toBe('2:00');
    await advance(1000);
    expect(countdown()).toBe('1:59');
  });

  it('keeps a resend’s new expiry for the next reload', async () => {
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await advance(0);
    expect(countdown()).toBe('5:00');
    const stored = loadPendingVerification();
    expect(Date.parse(stored?.expiresAt ?? '') - Date.now()).toBe(300_000);
  });

  it('forgets the pending verification on Back to Sign Up', () => {
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(loadPendingVerification()).toBeNull();
  });

  it('forgets it once the link has expired', async () => {
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    await advance(120_000);
    expect(screen.getByRole('heading', { name: 'Verification Expired' })).toBeInTheDocument();
    expect(loadPendingVerification()).toBeNull();
  });
});

describe('SignUpPage and who may join (ADR 0039)', () => {
  it('says so when sign-up is by invitation only', async () => {
    fakeApi()
      .on(accountApi.signInOptions, { sso: null, passwordForAdminsOnly: false })
      .route('GET', '/api/registration', { registration: 'invite' });
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCESS_MESSAGES.registrationInviteOnly,
    );
  });

  it('says so when sign-up is closed', async () => {
    fakeApi()
      .on(accountApi.signInOptions, { sso: null, passwordForAdminsOnly: false })
      .route('GET', '/api/registration', { registration: 'closed' });
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCESS_MESSAGES.registrationClosed);
  });

  it('reads the invitation from the link and fills in its address', async () => {
    fakeApi()
      .on(accountApi.signInOptions, { sso: null, passwordForAdminsOnly: false })
      .route('GET', '/api/registration', { registration: 'invite' });
    renderWithProviders(<SignUpPage />, {
      route: '/signup#invitation=secret123&email=bob%40example.com',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You were invited to Daywise. Create your account for bob@example.com below.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
  });
});
