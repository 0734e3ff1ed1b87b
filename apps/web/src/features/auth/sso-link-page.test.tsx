import { accountApi } from '@daywise/shared/api/account';
import { SSO_MESSAGES } from '@daywise/shared/sso-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import SsoLinkPage from './sso-link-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', createdAt: '2026-11-29T00:00:00Z' };

function renderPage() {
  renderWithProviders(<SsoLinkPage />, {
    route: '/sso/link',
    path: '/sso/link',
    routes: <Route path="/dashboard" element={<p>Dashboard</p>} />,
  });
}

describe('SsoLinkPage', () => {
  it('names the account, refuses a wrong password, and connects with the right one', async () => {
    let attempts = 0;
    const api = fakeApi()
      .on(accountApi.pendingSsoLink, { email: 'ada@example.com' })
      .on(accountApi.linkSso, () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid email or password.')
          : { user: ada };
      });
    renderPage();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'Wrong2026');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Sunrise2026');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and Log In' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(api.fetch).toHaveBeenCalledTimes(3);
  });

  it('says the request expired when there is none waiting', async () => {
    fakeApi().on(accountApi.pendingSsoLink, () =>
      errorResponse(400, 'SSO_LINK_EXPIRED', 'This request has expired. Please sign in again.'),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.linkExpired);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
