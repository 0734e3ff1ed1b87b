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
    url: `http://127.0.0.1:${port}/daywise`,
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

test.describe('Notification channels', () => {
  test('a webhook added in Settings receives a signed test, and its status shows', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    const receiver = await startReceiver();
    try {
      await createVerifiedUser(page.request, server);
      await page.goto('/dashboard/settings');
      const section = page.getByRole('region', { name: 'Notification channels' });
      await expect(section.getByText('No notification channels yet.')).toBeVisible();

      await section.getByLabel('Kind').selectOption('Webhook');
      await section.getByLabel('Name').fill('Home Assistant');
      await section.getByLabel('URL', { exact: true }).fill(receiver.url);
      await section.getByRole('button', { name: 'Add channel' }).click();
      const shown = section.getByRole('textbox', { name: 'Signing secret of "Home Assistant"' });
      await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
      const secret = await shown.inputValue();
      await section.getByRole('button', { name: 'Done' }).click();

      const item = section.getByRole('listitem', { name: 'Home Assistant' });
      await expect(item).toContainText('Nothing sent yet');
      await item.getByRole('button', { name: 'Send a test' }).click();
      await expect(item.getByRole('status')).toHaveText('Test sent: Delivered (HTTP 200)');
      await expect(item).toContainText('Last delivery: Delivered (HTTP 200)');
      await item.getByRole('button', { name: 'Edit' }).click();
      await expect(item.getByRole('form', { name: 'Edit Home Assistant' })).toBeVisible();
      await expectNoSeriousA11yViolations();
      await item.getByRole('button', { name: 'Cancel' }).click();

      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(JSON.parse(delivery?.body ?? '')).toMatchObject({ event: 'test', item: null });
      expect(
        signatureHolds(
          String(delivery?.headers['daywise-signature']),
          delivery?.body ?? '',
          secret,
        ),
      ).toBe(true);

      // The secret is never read back.
      await page.reload();
      await expect(section.getByRole('listitem', { name: 'Home Assistant' })).toContainText(
        'Last delivery: Delivered (HTTP 200)',
      );
      await expect(page.getByText(secret)).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
});
