import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.describe('On a phone', () => {
  test('the menu opens, takes the visitor to a page and closes', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    await expect(menu).toBeHidden();
    // The home page's links load the page they name; its menu answers once it has hydrated.
    await expect(page.locator('html[data-ready]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of [
      '/',
      '/about',
      '/features',
      '/contact',
      '/faq',
      '/feedback',
      '/privacy',
      '/terms',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
