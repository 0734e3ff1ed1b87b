import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The user lives in New York: the reminder's 09:00 is 09:00 there.
test.use({ timezoneId: 'America/New_York' });

// Monday 23 November 2026, 08:58 in New York.
const MORNING = new Date('2026-11-23T13:58:00Z');

test.describe('Reminders in the open tab', () => {
  test('a todo reminder shows in the page at its time, and not before', async ({
    page,
    server,
  }) => {
    // Notifications are not granted, so the in-tab scheduler shows the reminder in the page.
    await page.clock.install({ time: MORNING });
    await createVerifiedUser(page.request, server);
    const created = await page.request.post('/api/todos', {
      data: { title: 'Water the plants', description: 'The fern too', reminderTime: '09:00' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('listitem').filter({ hasText: 'Water the plants' })).toContainText(
      'Reminder 9:00 AM',
    );
    const reminder = page.getByRole('dialog', { name: 'Reminder: Water the plants' });

    // The clock stands still from here on, whatever the test's own pace: at 08:59:50, ten
    // seconds early, nothing.
    await page.clock.pauseAt(new Date('2026-11-23T13:59:50Z'));
    await page.clock.runFor(1_000);
    await expect(reminder).toBeHidden();

    // 09:00:01: the reminder, once.
    await page.clock.runFor(10_000);
    await page.clock.resume();
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText('The fern too');
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });
});

/** The reminder time of this minute in UTC, the user's zone until chosen: it fires at once. */
const thisMinute = () => new Date().toISOString().slice(11, 16);

/** The answer to a tab's "may I show this reminder?" (ADR 0019, 2026-11-28). */
const claimAnswer = async (page: Page) =>
  (
    await page.waitForResponse((response) =>
      response.url().endsWith('/api/notifications/reminders/claim'),
    )
  ).json() as Promise<{ show: boolean }>;

test.describe('A reminder reaches its user once', () => {
  test('a page opened after the reminder was emailed does not show it again', async ({
    page,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server);
    // The settings are made in UTC now, so the page's first read does not move them to its zone.
    expect((await page.request.get('/api/settings')).ok()).toBe(true);
    const created = await page.request.post('/api/todos', {
      data: { title: 'Call Grandma', reminderTime: thisMinute() },
    });
    expect(created.status()).toBe(201);
    await expect
      .poll(async () => (await server.mailbox.latestTo(email)).subject, { timeout: 15_000 })
      .toBe('Reminder: Call Grandma');

    // The reminder passed less than 2 minutes ago, so the new page's timer fires; the server
    // says it was delivered.
    const answer = claimAnswer(page);
    await page.goto('/dashboard/todos');
    expect(await answer).toEqual({ show: false });
    await expect(page.getByRole('dialog', { name: 'Reminder: Call Grandma' })).toHaveCount(0);
  });

  test('two tabs open when it comes due show it once between them', async ({
    page,
    context,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    // No email and no push device: the server leaves the reminder to the open tabs.
    const off = await page.request.patch('/api/settings', {
      data: { group: 'notifications', key: 'email', value: false },
    });
    expect(off.status()).toBe(200);
    const created = await page.request.post('/api/todos', {
      data: { title: 'Call Grandma', reminderTime: thisMinute() },
    });
    expect(created.status()).toBe(201);

    // Both tabs open within its 2 minutes of grace, so both timers fire.
    const tabs = [page, await context.newPage()];
    const answers = tabs.map(async (tab) => {
      const answer = claimAnswer(tab);
      await tab.goto('/dashboard/todos');
      return (await answer).show;
    });
    const shown = await Promise.all(answers);
    expect([...shown].sort()).toEqual([false, true]);
    const dialogs = tabs.map((tab) => tab.getByRole('dialog', { name: 'Reminder: Call Grandma' }));
    await expect(dialogs[shown.indexOf(true)]!).toBeVisible();
    await expect(dialogs[shown.indexOf(false)]!).toHaveCount(0);
  });
});

test.describe('The installable app', () => {
  // These tests are about the worker itself (see playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('every page links the manifest, which names the app and its icons', async ({
    page,
    server,
  }) => {
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Daywise', start_url: '/dashboard', display: 'standalone' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of body.icons) {
      const image = await page.request.get(icon.src);
      expect(image.ok(), icon.src).toBe(true);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }

    // A public page, a signed-in page's shell, and the plain shell.
    await createVerifiedUser(page.request, server);
    for (const path of ['/', '/dashboard/todos', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute(
        'href',
        '/manifest.webmanifest',
      );
    }
  });

  test('without notifications, a page that cannot load shows the offline page, which returns by itself', async ({
    page,
    server,
    context,
  }) => {
    // Notifications were never allowed: the worker is registered for every visitor anyway.
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/settings');
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toBeVisible();

    // Back online, the page loads again without Try Again.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  });
});
