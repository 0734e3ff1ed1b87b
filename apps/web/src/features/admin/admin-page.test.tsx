import { DEFAULT_SETTINGS, MESSAGES } from '@daywise/shared';
import { adminApi, settingsApi } from '@daywise/shared/api';
import type { AdminUser, AuditEntry } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { queryKeys } from '../../lib/query-keys';
import { fakeApi } from '../../test/fake-api';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import AdminPage from './admin-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ADA = {
  id: 'u-ada',
  name: 'Ada',
  email: 'ada@example.com',
  createdAt: '2026-11-20T10:00:00Z',
};
const BOB: AdminUser = {
  id: 'u-bob',
  name: 'Bob',
  email: 'bob@example.com',
  joinedAt: '2026-11-21T10:00:00.000Z',
  lastActiveAt: null,
  todoCount: 3,
  storageBytes: 2048,
  verified: true,
  disabled: false,
  admin: false,
};

const DISABLED_BOB: AuditEntry = {
  id: 'a1',
  adminEmail: 'ada@example.com',
  action: 'disable',
  target: 'bob@example.com',
  at: '2026-11-21T11:00:00.000Z',
};

function renderAs(admin: boolean) {
  const client = createTestQueryClient();
  client.setQueryData(queryKeys.session, { user: ADA, ...(admin ? { admin } : {}) });
  return renderWithProviders(<AdminPage />, { client, route: '/dashboard/admin' });
}

describe('AdminPage', () => {
  it("shows 'Page not found' to a user who is no admin, and asks the server nothing", () => {
    const api = fakeApi().on(settingsApi.get, DEFAULT_SETTINGS);
    renderAs(false);
    expect(screen.getByRole('heading', { name: MESSAGES.pageNotFound })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.includes('/api/admin'))).toEqual([]);
  });

  it('lists the users and disables one, then shows the action in the audit log', async () => {
    let bob = BOB;
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(adminApi.users, () => ({ users: [bob], page: 1, pageSize: 50, total: 1 }))
      .on(adminApi.invitations, { invitations: [] })
      .on(adminApi.status, {
        version: '0.1.0',
        registration: 'invite',
        database: { engine: 'sqlite', status: 'ok' },
        redis: 'not-configured',
        queuedReminderJobs: 2,
        email: { transport: 'smtp', lastSentAt: null, lastFailedAt: null },
      })
      .on(adminApi.audit, () => ({
        entries: bob.disabled ? [DISABLED_BOB] : [],
        page: 1,
        total: bob.disabled ? 1 : 0,
      }))
      .on(adminApi.disable, () => {
        bob = { ...bob, disabled: true };
        return bob;
      });
    const { user } = renderAs(true);
    const users = await screen.findByRole('table');
    const row = within(users).getByRole('row', { name: /bob@example.com/ });
    expect(row).toHaveTextContent('Bob');
    expect(row).toHaveTextContent('2.0 KB');
    expect(row).toHaveTextContent('Never');
    expect(await screen.findByText('By invitation link only')).toBeInTheDocument();
    expect(screen.getByText('No admin actions yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable bob@example.com' }));
    expect(
      await screen.findByRole('button', { name: 'Enable bob@example.com' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/u-bob/disable')).toHaveLength(1);
    expect(await screen.findByText(/ada@example.com disabled bob@example.com/)).toBeInTheDocument();
  });
});
