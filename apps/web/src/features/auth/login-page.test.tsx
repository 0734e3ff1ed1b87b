import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import { accountApi } from '@daywise/shared/api/account';
import { SSO_MESSAGES } from '@daywise/shared/sso-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const NO_SSO = { sso: null, passwordForAdminsOnly: false };

function renderPage(route = '/login') {
  renderWithProviders(<LoginPage />, { route });
}

describe('LoginPage', () => {
  it('shows the spec messages and clears a field error as soon as that field is edited', async () => {
    const api = fakeApi().on(accountApi.signInOptions, NO_SSO);
    renderPage();
    await waitFor(() => expect(api.fetch).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // The form's schema loads as the form is first used (ADR 0018): the first check waits for it.
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.fetch).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('says the server cannot be reached, not that the password is wrong, and keeps the form', async () => {
    fakeApi()
      .on(accountApi.signInOptions, NO_SSO)
      .on(accountApi.login, () => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Sunrise2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach Daywise. Check your connection.',
    );
    expect(screen.queryByText('Invalid email or password.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('offers single sign-on when the server has it, and says why one failed', async () => {
    fakeApi().on(accountApi.signInOptions, {
      sso: { label: 'Sign in with Authentik' },
      passwordForAdminsOnly: false,
    });
    renderPage('/login?sso=email-unverified');
    expect(await screen.findByRole('link', { name: 'Sign in with Authentik' })).toHaveAttribute(
      'href',
      '/sso/start',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_MESSAGES.emailUnverified);
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it.each([
    ['invite-only', ACCESS_MESSAGES.registrationInviteOnly],
    ['registration-closed', ACCESS_MESSAGES.registrationClosed],
    ['disabled', ACCESS_MESSAGES.accountDisabled],
  ])('says why a sign-on was refused: %s', async (reason, text) => {
    fakeApi().on(accountApi.signInOptions, {
      sso: { label: 'Sign in with SSO' },
      passwordForAdminsOnly: false,
    });
    renderPage(`/login?sso=${reason}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('folds the password form away for administrators with OIDC_ONLY', async () => {
    fakeApi().on(accountApi.signInOptions, {
      sso: { label: 'Sign in with SSO' },
      passwordForAdminsOnly: true,
    });
    renderPage();
    await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(screen.getByLabelText('Email')).not.toBeVisible();
    await userEvent.click(screen.getByText('Administrators: log in with a password'));
    expect(screen.getByLabelText('Email')).toBeVisible();
  });
});
