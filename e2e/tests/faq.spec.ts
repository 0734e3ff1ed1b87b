import { expect, test } from '../support/fixtures';

test.describe('FAQ', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/faq');
  });

  test('lists four categories of four questions, each expandable', async ({ page }) => {
    for (const category of [
      'General Questions',
      'Account & Billing',
      'Features & Functionality',
      'Technical Support',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    }
    const questions = page.getByRole('button', { expanded: false });
    await expect(questions).toHaveCount(16);

    const firstQuestion = (await questions.first().textContent()) ?? '';
    const first = page.getByRole('button', { name: firstQuestion });
    const answerId = await first.getAttribute('aria-controls');
    await expect(page.locator(`#${answerId}`)).toBeHidden();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${answerId}`)).toBeVisible();
    await first.click();
    await expect(page.locator(`#${answerId}`)).toBeHidden();
  });

  test('searches questions, answers and categories, ignoring case, after a pause', async ({
    page,
  }) => {
    // The page's time moves only as the test moves it, so 'Searching...' is seen for certain
    // before the pause ends, however slowly the test is polled.
    await page.clock.install();
    await page.goto('/faq');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const search = page.getByRole('searchbox', { name: 'Search questions' });
    const status = page.getByRole('status');

    await search.fill('PASSWORD');
    await expect(status).toHaveText('Searching...');
    await page.clock.runFor(300);
    await expect(status).toHaveText(/^Found \d+ result\(s\) for "PASSWORD"$/);
    const count = Number((await status.textContent())?.match(/Found (\d+)/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByRole('button', { expanded: false })).toHaveCount(count);

    // A category name matches every question in it.
    await search.fill('technical support');
    await page.clock.runFor(300);
    await expect(status).toHaveText(/^Found [4-9]\d* result\(s\) for "technical support"$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Technical Support' })).toBeVisible();

    await search.fill('zebra crossing');
    await page.clock.runFor(300);
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search terms or browse the categories below.'),
    ).toBeVisible();

    await search.fill('');
    await expect(page.getByRole('button', { expanded: false })).toHaveCount(16);
    await expect(status).toHaveText('');
  });
});
