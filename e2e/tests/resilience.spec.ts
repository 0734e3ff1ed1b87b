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
