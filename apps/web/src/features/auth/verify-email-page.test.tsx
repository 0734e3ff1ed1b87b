import { accountApi } from '@daywise/shared/api/account';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import VerifyEmailPage from './verify-email-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const link = `/verify-email#userId=u1234567890&secret=${'s'.repeat(32)}`;
const ada = {
  id: 'u1234567890',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderLink(session: typeof ada | null) {
  renderWithProviders(<VerifyEmailPage />, {
    route: link,
    path: '/verify-email',
    session,
    routes: <Route path="/login" element={<p>Login page</p>} />,
  });
}

describe('VerifyEmailPage, a link opened again', () => {
  beforeEach(() => {
    vi.mocked(notify.error).mockClear();
    fakeApi().on(accountApi.verifyEmail, () =>
      errorResponse(409, 'ALREADY_VERIFIED', 'This email is already verified! You can log in now.'),
    );
  });

  it('is a success, with the way to log in, and no error', async () => {
    renderLink(null);
    expect(
      await screen.findByRole('heading', { name: 'Email Already Verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This email is already verified! You can log in now.',
    );
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('offers the dashboard to a signed-in user', async () => {
    renderLink(ada);
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('VerifyEmailPage, a newer link opened in the same tab', () => {
  it('checks the newer link rather than keep the last one’s failure', async () => {
    const secrets: string[] = [];
    fakeApi().on(accountApi.verifyEmail, ({ body }) => {
      const { secret } = body as { secret: string };
      secrets.push(secret);
      return secret.startsWith('old')
        ? errorResponse(400, 'VERIFICATION_INVALID', 'This link is invalid or has expired.')
        : { verified: true, restored: false, signedIn: true, user: ada };
    });
    const newer = `/verify-email#userId=u1234567890&secret=${'n'.repeat(32)}`;
    renderWithProviders(
      <>
        <VerifyEmailPage />
        <Link to={newer}>Open the newer link</Link>
      </>,
      {
        route: `/verify-email#userId=u1234567890&secret=old${'o'.repeat(29)}`,
        path: '/verify-email',
        session: null,
        routes: <Route path="/dashboard" element={<p>Dashboard</p>} />,
      },
    );
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Open the newer link' }));

    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).not.toBeInTheDocument();
    expect(secrets).toEqual([`old${'o'.repeat(29)}`, 'n'.repeat(32)]);
  });
});
