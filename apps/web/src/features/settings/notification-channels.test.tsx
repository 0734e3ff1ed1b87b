import { channelsApi } from '@daywise/shared/api';
import type { Channel } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import NotificationChannels from './notification-channels';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

const HOOK: Channel = {
  id: 'c1',
  kind: 'webhook',
  name: 'Home Assistant',
  url: 'https://home.example.com/hook',
  topic: null,
  secretSet: true,
  lastDelivery: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const REFUSED =
  'Daywise cannot send to this address: it is not on the public internet, or it could not be found.';

describe('Notification channels', () => {
  it('adds a webhook, shows its signing secret once, and a refused address on its field', async () => {
    let channels: Channel[] = [];
    const api = fakeApi()
      .on(channelsApi.list, () => ({ channels }))
      .on(channelsApi.create, (request) => {
        const body = request.body as { url: string };
        if (body.url.includes('127.0.0.1')) {
          return errorResponse(400, 'OUTBOUND_REFUSED', REFUSED, { url: REFUSED });
        }
        channels = [HOOK];
        return { channel: HOOK, signingSecret: `whsec_${'a'.repeat(43)}` };
      });
    const { user } = renderWithProviders(<NotificationChannels timeZone="UTC" />);
    expect(await screen.findByText('No notification channels yet.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Webhook');
    await user.type(screen.getByLabelText('Name'), 'Home Assistant');
    await user.type(screen.getByLabelText('URL'), 'http://127.0.0.1:8123/hook');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), HOOK.url);
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByLabelText('Signing secret of "Home Assistant"')).toHaveValue(
      `whsec_${'a'.repeat(43)}`,
    );
    expect(api.callsTo('POST', channelsApi.create.path)[1]?.body).toEqual({
      kind: 'webhook',
      name: 'Home Assistant',
      url: HOOK.url,
    });
    const list = await screen.findByRole('list', { name: 'Notification channels' });
    expect(within(list).getByText('Last delivery: Nothing sent yet')).toBeInTheDocument();
  });

  it('sends a test and shows what the receiver said', async () => {
    fakeApi()
      .on(channelsApi.list, { channels: [HOOK] })
      .on(channelsApi.test, {
        ok: false,
        status: 500,
        message: 'Refused: the receiver answered HTTP 500',
        at: '2026-11-29T10:00:00.000Z',
      });
    const { user } = renderWithProviders(<NotificationChannels timeZone="UTC" />);
    const item = await screen.findByRole('listitem', { name: 'Home Assistant' });
    await user.click(within(item).getByRole('button', { name: 'Send a test' }));
    expect(await within(item).findByRole('status')).toHaveTextContent(
      'Test failed: Refused: the receiver answered HTTP 500',
    );
  });

  it('says when the channels cannot be read', async () => {
    fakeApi().on(channelsApi.list, () => errorResponse(500, 'INTERNAL'));
    renderWithProviders(<NotificationChannels timeZone="UTC" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your notification channels',
    );
  });
});
