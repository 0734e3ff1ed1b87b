import { DEFAULT_SETTINGS } from '@daywise/shared';
import { MESSAGES } from '@daywise/shared';
import {
  accountApi,
  apiTokensApi,
  calendarApi,
  channelsApi,
  daysOffApi,
  eventWebhooksApi,
  pushApi,
  settingsApi,
} from '@daywise/shared/api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { stubMatchMedia } from '../../test/browser';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ActiveSessions } from './active-sessions';
import SettingsPage from './settings-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

const SESSION = {
  id: 's1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0',
  ipAddress: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-20T10:00:00.000Z',
  current: true,
};

describe('settings that fail to load', () => {
  beforeEach(() => {
    stubMatchMedia();
  });

  it('Active sessions offers Try Again', async () => {
    let fail = true;
    fakeApi().on(accountApi.sessions, () =>
      fail ? errorResponse(500, 'INTERNAL') : { sessions: [SESSION] },
    );
    const { user } = renderWithProviders(<ActiveSessions timeZone="UTC" />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your sessions.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the Settings page keeps the defaults and offers Try Again', async () => {
    let fail = true;
    fakeApi()
      .on(settingsApi.get, () => (fail ? errorResponse(500, 'INTERNAL') : DEFAULT_SETTINGS))
      .on(accountApi.sessions, { sessions: [] })
      .on(daysOffApi.list, { items: [] })
      .on(pushApi.list, [])
      .on(apiTokensApi.list, { tokens: [] })
      .on(channelsApi.list, { channels: [] })
      .on(eventWebhooksApi.list, { webhooks: [] })
      .on(calendarApi.get, { enabled: false, url: null });
    const { user } = renderWithProviders(<SettingsPage />, {
      session: { id: 'user-1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.settingsLoadFailed);
    expect(screen.getByRole('switch', { name: 'Activity Tracking' })).toBeChecked();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    await screen.findByRole('switch', { name: 'Activity Tracking' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
