import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** The signed-in pages and the heading each is drawn with. */
const SIGNED_IN_PAGES = [
  ['/dashboard', 'Welcome back, Grace!'],
  ['/dashboard/today', 'Today'],
  ['/dashboard/upcoming', 'Upcoming'],
  ['/dashboard/daily-goals', 'Daily Goals'],
  ['/dashboard/social', 'Social'],
  ['/dashboard/profile', 'Profile'],
  ['/dashboard/settings', 'Settings'],
  // A list's page, here the Inbox's (one shell for every list, ADR 0029).
  ['/dashboard/lists/inbox', 'Inbox'],
  // Last: the time-zone test goes on with its filters. A filter in the query, and an order this
  // browser remembers, which the server cannot know.
  ['/dashboard/todos?priority=low', 'My Todos'],
] as const;

/**
 * Between them, these two zones are on another date than UTC, where the server draws the dates,
 * at every hour of the day: UTC+14 from 10:00 UTC, UTC-12 until 12:00 UTC.
 */
const FAR_ZONES = ['Pacific/Kiritimati', 'Etc/GMT+12'];

test.describe('A signed-in page’s first screen', () => {
  test('comes drawn for its user, their data on it, before any code runs', async ({
    browser,
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Grace Hopper');
    expect(
      (await page.request.post('/api/todos', { data: { title: 'Water the plants' } })).status(),
    ).toBe(201);
    // The first signed-in page is the browser's to draw: it makes the settings from its time zone.
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Grace!' }),
    ).toBeVisible();
    // Without JavaScript: what the server sent, and all a slow phone shows until the code is in.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const drawn = await noScript.newPage();
    for (const [path, heading] of SIGNED_IN_PAGES) {
      await drawn.goto(`${server.url}${path}`);
      await expect(drawn.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(
        drawn.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Todos' }),
      ).toBeVisible();
    }
    // The reads the pages make were made by the server and drawn.
    await drawn.goto(`${server.url}/dashboard/todos`);
    await expect(drawn.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
    await noScript.close();
  });

  for (const timezoneId of FAR_ZONES) {
    test(`is taken over by the code as drawn, in ${timezoneId}, without reading the session again`, async ({
      browser,
      page,
      server,
    }) => {
      // Eight pages loaded, each until it is interactive.
      test.slow();
      await createVerifiedUser(page.request, server, 'Grace Hopper');
      expect(
        (
          await page.request.post('/api/todos', {
            data: { title: 'Water the plants', priority: 'low' },
          })
        ).status(),
      ).toBe(201);
      const context = await browser.newContext({
        storageState: await page.context().storageState(),
        timezoneId,
      });
      await context.addInitScript(() => window.localStorage.setItem('daywise.todoSort', 'due'));
      const tab = await context.newPage();
      const sessionReads: string[] = [];
      const errors: string[] = [];
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/account/session') {
          sessionReads.push(request.url());
        }
      });
      // A page that does not hydrate as drawn is an error in the console.
      tab.on('console', (message) => {
        if (message.type() === 'error') {
          errors.push(`${tab.url()}: ${message.text()}`);
        }
      });
      tab.on('pageerror', (error) => errors.push(`${tab.url()}: ${error.message}`));
      // The first signed-in page is the browser's to draw, and reads the session: it makes the
      // settings, in this zone. Every page after it is drawn by the server, in that zone too.
      await tab.goto(`${server.url}/dashboard`);
      await expect(tab.locator('html[data-ready]')).toHaveCount(1);
      await expect(
        tab.getByRole('heading', { level: 1, name: 'Welcome back, Grace!' }),
      ).toBeVisible();
      sessionReads.length = 0;
      for (const [path, heading] of SIGNED_IN_PAGES) {
        await tab.goto(`${server.url}${path}`);
        await expect(tab.locator('html[data-ready]')).toHaveCount(1);
        await expect(tab.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      }
      await expect(tab.getByRole('combobox', { name: 'Sort todos' })).toHaveValue('due');
      await expect(tab.getByRole('list', { name: 'Active filters' })).toContainText(
        'Priority: Low',
      );
      await expect(tab.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
      // The ids React gave the drawn page are the ones it gives what it draws next: a control
      // names the part it opens. The filter in the query opened the panel; it is drawn again.
      const filters = tab.getByRole('button', { name: 'Filters' });
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'false');
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      const panel = await filters.getAttribute('aria-controls');
      await expect(tab.locator(`[id="${panel}"]`).getByLabel('Status')).toBeVisible();
      // Hydrated: the links are the router's.
      await tab
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await expect(tab.getByRole('region', { name: /(Tip|Quote) of the Day/ })).toBeVisible();
      expect(errors).toEqual([]);
      expect(sessionReads).toEqual([]);
      await context.close();
    });
  }
});
