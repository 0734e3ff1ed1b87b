import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { InPageReminder } from '../../components/in-page-reminder';
import { NOTIFICATION_MESSAGES } from '../../lib/notifications';
import { notify } from '../../lib/toast';
import { renderWithProviders } from '../../test/render';
import { NotificationTools } from './notification-tools';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

/** A browser whose notifications the user has blocked. */
function stubBlockedNotifications() {
  class BlockedNotification {
    static permission: NotificationPermission = 'denied';
    static requestPermission = vi.fn(async () => 'denied' as const);
  }
  vi.stubGlobal('Notification', BlockedNotification);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Test Notification in Settings', () => {
  it('without permission says only that it failed, with no in-page stand-in', async () => {
    stubBlockedNotifications();
    const { user } = renderWithProviders(
      <>
        <NotificationTools />
        <InPageReminder />
      </>,
      { session: null },
    );

    await user.click(screen.getByRole('button', { name: 'Test Notification' }));

    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.testFailed),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(NOTIFICATION_MESSAGES.testBody)).toBeNull();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
