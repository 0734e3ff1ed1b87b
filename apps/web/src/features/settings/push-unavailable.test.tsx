import { pushApi } from '@daywise/shared/api';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { PUSH_MESSAGES } from './push-messages';
import { PushNotifications } from './push-notifications';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

// A browser that names the Push API but has no push service behind it.
vi.mock(import('../../lib/push'), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    readPushState: vi.fn(async () => ({ state: 'off' as const, deviceId: null })),
    enablePush: vi.fn(async () => {
      throw new actual.PushUnavailableError();
    }),
  };
});

describe('push notifications in a browser without a push service', () => {
  it('says why it cannot turn on, and leaves the switch disabled with the reason', async () => {
    fakeApi().on(pushApi.list, []);
    const { user } = renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });
    const toggle = screen.getByRole('switch', { name: PUSH_MESSAGES.label });
    await vi.waitFor(() => expect(toggle).toBeEnabled());

    await user.click(toggle);

    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(PUSH_MESSAGES.noPushService));
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
  });
});
