import { pushApi } from '@daywise/shared/api';
import type { PushDevice } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { PUSH_MESSAGES } from './push-messages';
import { PushNotifications } from './push-notifications';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

const PHONE: PushDevice = {
  id: 'd1',
  label: 'Chrome on Android',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: null,
};
const LAPTOP: PushDevice = {
  id: 'd2',
  label: 'Firefox on Linux',
  createdAt: '2026-11-19T10:00:00.000Z',
  lastSuccessAt: '2026-11-20T09:00:00.000Z',
};

const devicesList = () => screen.getByRole('region', { name: PUSH_MESSAGES.devicesHeading });

describe('push notifications in Settings', () => {
  it('says when a browser cannot receive push, and still lists the other devices', async () => {
    fakeApi().on(pushApi.list, [PHONE]);
    renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });

    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: PUSH_MESSAGES.label })).toBeDisabled();
    expect(await within(devicesList()).findByText('Chrome on Android')).toBeInTheDocument();
  });

  it('shows loading, then that no device gets push notifications yet', async () => {
    let answer: (devices: PushDevice[]) => void = () => undefined;
    fakeApi().on(
      pushApi.list,
      () =>
        new Promise<PushDevice[]>((resolve) => {
          answer = resolve;
        }),
    );
    renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });

    expect(await screen.findByRole('status')).toHaveTextContent(PUSH_MESSAGES.loading);
    answer([]);
    expect(await screen.findByText(PUSH_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers Try Again when the devices cannot be loaded', async () => {
    let fail = true;
    fakeApi().on(pushApi.list, () => (fail ? errorResponse(500, 'INTERNAL') : [PHONE, LAPTOP]));
    const { user } = renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PUSH_MESSAGES.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    const items = await within(devicesList()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chrome on Android') as string,
      expect.stringContaining('Firefox on Linux') as string,
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a device and lists what is left', async () => {
    let devices = [PHONE, LAPTOP];
    const api = fakeApi()
      .on(pushApi.list, () => devices)
      .on(pushApi.remove, ({ params }) => {
        devices = devices.filter((device) => device.id !== params.id);
        return undefined;
      });
    const { user } = renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });

    await user.click(await screen.findByRole('button', { name: 'Remove Firefox on Linux' }));

    await expect.poll(() => screen.queryByText('Firefox on Linux')).toBeNull();
    expect(within(devicesList()).getByText('Chrome on Android')).toBeInTheDocument();
    expect(api.requests).toContain('DELETE /api/push/subscriptions/d2');
    expect(notify.success).toHaveBeenCalledWith(PUSH_MESSAGES.deviceRemoved);
  });

  it('keeps the device and says so when removing fails', async () => {
    fakeApi()
      .on(pushApi.list, [LAPTOP])
      .on(pushApi.remove, () => errorResponse(500, 'INTERNAL'));
    const { user } = renderWithProviders(<PushNotifications timeZone="UTC" />, { session: null });

    await user.click(await screen.findByRole('button', { name: 'Remove Firefox on Linux' }));

    await expect
      .poll(() => vi.mocked(notify.error).mock.calls)
      .toContainEqual([PUSH_MESSAGES.removeFailed]);
    expect(within(devicesList()).getByText('Firefox on Linux')).toBeInTheDocument();
  });
});
