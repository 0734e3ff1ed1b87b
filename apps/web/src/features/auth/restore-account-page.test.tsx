import { ERROR_CODES, type ErrorCode, MESSAGES } from '@daywise/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi, jsonResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import type { LoginState } from './login-page';
import RestoreAccountPage from './restore-account-page';

function LoginMarker() {
  const state = (useLocation().state ?? {}) as LoginState;
  return (
    <div>
      <p>Login page for {state.email ?? 'nobody'}</p>
      {state.message && <p>Notice: {state.message}</p>}
    </div>
  );
}

function renderPage() {
  renderWithProviders(<RestoreAccountPage />, {
    route: '/restore-account',
    path: '/restore-account',
    routes: <Route path="/login" element={<LoginMarker />} />,
    toaster: true,
  });
}

function json(status: number, body: unknown) {
  return jsonResponse(body, status);
}

function apiError(code: ErrorCode) {
  const { status, message } = ERROR_CODES[code];
  return errorResponse(status, code, message);
}

/** The restore endpoint answering with what `response` gives. */
function stubFetch(response: () => Response | Promise<Response>) {
  return fakeApi().route('POST', '/api/account/restore', response).fetch;
}

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) {
    await user.type(screen.getByLabelText('Email'), email);
  }
  await user.click(screen.getByRole('button', { name: 'Restore Account' }));
}

describe('RestoreAccountPage', () => {
  it('shows the spec messages for a bad email and sends nothing', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    renderPage();

    await submit('');
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();

    await submit('not-an-email');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a link and goes to /login with the email and a check-your-email notice', async () => {
    const fetchMock = stubFetch(() =>
      json(200, { status: 'email-sent', message: MESSAGES.restoreEmailSent }),
    );
    renderPage();

    await submit('  gone@example.com ');

    expect(await screen.findByText('Login page for gone@example.com')).toBeInTheDocument();
    expect(screen.getByText(`Notice: ${MESSAGES.restoreEmailSent}`)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.restoreEmailSent)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/restore');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'gone@example.com' }));
  });

  it('shows the inline and toast messages when no account has the email', async () => {
    stubFetch(() => apiError('RESTORE_EMAIL_NOT_FOUND'));
    renderPage();

    await submit('nobody@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.restoreInlineNotFound);
    expect(await screen.findByText(MESSAGES.restoreToastNotFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Restore Account' })).toBeInTheDocument();
  });

  it('sends an account that is not deleted to /login with its email', async () => {
    stubFetch(() => apiError('ACCOUNT_NOT_DELETED'));
    renderPage();

    await submit('active@example.com');

    expect(await screen.findByText('Login page for active@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/^Notice:/)).not.toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.restoreToastNotDeleted)).toBeInTheDocument();
  });

  it('shows the generic inline message and the error as a toast on an unexpected failure', async () => {
    stubFetch(() => apiError('EMAIL_SEND_FAILED'));
    renderPage();

    await submit('gone@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.restoreUnexpectedInline);
    expect(await screen.findByText(ERROR_CODES.EMAIL_SEND_FAILED.message)).toBeInTheDocument();
  });

  it('blocks a second submit while the request is in flight', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'gone@example.com');
    await user.click(screen.getByRole('button', { name: 'Restore Account' }));

    const busy = await screen.findByRole('button', { name: 'Restoring...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(json(200, { status: 'email-sent', message: MESSAGES.restoreEmailSent }));
    expect(await screen.findByText('Login page for gone@example.com')).toBeInTheDocument();
  });
});
