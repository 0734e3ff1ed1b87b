import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  devices,
  type Page,
} from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toastsSettled } from '../support/locators';
import { PUBLIC_PAGES } from '../support/pages';
import type { RunningServer } from '../support/server';

// Issue 13: axe finds no violation at all, whatever its impact, on every page, light and dark,
// desktop and phone.

const PAGES = [...PUBLIC_PAGES, { path: '/no/such/page', heading: 'Page not found' }] as const;

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    options: {
      viewport: devices['Pixel 5'].viewport,
      deviceScaleFactor: devices['Pixel 5'].deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

const THEMES = ['light', 'dark'] as const;
type ThemeName = (typeof THEMES)[number];

const TODO_TITLE = 'Water the plants';
const PLAN_TITLE = 'Ship the release';
const FRIEND_NAME = 'Grace Hopper';
const LIST_NAME = 'Errands';
const LIST_TODO = 'Post the letters';

/** Every axe violation on the page as it is now, any impact, in a form that reads in a diff. */
async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  // Soft: one run reports every page's violations, not only the first page's.
  expect.soft(violations, label).toEqual([]);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
}

/** A browser context in the viewport and theme asked for; the theme is the stored choice. */
async function openContext(
  browser: Browser,
  server: RunningServer,
  theme: ThemeName,
  options: (typeof VIEWPORTS)[number]['options'],
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL: server.url });
  await context.addInitScript((stored) => {
    window.localStorage.setItem('daywise-theme', stored);
  }, theme);
  return context;
}

async function expectTheme(page: Page, theme: ThemeName): Promise<void> {
  if (theme === 'dark') {
    await expect(page.locator('html')).toHaveClass(/dark/);
  } else {
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  }
}

/**
 * A todo, a list holding another, today's plan with a task, and a friend: every section has
 * something to show. Answers the list's id.
 */
async function seedData(
  request: APIRequestContext,
  browser: Browser,
  server: RunningServer,
): Promise<string> {
  expect(
    (await request.post('/api/todos', { data: { title: TODO_TITLE, priority: 'high' } })).status(),
  ).toBe(201);
  const list = await request.post('/api/lists', { data: { name: LIST_NAME } });
  expect(list.status()).toBe(201);
  const { id: listId } = (await list.json()) as { id: string };
  expect((await request.post('/api/todos', { data: { title: LIST_TODO, listId } })).status()).toBe(
    201,
  );
  expect(
    (
      await request.post('/api/plans', {
        data: { title: PLAN_TITLE, tasks: [{ title: 'Write changelog', priority: 'high' }] },
      })
    ).status(),
  ).toBe(201);

  const friendContext = await browser.newContext({ baseURL: server.url });
  try {
    const friend = await createVerifiedUser(friendContext.request, server, FRIEND_NAME);
    const visible = await friendContext.request.patch('/api/settings', {
      data: { group: 'privacy', key: 'profileVisibility', value: 'public' },
    });
    expect(visible.ok()).toBe(true);
    const found = await request.get(`/api/users/search?q=${encodeURIComponent(friend.email)}`);
    const { results } = (await found.json()) as { results: { id: string }[] };
    const sent = await request.post('/api/friend-requests', {
      data: { toUserId: results[0]?.id },
    });
    expect(sent.status()).toBe(201);
    const { requests } = (await (
      await friendContext.request.get('/api/friend-requests')
    ).json()) as { requests: { id: string }[] };
    const accepted = await friendContext.request.post(
      `/api/friend-requests/${requests[0]?.id}/accept`,
    );
    expect(accepted.status()).toBe(200);
  } finally {
    await friendContext.close();
  }
  return listId;
}

