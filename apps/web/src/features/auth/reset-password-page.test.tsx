import { MESSAGES } from '@daywise/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi, jsonResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import ResetPasswordPage from './reset-password-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  delay: () => Promise.resolve(),
}));

const USER_ID = 'user1234567890';
const SECRET = 'a-long-enough-reset-secret-1234567890';
const VALID_URL = `/reset-password?userId=${USER_ID}&secret=${SECRET}`;
const STRONG_PASSWORD = 'NewPassw0rd';

type Handler = (body: unknown) => Response;

function json(status: number, body: unknown): Response {
  return jsonResponse(body, status);
}

function apiError(status: number, code: string, message: string): Response {
  return errorResponse(status, code, message);
}

const linkValid: Handler = () => json(200, { valid: true, message: MESSAGES.resetTokenVerified });
const linkInvalid: Handler = () =>
  apiError(400, 'RESET_LINK_INVALID', MESSAGES.resetLinkExpiredOrInvalid);

/** A fake API with one handler per (POST) path; returns its fetch, which records every call. */
function mockApi(handlers: Record<string, Handler>) {
  const api = fakeApi();
  for (const [path, handler] of Object.entries(handlers)) {
    api.route('POST', path, ({ body }) => handler(body));
  }
  return api.fetch;
}

function renderAt(url: string) {
  return renderWithProviders(<ResetPasswordPage />, {
    route: url,
    path: '/reset-password',
    routes: (
      <>
        <Route path="/forgot-password" element={<p>Forgot password marker</p>} />
        <Route path="/login" element={<p>Login marker</p>} />
      </>
    ),
  });
}

async function fillPasswords(password: string, confirmation: string) {
  const user = userEvent.setup();
  const newPassword = await screen.findByLabelText('New Password', { exact: true });
  const confirm = screen.getByLabelText('Confirm New Password', { exact: true });
  await user.clear(newPassword);
  await user.clear(confirm);
  if (password) {
    await user.type(newPassword, password);
  }
  if (confirmation) {
    await user.type(confirm, confirmation);
  }
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', () => {
  it('shows the invalid panel at once when the link has no userId or secret', () => {
    const fetchMock = mockApi({});
    renderAt(`/reset-password?userId=${USER_ID}`);

    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Link Expired or Invalid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the invalid panel when the server rejects the link', async () => {
    const fetchMock = mockApi({ '/api/account/reset-password/check': linkInvalid });
    renderAt(VALID_URL);

    expect(screen.getByRole('status')).toHaveTextContent('Verifying reset link...');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      userId: USER_ID,
      secret: SECRET,
    });
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.resetLinkExpiredOrInvalid);
    expect(screen.queryByLabelText('New Password', { exact: true })).not.toBeInTheDocument();
  });

  it('shows the form once the link is valid, with one verified toast', async () => {
    mockApi({ '/api/account/reset-password/check': linkValid });
    renderAt(VALID_URL);

    expect(await screen.findByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New Password', { exact: true })).toHaveAttribute(
      'type',
      'password',
    );
    expect(screen.getByLabelText('Confirm New Password', { exact: true })).toBeInTheDocument();
    for (const requirement of [
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
    ]) {
      expect(screen.getByText(requirement)).toBeInTheDocument();
    }
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.resetTokenVerified);
  });

  it('shows the spec messages for passwords that break the rules, without calling the API', async () => {
    const fetchMock = mockApi({ '/api/account/reset-password/check': linkValid });
    renderAt(VALID_URL);

    await fillPasswords('', '');
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmPasswordRequired)).toBeInTheDocument();

    await fillPasswords('Short1', 'Short1');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();

    await fillPasswords('alllowercase1', 'alllowercase1');
    expect(await screen.findByText(MESSAGES.resetPasswordRules)).toBeInTheDocument();

    await fillPasswords(STRONG_PASSWORD, 'Different1');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();

    // Only the link check reached the server.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sets the new password and shows the done panel', async () => {
    const fetchMock = mockApi({
      '/api/account/reset-password/check': linkValid,
      '/api/account/reset-password': () => json(200, { message: MESSAGES.resetSuccess }),
    });
    renderAt(VALID_URL);

    await fillPasswords(STRONG_PASSWORD, STRONG_PASSWORD);

    expect(
      await screen.findByRole('heading', { name: 'Password Reset Complete' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(notify.success).toHaveBeenLastCalledWith(MESSAGES.resetSuccess);
    const resetCall = fetchMock.mock.calls.find(([path]) => path === '/api/account/reset-password');
    expect(JSON.parse(resetCall?.[1]?.body as string)).toEqual({
      userId: USER_ID,
      secret: SECRET,
      password: STRONG_PASSWORD,
    });
  });

  it('sends the visitor to /forgot-password when the link expired before submitting', async () => {
    mockApi({
      '/api/account/reset-password/check': linkValid,
      '/api/account/reset-password': linkInvalid,
    });
    renderAt(VALID_URL);

    await fillPasswords(STRONG_PASSWORD, STRONG_PASSWORD);

    expect(await screen.findByText('Forgot password marker')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.resetLinkExpired);
  });

  it('reads the link from the fragment, where emailed links carry it', async () => {
    const fetchMock = mockApi({ '/api/account/reset-password/check': linkValid });
    renderAt(`/reset-password#userId=${USER_ID}&secret=${SECRET}`);

    expect(await screen.findByLabelText('New Password', { exact: true })).toBeInTheDocument();
    const checkCall = fetchMock.mock.calls.find(
      ([path]) => path === '/api/account/reset-password/check',
    );
    expect(JSON.parse(checkCall?.[1]?.body as string)).toEqual({ userId: USER_ID, secret: SECRET });
  });

  it('shows the server’s common-password message under the password field', async () => {
    mockApi({
      '/api/account/reset-password/check': linkValid,
      '/api/account/reset-password': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: MESSAGES.passwordTooCommon,
            fields: { password: MESSAGES.passwordTooCommon },
          },
        }),
    });
    renderAt(VALID_URL);

    await fillPasswords('Summer2026', 'Summer2026');

    expect(await screen.findByText(MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password', { exact: true })).toHaveAccessibleDescription(
      MESSAGES.passwordTooCommon,
    );
    expect(screen.queryByText(MESSAGES.resetGenericFieldError)).not.toBeInTheDocument();
  });

  it('keeps the form and shows the generic error for other failures', async () => {
    mockApi({
      '/api/account/reset-password/check': linkValid,
      '/api/account/reset-password': () =>
        apiError(403, 'RESET_ACCOUNT_DELETED', MESSAGES.resetAccountDeleted),
    });
    renderAt(VALID_URL);

    await fillPasswords(STRONG_PASSWORD, STRONG_PASSWORD);

    expect(await screen.findByText(MESSAGES.resetGenericFieldError)).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.resetAccountDeleted);
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled();
  });
});
