import { MESSAGES } from '@daywise/shared';
import { accountApi } from '@daywise/shared/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { DeleteAccount } from './delete-account';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn((message: string) => `progress:${message}`), dismiss: vi.fn() },
}));

async function openTypeStep() {
  const user = userEvent.setup();
  renderWithProviders(<DeleteAccount />, {
    route: '/dashboard/settings',
    path: '/dashboard/settings',
    routes: <Route path="/" element={<p>Home page</p>} />,
    session: { id: 'user-1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
  });
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
  return { user, input: screen.getByLabelText('Confirmation text') };
}

function confirmButton() {
  return screen
    .getAllByRole('button', { name: 'Delete Account' })
    .find((button) => button.closest('[role="alertdialog"]'))!;
}

describe('DeleteAccount', () => {
  it('keeps the final button disabled until DELETE is typed exactly', async () => {
    const api = fakeApi().on(accountApi.remove, { ok: true });
    const { user, input } = await openTypeStep();

    expect(confirmButton()).toBeDisabled();
    await user.type(input, 'DELET');
    expect(confirmButton()).toBeDisabled();
    // Text on its way to DELETE is not flagged.
    expect(screen.queryByText(MESSAGES.deleteTypeMismatch)).toBeNull();
    await user.type(input, 'E');
    expect(confirmButton()).toBeEnabled();

    await user.click(confirmButton());
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.deleted);
  });

  it('shows a typo inline and keeps the dialog open to fix it', async () => {
    const api = fakeApi().on(accountApi.remove, { ok: true });
    const { user, input } = await openTypeStep();

    await user.type(input, 'delete');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deleteTypeMismatch);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(confirmButton()).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'DELETE{Enter}');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE', '/api/account')).toHaveLength(1));
  });

  it('explains Enter on an unfinished confirmation instead of doing nothing', async () => {
    const api = fakeApi();
    const { user, input } = await openTypeStep();
    await user.type(input, 'DEL{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deleteTypeMismatch);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(0);
  });

  it('Back closes the flow and keeps the user on Settings, deleting nothing', async () => {
    const api = fakeApi().on(accountApi.remove, { ok: true });
    const { input, user } = await openTypeStep();
    await user.type(input, 'DEL');
    await waitFor(() =>
      expect((window.history.state as { daywiseDialogs?: string[] }).daywiseDialogs).toHaveLength(
        1,
      ),
    );

    window.history.back();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(0);
    // The focus goes back to the button that opened the flow, not to <body> (WCAG 2.4.3).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus(),
    );
  });

  it('gives the focus back to Delete Account when Escape or Cancel closes the flow', async () => {
    fakeApi();
    const { user } = await openTypeStep();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();
  });
});
