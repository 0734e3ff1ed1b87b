import type { Page } from '@playwright/test';

import { expect, test } from '../support/fixtures';

const html = (page: Page) => page.locator('html');

test.describe('Theme', () => {
  test('starts light, toggles to dark, and stays dark after a reload without a flash', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html(page)).toHaveClass(/dark/);

    // Hold back the app's JavaScript: until releaseScripts() none of it has run, and the dark
    // class must already be on <html> (the prerendered page is painted in the right theme).
    let releaseScripts: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    await expect(html(page)).toHaveClass(/dark/);
    releaseScripts();

    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html(page)).not.toHaveClass(/dark/);
  });

  test('the system theme follows the operating system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('daywise-theme', 'system'));
    await page.reload();
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/dark/);
  });
});
