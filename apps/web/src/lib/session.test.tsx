import { accountApi } from '@daywise/shared/api/account';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { RequireAuth } from '../app/auth-guards';
import { SignOutButton } from '../components/sign-out-button';
import { errorResponse, fakeApi } from '../test/fake-api';
import { createTestQueryClient } from '../test/render';
import { queryKeys } from './query-keys';
import { sessionEndedByServer } from './session';

vi.mock('./toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const user = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The app's guard over a dashboard with a sign-out button, in a data router as main.tsx has it
 * (react-router/dom's RouterProvider is this one given ReactDOM's flushSync).
 */
function renderSignedIn(signedIn = true) {
  const client = createTestQueryClient();
  if (signedIn) {
    client.setQueryData(queryKeys.session, { user });
  }
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard', element: <SignOutButton>Sign out</SignOutButton> }],
      },
      { path: '/', element: <p>Home page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} flushSync={flushSync} />
    </QueryClientProvider>,
  );
  return client;
}

describe('sessionEndedByServer', () => {
  it('reads the session again, so the guard leaves for /login', async () => {
    const api = fakeApi().on(accountApi.session, { user: null });
    const client = renderSignedIn();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    sessionEndedByServer(client);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(api.requests).toEqual([`GET ${accountApi.session.path}`]);
  });

  it('leaves a sign-out in this tab to take the user to /, not /login', async () => {
    let client = createTestQueryClient();
    // The server ends the session, and the socket closes with 4001, before the logout answers.
    const api = fakeApi()
      .on(accountApi.logout, () => {
        sessionEndedByServer(client);
        return { ok: true as const };
      })
      .on(accountApi.session, { user: null });
    client = renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    // The session was not read again while the guard still stood over the page.
    expect(api.requests).toEqual([`POST ${accountApi.logout.path}`]);
    expect(client.getQueryState(queryKeys.session)?.isInvalidated).toBe(true);
  });
});

describe('a session read that fails', () => {
  it('is not a sign-out: the guard offers Try Again, which reads the session again', async () => {
    const api = fakeApi().on(accountApi.session, () =>
      errorResponse(500, 'INTERNAL', 'Something went wrong'),
    );
    renderSignedIn(false);
    // The session query tries once more (a second apart) before it fails.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'We could not check your sign-in. Please check your connection and try again.',
    );
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    api.on(accountApi.session, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(3);
  });

  it('keeps the last known user on the page, with the error and Try Again above it', async () => {
    fakeApi().on(accountApi.session, () => Promise.reject(new TypeError('Failed to fetch')));
    const client = renderSignedIn();
    await client.invalidateQueries({ queryKey: queryKeys.session });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'We could not check your sign-in.',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });
});