for (const { name: viewportName, options } of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`Accessibility, ${viewportName}, ${theme}`, () => {
      test('every public page has no axe violation of any impact', async ({ browser, server }) => {
        // Fifteen full axe scans, a few seconds each on a loaded machine.
        test.setTimeout(240_000);
        const context = await openContext(browser, server, theme, options);
        const page = await context.newPage();
        for (const { path, heading } of PAGES) {
          await visit(page, path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expectTheme(page, theme);
          await expectNoA11yViolations(page, path);
        }
        // The FAQ with nothing found, and with the category links below the hint.
        await visit(page, '/faq');
        await page.getByRole('searchbox', { name: 'Search questions' }).fill('zebra crossing');
        await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
        await expectNoA11yViolations(page, '/faq, no results');
        await page
          .getByRole('list', { name: 'Categories' })
          .getByRole('button', { name: 'Technical Support' })
          .click();
        await expect(
          page.getByRole('heading', { level: 2, name: 'Technical Support' }),
        ).toBeFocused();
        await context.close();
      });

      test('every dashboard section and its dialogs have no axe violation of any impact', async ({
        browser,
        server,
      }) => {
        test.setTimeout(240_000);
        const context = await openContext(browser, server, theme, options);
        const page = await context.newPage();
        await createVerifiedUser(page.request, server);
        const listId = await seedData(page.request, browser, server);

        await visit(page, '/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
        await expect(page.getByText('0% of todos added today')).toBeVisible();
        await expectTheme(page, theme);
        await expectNoA11yViolations(page, '/dashboard');

        await visit(page, '/dashboard/today');
        await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
        await expect(
          page.getByRole('listitem').filter({ hasText: 'Write changelog' }),
        ).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/today');

        await visit(page, '/dashboard/upcoming');
        await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
        await expect(page.getByText('Nothing due in the next 7 days')).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/upcoming');

        await visit(page, '/dashboard/calendar');
        await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
        await expect(
          page.getByRole('main').getByRole('link', { name: 'Write changelog' }),
        ).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/calendar');

        await visit(page, '/dashboard/todos');
        await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
        await expect(page.getByRole('listitem').filter({ hasText: TODO_TITLE })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/todos');
        await page.getByRole('button', { name: 'New Todo' }).click();
        await expect(page.getByRole('dialog', { name: 'Create New Todo' })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/todos, todo dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Create New Todo' })).toBeHidden();

        await visit(page, `/dashboard/lists/${listId}`);
        await expect(page.getByRole('heading', { level: 1, name: LIST_NAME })).toBeVisible();
        await expect(page.getByRole('listitem').filter({ hasText: LIST_TODO })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/lists/:id');
        await page.getByRole('button', { name: `Move "${LIST_TODO}" to…` }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/lists/:id, Move to… menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
        await visit(page, '/dashboard/lists/inbox');
        await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/lists/inbox');
        if (viewportName === 'phone') {
          // The lists are in the phone's menu.
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
        }
        await page.getByRole('button', { name: 'New list' }).click();
        await expect(page.getByRole('dialog', { name: 'New list' })).toBeVisible();
        await expectNoA11yViolations(page, 'New list dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'New list' })).toBeHidden();
        if (viewportName === 'phone') {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
        }

        await visit(page, '/dashboard/daily-goals');
        await expect(page.getByRole('heading', { name: PLAN_TITLE })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/daily-goals');
        await page.getByRole('button', { name: 'Edit Plan' }).click();
        await expect(page.getByRole('dialog', { name: 'Edit Daily Goal Plan' })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/daily-goals, plan dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Edit Daily Goal Plan' })).toBeHidden();
        for (const tab of ['Daily Completions', 'Manage Tags']) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
          await expectNoA11yViolations(page, `/dashboard/daily-goals, ${tab}`);
        }

        await visit(page, '/dashboard/social');
        await expect(page.getByRole('heading', { level: 1, name: 'Social' })).toBeVisible();
        await expect(page.getByText(FRIEND_NAME).first()).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/social');
        for (const tab of ['Chat', 'Shared Plans']) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
          await expectNoA11yViolations(page, `/dashboard/social, ${tab}`);
        }

        await visit(page, '/dashboard/profile');
        await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
        await expect(page.getByRole('main').getByText('Ada Lovelace').first()).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/profile');

        await visit(page, '/dashboard/settings');
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        await expectNoA11yViolations(page, '/dashboard/settings');
        await context.close();
      });
    });
  }
}

test('toasts read at 4.5:1 at least in the light theme, success and error alike', async ({
  page,
  server,
}) => {
  await createVerifiedUser(page.request, server);
  expect((await page.request.post('/api/todos', { data: { title: TODO_TITLE } })).status()).toBe(
    201,
  );
  await visit(page, '/dashboard/todos');
  await page.getByRole('checkbox', { name: `Mark "${TODO_TITLE}" as completed` }).click();
  await expect(page.getByText('Todo completed!')).toBeVisible();
  await page.route('**/api/todos/*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Failed' } } }),
  );
  await page.getByRole('checkbox', { name: `Mark "${TODO_TITLE}" as pending` }).click();
  await expect(page.getByText('Failed to update todo')).toBeVisible();
  // Pointing at the toasts keeps them (sonner pauses their timers) and spreads them apart.
  await page.locator('[data-sonner-toast]').first().hover();
  await toastsSettled(page);
  const results = await new AxeBuilder({ page }).include('[data-sonner-toaster]').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
