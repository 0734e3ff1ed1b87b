import { eventWebhooksApi } from '@daywise/shared/api';
import type { EventWebhook, WebhookAttempt } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import EventWebhooks from './event-webhooks';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn(), dismiss: vi.fn() },
}));

const HOOK: EventWebhook = {
  id: 'w1',
  name: 'n8n',
  url: 'https://n8n.example.com/hook',
  events: ['todo.completed', 'plan.task.done'],
  createdAt: '2026-11-20T10:00:00.000Z',
};
const NO_EVENTS = 'Please choose at least one event';

describe('Event webhooks', () => {
  it('adds a webhook for the chosen events and shows its signing secret once', async () => {
    let webhooks: EventWebhook[] = [];
    const api = fakeApi()
      .on(eventWebhooksApi.list, () => ({ webhooks }))
      .on(eventWebhooksApi.create, (request) => {
        const body = request.body as { events: string[] };
        if (body.events.length === 0) {
          return errorResponse(400, 'VALIDATION_FAILED', NO_EVENTS, { events: NO_EVENTS });
        }
        webhooks = [HOOK];
        return { webhook: HOOK, signingSecret: `whsec_${'b'.repeat(43)}` };
      });
    const { user } = renderWithProviders(<EventWebhooks timeZone="UTC" />);
    expect(await screen.findByText('No event webhooks yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'n8n');
    await user.type(screen.getByLabelText('URL'), HOOK.url);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(NO_EVENTS)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'A todo is completed' }));
    await user.click(screen.getByRole('checkbox', { name: 'A daily plan task is done' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret of "n8n"')).toHaveValue(
      `whsec_${'b'.repeat(43)}`,
    );
    expect(api.callsTo('POST', eventWebhooksApi.create.path)[1]?.body).toEqual({
      name: 'n8n',
      url: HOOK.url,
      events: ['todo.completed', 'plan.task.done'],
    });
    const item = await screen.findByRole('listitem', { name: 'n8n' });
    expect(item).toHaveTextContent('A todo is completed · A daily plan task is done');
  });

  it('shows the delivery log, and what a test send answered', async () => {
    const attempts: WebhookAttempt[] = [
      {
        id: 'a2',
        deliveryId: 'd1',
        event: 'todo.completed',
        attempt: 6,
        ok: false,
        status: 500,
        message: 'Refused: the receiver answered HTTP 500. Gave up after 6 tries.',
        gaveUp: true,
        at: '2026-11-29T10:00:00.000Z',
      },
    ];
    fakeApi()
      .on(eventWebhooksApi.list, { webhooks: [HOOK] })
      .on(eventWebhooksApi.attempts, { attempts })
      .on(eventWebhooksApi.test, {
        ok: true,
        status: 204,
        message: 'Delivered (HTTP 204)',
        at: '2026-11-29T10:01:00.000Z',
      });
    const { user } = renderWithProviders(<EventWebhooks timeZone="UTC" />);
    const item = await screen.findByRole('listitem', { name: 'n8n' });
    await user.click(within(item).getByRole('button', { name: 'Send a test' }));
    expect(await within(item).findByRole('status')).toHaveTextContent(
      'Test sent: Delivered (HTTP 204)',
    );
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const log = await within(item).findByRole('list', { name: 'Deliveries to n8n' });
    expect(within(log).getByRole('listitem')).toHaveTextContent(
      /^A todo is completed · Refused: the receiver answered HTTP 500\. Gave up after 6 tries\. · .* · try 6$/,
    );
  });
});
