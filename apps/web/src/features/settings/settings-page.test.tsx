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
import type { Settings } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { stubMatchMedia } from '../../test/browser';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import SettingsPage from './settings-page';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn((message: string) => `progress:${message}`), dismiss: vi.fn() },
}));

/** The settings API, keeping what each PATCH changes; the active sessions list is empty. */
function stubApi(initial: Settings = DEFAULT_SETTINGS) {
  let settings = structuredClone(initial);
  return fakeApi()
    .on(settingsApi.get, () => settings)
    .on(settingsApi.update, ({ body }) => {
      const { group, key, value } = body as { group: string; key: string; value: unknown };
      settings = { ...settings, [group]: { ...settings[group as keyof Settings], [key]: value } };
      return settings;
    })
    .on(accountApi.sessions, { sessions: [] })
    .on(daysOffApi.list, { items: [] })
    .on(pushApi.list, [])
    .on(apiTokensApi.list, { tokens: [] })
    .on(channelsApi.list, { channels: [] })
    .on(eventWebhooksApi.list, { webhooks: [] })
    .on(calendarApi.get, { enabled: false, url: null });
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<SettingsPage />, {
    session: { id: 'user-1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
  });
  return user;
}

describe('SettingsPage', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
    stubMatchMedia();
  });

  it('says analytics were disabled, then enabled, rather than only "Setting updated"', async () => {
    stubApi();
    const user = renderPage();
    const tracking = await screen.findByRole('switch', { name: 'Activity Tracking' });

    await user.click(tracking);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.analyticsDisabled));
    expect(await screen.findByText('Privacy Mode Active')).toBeInTheDocument();

    await user.click(tracking);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.analyticsEnabled));
    expect(notify.success).not.toHaveBeenCalledWith(MESSAGES.settingUpdated);
  });

  it('offers UTC again after another timezone was chosen, as the server accepts it', async () => {
    const api = stubApi({
      ...DEFAULT_SETTINGS,
      preferences: { ...DEFAULT_SETTINGS.preferences, timezone: 'Europe/Paris' },
    });
    const user = renderPage();
    const zone = await screen.findByRole('combobox', { name: 'Timezone' });
    expect(zone).toHaveValue('Europe/Paris');
    expect(within(zone).getAllByRole('option')[0]).toHaveTextContent('UTC');
    await user.selectOptions(zone, 'UTC');
    await waitFor(() => expect(zone).toHaveValue('UTC'));
    expect(api.callsTo('PATCH', '/api/settings').at(-1)?.body).toEqual({
      group: 'preferences',
      key: 'timezone',
      value: 'UTC',
    });
  });

  it('lets the week start on the locale’s day, Monday or Sunday', async () => {
    const api = stubApi();
    const user = renderPage();
    const start = await screen.findByRole('combobox', { name: 'Week starts on' });
    expect(start).toHaveValue('locale');
    // jsdom's locale is en-US, whose weeks start on Sunday.
    expect(
      within(start)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(["Your locale's (Sunday)", 'Monday', 'Sunday']);
    await user.selectOptions(start, 'monday');
    await waitFor(() => expect(start).toHaveValue('monday'));
    expect(api.callsTo('PATCH', '/api/settings').at(-1)?.body).toEqual({
      group: 'preferences',
      key: 'weekStart',
      value: 'monday',
    });
  });

  it('offers only day starts before the day ends, and ends after it starts', async () => {
    const api = stubApi();
    const user = renderPage();
    const start = await screen.findByRole('combobox', { name: 'Day starts at' });
    const end = screen.getByRole('combobox', { name: 'Day ends at' });
    expect(start).toHaveValue('08:00');
    expect(end).toHaveValue('20:00');
    const times = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(times(start).at(-1)).toBe('19:30');
    expect(times(end)[0]).toBe('08:30');
    await user.selectOptions(end, '22:30');
    await waitFor(() => expect(times(start).at(-1)).toBe('22:00'));
    await user.selectOptions(start, '21:00');
    await waitFor(() => expect(times(end)[0]).toBe('21:30'));
    expect(api.callsTo('PATCH', '/api/settings').map((call) => call.body)).toEqual([
      { group: 'preferences', key: 'dayEnd', value: '22:30' },
      { group: 'preferences', key: 'dayStart', value: '21:00' },
    ]);
    // The review reminder names the day's end.
    expect(screen.getByRole('switch', { name: 'Review Reminder' })).toHaveAccessibleDescription(
      /at your day's end \(22:30\)/,
    );
  });

  it('saves the focus timer’s lengths as numbers', async () => {
    const api = stubApi();
    const user = renderPage();
    const focus = await screen.findByRole('combobox', { name: 'Focus length' });
    expect(focus).toHaveValue('25');
    expect(screen.getByRole('combobox', { name: 'Long break after' })).toHaveValue('4');
    await user.selectOptions(focus, '50 min');
    await waitFor(() => expect(focus).toHaveValue('50'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Short break' }), '10 min');
    expect(api.callsTo('PATCH', '/api/settings').map((call) => call.body)).toEqual([
      { group: 'focus', key: 'focusMinutes', value: 50 },
      { group: 'focus', key: 'shortBreakMinutes', value: 10 },
    ]);
  });

  it('keeps the other switches on "Setting updated"', async () => {
    stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Email Notifications' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.settingUpdated));
  });

  it('puts Import right after Your data, not below Delete Account', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Your data' });
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections.indexOf('Import')).toBe(sections.indexOf('Your data') + 1);
    expect(sections.indexOf('Import')).toBeLessThan(sections.indexOf('Account Actions'));
  });

  it('keeps the notification diagnostics behind a closed Troubleshooting disclosure', async () => {
    stubApi();
    const user = renderPage();
    expect(await screen.findByRole('button', { name: /Test Notification/ })).toBeVisible();
    const details = screen.getByText('Troubleshooting').closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(
      screen.getByRole('button', { name: /Force Notification/, hidden: true }),
    ).not.toBeVisible();

    await user.click(screen.getByText('Troubleshooting'));
    expect(details).toHaveAttribute('open');
    const diagnostics = within(details!);
    expect(diagnostics.getByRole('button', { name: /Force Notification/ })).toBeVisible();
    expect(diagnostics.getByRole('button', { name: /Setup SW/ })).toBeVisible();
    expect(diagnostics.getByRole('button', { name: /Request Permission/ })).toBeVisible();
  });
});
