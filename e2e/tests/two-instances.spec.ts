import { expect, type Page, test as base } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import {
  startTwoInstances,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TwoInstances,
} from '../support/two-instances';

// Two instances behind one PostgreSQL and one Redis (issue 32, ADR 0026 and 0027): what is
// written through one instance reaches a page served by the other live, through Redis.

const test = base.extend<object, { instances: TwoInstances }>({
  instances: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their deps this way
    async ({}, use) => {
      const instances = await startTwoInstances();
      await use(instances);
      await instances.stop();
    },
    { scope: 'worker' },
  ],
  // The browser is on the second instance; the writes go through the first.
  baseURL: async ({ instances }, use) => {
    await use(instances.second.url);
  },
});

async function ok<T>(response: Promise<{ status: () => number; json: () => Promise<unknown> }>) {
  const answer = await response;
  expect(answer.status(), 'the API accepted the request').toBeLessThan(300);
  return (await answer.json()) as T;
}

/** Opens a page once it is interactive (support/fixtures.ts does the same for one server). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
}

const listLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('region', { name: 'Lists' })
    .locator(':scope > ul')
    .getByRole('link');

const section = (page: Page, name: string) =>
  page.getByRole('main').getByRole('region', { name: new RegExp(`^${name}`) });

test.describe('Two instances behind PostgreSQL and Redis', () => {
  // .ci/run sets both: under CI their absence fails the tests (the fixture says why) rather than
  // skipping them.
  test.skip(
    process.env.CI !== 'true' && (!TEST_DATABASE_URL || !TEST_REDIS_URL),
    'Needs PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets them)',
  );
  // Signs up and waits for several changes to cross from one instance to the other.
  test.slow();

  test('a list made and renamed, a section and a todo moved into it on one show live on the other', async ({
    page,
    instances,
  }) => {
    await createVerifiedUser(page.request, instances.second);
    const onFirst = (path: string) => `${instances.first.url}${path}`;
    await open(page, '/dashboard/todos');
    await expect(listLinks(page)).toHaveText(['Inbox']);

    // Made, then renamed, through the first instance: the second's sidebar follows.
    const work = await ok<{ id: string }>(
      page.request.post(onFirst('/api/lists'), { data: { name: 'Work' } }),
    );
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work']);
    await ok(page.request.patch(onFirst(`/api/lists/${work.id}`), { data: { name: 'Office' } }));
    await expect(listLinks(page)).toHaveText(['Inbox', 'Office']);

    // The list's page, served by the second, while the first adds a todo and a section to it and
    // moves the todo into the section.
    await page.getByRole('link', { name: 'Office' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Office' })).toBeVisible();
    const report = await ok<{ id: string }>(
      page.request.post(onFirst('/api/todos'), {
        data: { title: 'Write the report', listId: work.id },
      }),
    );
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Write the report' }),
    ).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Office 1 item']);
    const calls = await ok<{ id: string }>(
      page.request.post(onFirst('/api/sections'), { data: { listId: work.id, name: 'Calls' } }),
    );
    await expect(section(page, 'Calls').getByText('No todos in this section')).toBeVisible();
    await ok(
      page.request.patch(onFirst(`/api/todos/${report.id}`), { data: { sectionId: calls.id } }),
    );
    await expect(
      section(page, 'Calls').getByRole('heading', { name: 'Write the report' }),
    ).toBeVisible();
    await expect(section(page, 'Calls').getByText('No todos in this section')).toBeHidden();
  });
});
