import { expect, test } from '../support/fixtures';
import { PUBLIC_PAGES } from '../support/pages';

test.describe('Public pages', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} loads directly, with the shared chrome and no serious accessibility issue`, async ({
      page,
      expectNoSeriousA11yViolations,
    }) => {
      // Two full axe scans (light and dark) of a long page: on a loaded machine that alone can
      // take most of the default 30 s.
      test.slow();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const item of ['Home', 'About', 'Features', 'Contact', 'FAQ', 'Login', 'Sign Up']) {
        await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
      }
      const footer = page.getByRole('contentinfo');
      for (const item of [
        'About',
        'Features',
        'Contact',
        'Feedback',
        'Privacy Policy',
        'Terms of Service',
      ]) {
        await expect(footer.getByRole('link', { name: item, exact: true })).toBeVisible();
      }
      await expectNoSeriousA11yViolations();
      // Dark mode has its own colours; they must be as readable.
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expectNoSeriousA11yViolations();
      expect(errors).toEqual([]);
    });
  }

  test('public pages arrive as HTML and hydrate without errors, in either theme', async ({
    page,
    request,
  }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text();
      const title = typeof heading === 'string' ? heading : 'Plan your day.';
      expect(html, path).toContain(title);
    }
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('daywise-theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(errors).toEqual([]);
  });

  test('the navigation bar and footer take the visitor to every page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await nav.getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Feedback' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Share Your Feedback' }),
    ).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Plan your day/ })).toBeVisible();
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Daywise' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the legal pages carry their anchor sections', async ({ page }) => {
    await page.goto('/privacy');
    for (const id of ['collection', 'usage', 'protection', 'rights']) {
      await expect(page.locator(`#${id}`)).toBeVisible();
    }
    await page.goto('/terms#accounts');
    for (const id of ['acceptance', 'service', 'accounts', 'use']) {
      await expect(page.locator(`#${id}`)).toBeVisible();
    }
    await expect(page.locator('#accounts')).toBeInViewport();
  });

  test('home shows the stats, records the email box locally and clears it', async ({ page }) => {
    await page.goto('/');
    for (const stat of ['1K+', '10K+', '99.9%', '4.5']) {
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    }
    let apiCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/')) {
        apiCalls += 1;
      }
    });
    const email = page.getByLabel('Email address');
    await email.fill('reader@example.com');
    await page.getByRole('button', { name: 'Keep me posted' }).click();
    await expect(page.getByText("Thanks! We'll keep you posted.")).toBeVisible();
    await expect(email).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('daywise-cta-emails'))).toBe(
      '["reader@example.com"]',
    );
    expect(apiCalls).toBe(0);
  });

  test('features lists eight cards', async ({ page }) => {
    await page.goto('/features');
    await expect(page.locator('main ul').first().locator(':scope > li')).toHaveCount(8);
  });

  test('any other path shows Page not found, with the navigation still there', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown API paths answer JSON, not the page', async ({ request }) => {
    const response = await request.get('/api/no-such-thing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
});
