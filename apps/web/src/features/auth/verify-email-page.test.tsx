import { accountApi } from '@daywise/shared/api/account';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
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
