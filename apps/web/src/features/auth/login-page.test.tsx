import { accountApi } from '@daywise/shared/api/account';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderPage() {
  renderWithProviders(<LoginPage />);
}

describe('LoginPage', () => {
  it('shows the spec messages and clears a field error as soon as that field is edited', async () => {
    const api = fakeApi();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // The form's schema loads as the form is first used (ADR 0018): the first check waits for it.
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('says the server cannot be reached, not that the password is wrong, and keeps the form', async () => {
    fakeApi().on(accountApi.login, () => Promise.reject(new TypeError('Failed to fetch')));
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
});
