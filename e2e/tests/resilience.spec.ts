import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const OFFLINE = "You're offline. Changes will not be saved until the connection is back.";

/** The todo list reads, not the counters (`/api/todos/stats`). */
const isListRead = (url: URL) => url.pathname === '/api/todos';

const pendingList = (page: Page) => page.getByRole('region', { name: /Pending Tasks/ });

test.describe('Resilience', () => {
  test('Back closes the todo dialog and keeps the page; closing it otherwise leaves no extra step', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const seeded = await page.request.post('/api/todos', { data: { title: 'Buy milk' } });
    expect(seeded.status()).toBe(201);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Todos' }).click();
    await expect(page.getByRole('heading', { name: 'My Todos' })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search todos' });
    await search.fill('milk');
    // The search is in the address once typing pauses.
    await expect(page).toHaveURL(/q=milk/);
    await expect(pendingList(page).getByRole('heading', { name: 'Buy milk' })).toBeVisible();

    // Cancel: the dialog's history entry goes with it.
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Call the bank');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Back: the dialog closes, the page and its search stay.
    await page.getByRole('button', { name: 'New Todo' }).click();
    await dialog.getByLabel('Title').fill('Water the plants');
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/todos\?q=milk/);
    await expect(search).toHaveValue('milk');
    await expect(pendingList(page).getByRole('heading', { name: 'Buy milk' })).toBeVisible();

    // Neither dialog left a step behind: the next Back leaves the page.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  });

  test('offline: the notice shows, a failed load offers Try Again and reloads once online', async ({
    page,
    context,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const seeded = await page.request.post('/api/todos', { data: { title: 'Buy milk' } });
    expect(seeded.status()).toBe(201);
    await page.goto('/dashboard/todos');
    await expect(pendingList(page).getByRole('heading', { name: 'Buy milk' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeHidden();

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search todos' });
    await search.fill('bread');
    await expect(pendingList(page).getByText('Failed to load todos')).toBeVisible();
    await expect(pendingList(page).getByRole('button', { name: 'Try Again' })).toBeVisible();

    // Back online, the list that failed is read again by itself.
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toBeHidden();
    await expect(pendingList(page).getByText('No pending tasks')).toBeVisible();

    // A read that gets no answer says so; Try Again reads it again once the server answers.
    await page.route(isListRead, (route) => route.abort('internetdisconnected'));
    await search.fill('milk');
    const tryAgain = pendingList(page).getByRole('button', { name: 'Try Again' });
    await expect(tryAgain).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
    await page.unroute(isListRead);
    await tryAgain.click();
    await expect(pendingList(page).getByRole('heading', { name: 'Buy milk' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeHidden();
  });
});

test.describe('While the server cannot be reached', () => {
  test('a page whose code cannot load says the server cannot be reached, and Try Again loads it', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'My Todos' })).toBeVisible();

    // The server stops answering: nothing gets through, the browser itself is online.
    await page.route('**/*', (route) => route.abort('connectionrefused'));
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Daily Goals' })
      .click();
    await expect(page.getByRole('heading', { name: 'Cannot reach the server' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toBeHidden();

    await page.unroute('**/*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Daily Goals' })).toBeVisible();
  });

  test('a todo created while the server did not answer is sent again, and made once', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    let refused = false;
    await page.route(isListRead, (route) => {
      if (route.request().method() === 'POST' && !refused) {
        refused = true;
        return route.abort('connectionrefused');
      }
      return route.fallback();
    });
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Plan the trip');
    await dialog.getByRole('button', { name: 'Create Todo' }).click();

    await expect(page.getByText('Todo created successfully!')).toBeVisible();
    expect(refused).toBe(true);
    await expect(pendingList(page).getByRole('heading', { name: 'Plan the trip' })).toHaveCount(1);
    const listed = await page.request.get('/api/todos');
    expect(((await listed.json()) as { items: unknown[] }).items).toHaveLength(1);
  });
});

test.describe('The phone menu and Back', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('Back closes the menu; a page chosen in it is one step back from the page before', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/profile');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    const menu = page.getByRole('dialog', { name: 'Navigation' });

    // Back with the menu open closes it and stays on the page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A page chosen in the menu: one Back returns to the dashboard, with the menu closed.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Todos' }).click();
    await expect(page.getByRole('heading', { name: 'My Todos' })).toBeVisible();
    await expect(menu).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await expect(menu).toBeHidden();

    // The page already shown, chosen in the menu, only closes it and leaves no step behind:
    // the next Back reaches the page before.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The menu's entry goes a moment after it closes (use-close-on-back.ts); a person's Back
    // comes later than that.
    await expect
      .poll(() => page.evaluate(() => (history.state as { daywiseDialogs?: [] }).daywiseDialogs))
      .toBeUndefined();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });
});
