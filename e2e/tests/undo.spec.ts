import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { reloadAfterDialogs } from '../support/history';
import { toast } from '../support/locators';

const row = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

test.describe('Undo from the toast', () => {
  test('a deleted todo comes back with Undo and stays after a reload', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    expect((await page.request.post('/api/todos', { data: { title: 'Keep me' } })).status()).toBe(
      201,
    );
    await page.goto('/dashboard/todos');
    await row(page, 'Keep me').getByRole('button', { name: 'Delete "Keep me"' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No pending tasks')).toBeVisible();

    // From the keyboard: the Undo button is a real button.
    const undo = toast(page, 'Todo deleted successfully!').getByRole('button', { name: 'Undo' });
    await undo.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('checkbox', { name: 'Mark "Keep me" as completed' });
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    await expect(toast(page, 'Todo deleted successfully!')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    await expect(row(page, 'Keep me')).toBeVisible();
  });

  test('a deleted todo without Undo is gone after a reload', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    for (const title of ['Drop me', 'Stay']) {
      expect((await page.request.post('/api/todos', { data: { title } })).status()).toBe(201);
    }
    await page.goto('/dashboard/todos');
    await row(page, 'Drop me').getByRole('button', { name: 'Delete "Drop me"' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Todo deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    // The window ends with the toast; the delete has been sent by then.
    await expect(toast(page, 'Todo deleted successfully!')).toHaveCount(0);

    await page.reload();
    await expect(row(page, 'Stay')).toBeVisible();
    await expect(row(page, 'Drop me')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
  });

  test('a todo deleted just before a reload is gone after it', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    expect((await page.request.post('/api/todos', { data: { title: 'Quick' } })).status()).toBe(
      201,
    );
    await page.goto('/dashboard/todos');
    await row(page, 'Quick').getByRole('button', { name: 'Delete "Quick"' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Todo deleted successfully!')).toBeVisible();
    // Still within the undo window: the page going away sends the delete (pagehide, keepalive).
    await reloadAfterDialogs(page);
    await expect(page.getByText('No pending tasks')).toBeVisible();
  });

  test('a completed plan task is pending again after Undo', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    const plan = { title: 'Today', tasks: [{ title: 'Stretch' }, { title: 'Read' }] };
    expect((await page.request.post('/api/plans', { data: plan })).status()).toBe(201);
    await page.goto('/dashboard/daily-goals');
    await page.getByRole('checkbox', { name: 'Mark "Stretch" as completed' }).click();
    await expect(page.getByText('1 of 2 tasks (50%)')).toBeVisible();

    const undo = toast(page, 'Task completed').getByRole('button', { name: 'Undo' });
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Task marked as pending')).toBeVisible();
    await expect(page.getByText('0 of 2 tasks (0%)')).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'Mark "Stretch" as completed' });
    await expect(box).not.toBeChecked();
    await expect(box).toBeFocused();

    await page.reload();
    await expect(page.getByText('0 of 2 tasks (0%)')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Stretch" as completed' }),
    ).not.toBeChecked();
  });
});
