import { expect, test } from '../support/fixtures';

interface OpenApi {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

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

    const document = (await (await page.request.get('/api/openapi.json')).json()) as OpenApi;
    const groups = [
      ...new Set(
        Object.values(document.paths).flatMap((operations) =>
          Object.values(operations).flatMap((operation) => operation.tags ?? []),
        ),
      ),
    ];
    expect(groups).toContain('Focus');

    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI parses a 1.7 MB script and then renders ~300 KB of OpenAPI: a few seconds on a
    // quiet machine, several times that beside another test worker on two cores.
    await expect(page.getByRole('heading', { name: /Daywise API/ })).toBeVisible({
      timeout: 30_000,
    });

    // Past 150 rows Swagger UI draws the list windowed, only the groups near the viewport being
    // in the page (ADR 0032, "The API reference"): scrolled through, every group is drawn.
    const drawn = new Set<string>();
    await expect
      .poll(
        async () => {
          const tags = await page
            .locator('h3[data-tag]')
            .evaluateAll((headings) => headings.map((heading) => heading.dataset.tag ?? ''));
          tags.forEach((tag) => drawn.add(tag));
          await page.mouse.wheel(0, 400);
          return groups.filter((group) => !drawn.has(group));
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toEqual([]);

    // The filter (by tag or path) finds a group without scrolling: the focus timer's changes are
    // documented.
    await page.getByPlaceholder('Filter by tag').fill('Focus');
    await expect(page.getByRole('heading', { level: 3, name: /^Focus\b/ })).toBeVisible();
    for (const action of ['start', 'pause', 'resume', 'skip', 'stop']) {
      await expect(page.getByText(`/api/focus/${action}`, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('/api/todos/{id}')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
