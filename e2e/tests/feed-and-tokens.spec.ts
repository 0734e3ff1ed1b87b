import { request as playwrightRequest } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { reloadAfterDialogs } from '../support/history';

test.describe('Calendar feed and API tokens', () => {
  test('a token made in Settings reads todos until it is revoked', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    expect(
      (await page.request.post('/api/todos', { data: { title: 'Water the plants' } })).status(),
    ).toBe(201);

    await page.goto('/dashboard/settings');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
    await tokens.getByLabel('Token name').fill('Daily summary');
    await tokens.getByLabel('Access').selectOption('Read only');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const shown = tokens.getByRole('textbox', { name: 'Token "Daily summary"' });
    await expect(shown).toHaveValue(/^dw_[A-Za-z0-9_-]{43}$/);
    await expect(tokens.getByText('It will not be shown again', { exact: false })).toBeVisible();
    const secret = await shown.inputValue();

    // A script: no cookie, only the token.
    const script = await playwrightRequest.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { authorization: `Bearer ${secret}` },
    });
    try {
      const todos = await script.get('/api/todos');
      expect(todos.status()).toBe(200);
      expect(((await todos.json()) as { items: { title: string }[] }).items).toEqual([
        expect.objectContaining({ title: 'Water the plants' }),
      ]);
      // A read token cannot write.
      expect((await script.post('/api/todos', { data: { title: 'Nope' } })).status()).toBe(403);

      await tokens.getByRole('button', { name: 'Done' }).click();
      await reloadAfterDialogs(page);
      const list = page.getByRole('list', { name: 'API tokens' });
      await expect(list.getByRole('listitem')).toHaveText([/Daily summary.*Read only.*Last used/]);

      await list.getByRole('button', { name: 'Revoke Daily summary' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Scripts using it will stop working at once.');
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByText('No API tokens yet.')).toBeVisible();

      expect((await script.get('/api/todos')).status()).toBe(401);
    } finally {
      await script.dispose();
    }
  });

  test('the feed address copied from Settings opens the calendar without signing in', async ({
    page,
    context,
    server,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await createVerifiedUser(page.request, server);
    const today = (await (await page.request.get('/api/agenda/today')).json()) as { date: string };
    expect(
      (
        await page.request.post('/api/todos', {
          data: { title: 'Renew passport', dueDate: today.date },
        })
      ).status(),
    ).toBe(201);

    await page.goto('/dashboard/settings');
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await expect(feed.getByText('Your calendar feed is off.')).toBeVisible();
    await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();
    await expect(feed.getByRole('textbox', { name: 'Feed address' })).toHaveValue(
      /\/api\/calendar\/.+\.ics$/,
    );
    await feed.getByRole('button', { name: 'Copy feed address' }).click();
    await expect(page.getByText('Copied to the clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await feed.getByRole('textbox', { name: 'Feed address' }).inputValue());

    const calendarApp = await playwrightRequest.newContext();
    try {
      const response = await calendarApp.get(copied);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const body = await response.text();
      expect(body).toContain('X-WR-CALNAME:Daywise');
      expect(body).toContain('SUMMARY:Renew passport');
      expect(body).toContain(`DTSTART;VALUE=DATE:${today.date.replaceAll('-', '')}`);

      // A new address: the copied one stops working.
      await feed.getByRole('button', { name: 'New address' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Make new address' }).click();
      await expect(feed.getByRole('textbox', { name: 'Feed address' })).not.toHaveValue(copied);
      expect((await calendarApp.get(copied)).status()).toBe(404);
      const next = await feed.getByRole('textbox', { name: 'Feed address' }).inputValue();
      expect((await calendarApp.get(next)).status()).toBe(200);
    } finally {
      await calendarApp.dispose();
    }
  });
});
