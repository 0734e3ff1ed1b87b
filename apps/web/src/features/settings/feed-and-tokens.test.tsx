import { MESSAGES } from '@daywise/shared';
import { apiTokensApi, calendarApi } from '@daywise/shared/api';
import type { ApiToken, ApiTokenScope, CalendarFeed } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ApiTokens } from './api-tokens';
import { CalendarFeedSettings } from './calendar-feed';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

const FEED_URL = 'http://localhost/api/calendar/u1/abc.ics';
const TOKEN: ApiToken = {
  id: 'tk1',
  name: 'Daily summary',
  scope: 'read',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

describe('Calendar feed settings', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('turns the feed on and shows its address with how to subscribe', async () => {
    let feed: CalendarFeed = { enabled: false, url: null };
    fakeApi()
      .on(calendarApi.get, () => feed)
      .on(calendarApi.rotate, () => {
        feed = { enabled: true, url: FEED_URL };
        return feed;
      });
    const { user } = renderWithProviders(<CalendarFeedSettings />);
    expect(await screen.findByText(MESSAGES.calendarFeedOff)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on calendar feed' }));
    expect(await screen.findByLabelText('Feed address')).toHaveValue(FEED_URL);
    expect(screen.getByText(/Google Calendar:/)).toBeInTheDocument();
    expect(screen.getByText(/Apple Calendar:/)).toBeInTheDocument();
    expect(screen.getByText(/Thunderbird:/)).toBeInTheDocument();
  });

  it('asks before making a new address, and shows the new one', async () => {
    const next = 'http://localhost/api/calendar/u1/def.ics';
    fakeApi()
      .on(calendarApi.get, { enabled: true, url: FEED_URL })
      .on(calendarApi.rotate, { enabled: true, url: next });
    const { user } = renderWithProviders(<CalendarFeedSettings />);
    await user.click(await screen.findByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.rotateFeedText);
    await user.click(within(dialog).getByRole('button', { name: 'Make new address' }));
    expect(await screen.findByLabelText('Feed address')).toHaveValue(next);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.calendarFeedRotated);
  });

  it('keeps the address when turning off fails, and says so', async () => {
    fakeApi()
      .on(calendarApi.get, { enabled: true, url: FEED_URL })
      .on(calendarApi.disable, () => errorResponse(500, 'INTERNAL', 'Server down'));
    const { user } = renderWithProviders(<CalendarFeedSettings />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn off' }),
    );
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Server down'));
    expect(screen.getByLabelText('Feed address')).toHaveValue(FEED_URL);
  });

  it('offers Try Again when the feed cannot be read', async () => {
    let fail = true;
    fakeApi().on(calendarApi.get, () =>
      fail ? errorResponse(500, 'INTERNAL') : { enabled: false, url: null },
    );
    const { user } = renderWithProviders(<CalendarFeedSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.calendarFeedLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(MESSAGES.calendarFeedOff)).toBeInTheDocument();
  });
});

describe('API tokens settings', () => {
  it('creates a token, shows it once with a warning, and lists it', async () => {
    let tokens: ApiToken[] = [];
    const api = fakeApi()
      .on(apiTokensApi.list, () => ({ tokens }))
      .on(apiTokensApi.create, ({ body }) => {
        const input = body as { name: string; scope: ApiTokenScope };
        const token = { ...TOKEN, id: 'tk2', name: input.name, scope: input.scope };
        tokens = [token];
        return { token, secret: 'dw_secret-value' };
      });
    const { user } = renderWithProviders(<ApiTokens timeZone="UTC" />);
    expect(await screen.findByText(MESSAGES.noApiTokens)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(MESSAGES.apiTokenNameRequired)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.startsWith('POST'))).toHaveLength(0);

    await user.type(screen.getByLabelText('Token name'), 'Sync script');
    await user.selectOptions(screen.getByLabelText('Access'), 'Read and write');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByLabelText('Token "Sync script"')).toHaveValue('dw_secret-value');
    expect(screen.getByText(MESSAGES.apiTokenShownOnce)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(list).toHaveTextContent('Sync script');
    expect(list).toHaveTextContent('Read and write');
    expect(list).toHaveTextContent('Never used');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('dw_secret-value')).toBeNull();
    expect(screen.queryByDisplayValue('dw_secret-value')).toBeNull();
  });

  it('creates a CalDAV app password and shows the address to sign in at', async () => {
    let tokens: ApiToken[] = [];
    fakeApi()
      .on(apiTokensApi.list, () => ({ tokens }))
      .on(apiTokensApi.create, ({ body }) => {
        const input = body as { name: string; scope: ApiTokenScope };
        const token = { ...TOKEN, id: 'tk3', name: input.name, scope: input.scope };
        tokens = [token];
        return { token, secret: 'dw_app-password' };
      });
    const { user } = renderWithProviders(<ApiTokens timeZone="UTC" />);
    expect(await screen.findByText(MESSAGES.noApiTokens)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'Phone');
    await user.selectOptions(screen.getByLabelText('Access'), 'CalDAV app password');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByLabelText('Token "Phone"')).toHaveValue('dw_app-password');
    expect(screen.getByLabelText('CalDAV server address')).toHaveValue(
      `${window.location.origin}/dav/`,
    );
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(list).toHaveTextContent('CalDAV app password');
  });

  it('revokes a token after confirming', async () => {
    let tokens: ApiToken[] = [{ ...TOKEN, lastUsedAt: '2026-11-21T08:00:00.000Z' }];
    fakeApi()
      .on(apiTokensApi.list, () => ({ tokens }))
      .on(apiTokensApi.revoke, () => {
        tokens = [];
        return undefined;
      });
    const { user } = renderWithProviders(<ApiTokens timeZone="UTC" />);
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(list).toHaveTextContent(/Last used Nov 21, 2026/);
    await user.click(within(list).getByRole('button', { name: 'Revoke Daily summary' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.revokeApiTokenText('Daily summary'));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(MESSAGES.noApiTokens)).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.apiTokenRevoked('Daily summary'));
  });

  it('says why a token could not be made, keeping the name typed', async () => {
    fakeApi()
      .on(apiTokensApi.list, { tokens: [] })
      .on(apiTokensApi.create, () => errorResponse(403, 'QUOTA_EXCEEDED', MESSAGES.apiTokenQuota));
    const { user } = renderWithProviders(<ApiTokens timeZone="UTC" />);
    await user.type(await screen.findByLabelText('Token name'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.apiTokenQuota));
    expect(screen.getByLabelText('Token name')).toHaveValue('One more');
  });

  it('offers Try Again when the tokens cannot be read', async () => {
    let fail = true;
    fakeApi().on(apiTokensApi.list, () => (fail ? errorResponse(500, 'INTERNAL') : { tokens: [] }));
    const { user } = renderWithProviders(<ApiTokens timeZone="UTC" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.apiTokensLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(MESSAGES.noApiTokens)).toBeInTheDocument();
  });
});
