import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toastsSettled } from '../support/locators';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls the window to the bottom of the page and answers where it ended up. */
async function scrollToBottom(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(300);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  return scrollY(page);
}

test.describe('Navigation', () => {
  test('a public page opens at its top; back returns to where the visitor was', async ({
    page,
  }) => {
    await page.goto('/faq');
    const bottom = await scrollToBottom(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Daywise' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(bottom);
  });

  test('home offers a signed-in visitor the dashboard; back from a page returns to where they were', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    const bottom = await scrollToBottom(page);
    // The home page has an entry of its own, without the router: its links load the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Daywise' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /Plan your day/ })).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(bottom);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a dashboard section opens at its top', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
    await scrollToBottom(page);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('with 24 todos, a section opens at its top at once, and back returns straight to where the user left', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 640 });
    await createVerifiedUser(page.request, server);
    for (let n = 1; n <= 24; n += 1) {
      expect((await page.request.post('/api/todos', { data: { title: `Todo ${n}` } })).ok()).toBe(
        true,
      );
    }
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (24)' })).toBeVisible();
    await expect(page.getByText('Todo 1', { exact: true })).toBeVisible();
    const bottom = await scrollToBottom(page);
    // Every position the page takes from here on: a glide would pass through others.
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { seenScroll: seen });
      window.addEventListener('scroll', () => seen.push(window.scrollY));
    });
    const seen = () =>
      page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll.splice(0));
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    expect(new Set(await seen())).toEqual(new Set([0]));

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(bottom);
    expect(new Set(await seen())).toEqual(new Set([bottom]));
  });

  test('each public page names itself in the tab, in the served HTML too', async ({ page }) => {
    const pages = [
      ['/', 'Daywise – plan your day, keep your streak'],
      ['/about', 'About · Daywise'],
      ['/faq', 'FAQ · Daywise'],
      ['/login', 'Login · Daywise'],
    ] as const;
    for (const [path, title] of pages) {
      const html = await (await page.request.get(path)).text();
      expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${title}</title>`]);
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveTitle('Contact · Daywise');
  });

  test('each dashboard section names itself in the tab and the header, with one heading', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const html = await (await page.request.get('/dashboard/todos')).text();
    expect(html).toContain('<title>Todos · Daywise</title>');
    await page.goto('/dashboard/todos');
    await expect(page).toHaveTitle('Todos · Daywise');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const [link, heading] of [
      ['Settings', 'Settings'],
      ['Social', 'Social'],
      ['Dashboard', /Welcome back/],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${link} · Daywise`);
      await expect(page.getByRole('banner').getByText(link, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    }
  });
});

test.describe('On a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the menu links are finger-sized', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Home', 'About', 'FAQ', 'Login', 'Sign Up']) {
      const box = await menu.getByRole('link', { name, exact: true }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    for (const name of ['Close menu', 'Switch to dark theme']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(Math.min(box!.width, box!.height), name).toBeGreaterThanOrEqual(44);
    }
  });

  test("the signed-in menu's links and buttons are finger-sized too", async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard');
    const open = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    expect(Math.min(open!.width, open!.height), 'Open menu').toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Navigation' });
    for (const name of ['Dashboard', 'Todos', 'Daily Goals', 'Social', 'Settings']) {
      const box = await menu.getByRole('link', { name, exact: true }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    const close = await menu.getByRole('button', { name: 'Close menu' }).boundingBox();
    expect(Math.min(close!.width, close!.height), 'Close menu').toBeGreaterThanOrEqual(44);
  });

  test('a toast does not cover the header', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('Just saying hello.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByText("Message sent successfully! We'll get back to you soon.");
    await expect(toast).toBeVisible();
    await toastsSettled(page);
    const header = await page.getByRole('banner').boundingBox();
    const toastBox = await page.locator('[data-sonner-toast]').boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test('every daily-goals tab is in sight and the arrow keys still move between them', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/daily-goals');
    const tabs = page.getByRole('tablist', { name: 'Daily goals' }).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const tab of await tabs.all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: "Today's Goals" }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Manage Tags' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Manage Tags' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
