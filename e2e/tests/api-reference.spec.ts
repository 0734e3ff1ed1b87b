import { expect, test } from '../support/fixtures';

test.describe('API reference', () => {
  test('renders every group of the API under the app’s own Content Security Policy', async ({
    context,
  }) => {
    // A fresh page: the fixture's page waits for the React app, which this page is not.
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI parses a 1.7 MB script and then renders ~140 KB of OpenAPI: a few seconds on a
    // quiet machine, several times that beside another test worker on two cores.
    await expect(page.getByRole('heading', { name: /Daywise API/ })).toBeVisible({
      timeout: 30_000,
    });
    // Operations are listed by tag, each expandable to its schemas.
    await expect(page.getByRole('heading', { name: 'Todos' })).toBeVisible();
    await expect(page.getByText('/api/todos/{id}').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
