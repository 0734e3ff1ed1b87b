import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The receiver is on loopback, which the server reaches only with this setting (README.md).
test.use({ serverEnv: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that records what it is sent and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** docs/webhooks.md: HMAC-SHA256 of "<t>.<body>" with the signing secret. */
function signatureHolds(header: string, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  const expected =
    match && createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return Boolean(
    match && expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300,
  );
}

test.describe('Event webhooks', () => {
  test('a webhook added in Settings is told of a completed todo, and the delivery shows', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    const receiver = await startReceiver();
    try {
      await createVerifiedUser(page.request, server);
      await page.goto('/dashboard/settings');
      const section = page.getByRole('region', { name: 'Event webhooks' });
      await expect(section.getByText('No event webhooks yet.')).toBeVisible();

      await section.getByLabel('Name').fill('n8n');
      await section.getByLabel('URL', { exact: true }).fill(receiver.url);
      await section.getByRole('checkbox', { name: 'A todo is completed' }).check();
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const shown = section.getByRole('textbox', { name: 'Signing secret of "n8n"' });
      await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
      const secret = await shown.inputValue();
      await section.getByRole('button', { name: 'Done' }).click();
      await expect(section.getByRole('listitem', { name: 'n8n' })).toContainText(
        'A todo is completed',
      );

      const created = await page.request.post('/api/todos', { data: { title: 'Buy oat milk' } });
      expect(created.status()).toBe(201);
      await page.goto('/dashboard/todos');
      await page.getByRole('checkbox', { name: 'Mark "Buy oat milk" as completed' }).click();
      await expect(page.getByText('Todo completed!')).toBeVisible();

      await page.goto('/dashboard/settings');
      const item = page
        .getByRole('region', { name: 'Event webhooks' })
        .getByRole('listitem', { name: 'n8n' });
      await item.getByRole('button', { name: 'Deliveries' }).click();
      const log = item.getByRole('list', { name: 'Deliveries to n8n' });
      await expect(log.getByRole('listitem')).toHaveText([
        /^A todo is completed · Delivered \(HTTP 200\) · /,
      ]);
      await expectNoSeriousA11yViolations();

      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(JSON.parse(delivery?.body ?? '')).toMatchObject({
        event: 'todo.completed',
        attempt: 1,
        data: { todo: { title: 'Buy oat milk', completed: true } },
      });
      expect(
        signatureHolds(
          String(delivery?.headers['daywise-signature']),
          delivery?.body ?? '',
          secret,
        ),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
