import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const statCard = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });

async function addTag(page: Page, name: string, color?: string): Promise<void> {
  await page.getByLabel('Tag Name').fill(name);
  if (color) {
    await page.getByRole('button', { name: `Colour ${color}` }).click();
  }
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Tag created').first()).toBeVisible();
  await expect(page.getByLabel('Tag Name')).toHaveValue('');
}

test.describe('Daily goals', () => {
  test('tags: add, edit, delete, and a failed delete keeps the tag', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/daily-goals');
    await page.getByRole('tab', { name: 'Manage Tags' }).click();
    await expect(page.getByRole('heading', { name: 'Your Tags (0)' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Tag' }).click();
    await expect(page.getByText('Tag name is required')).toBeVisible();

    await addTag(page, '  Work ');
    await addTag(page, 'health', '#10B981');
    await expect(page.getByRole('heading', { name: 'Your Tags (2)' })).toBeVisible();
    const names = page.getByRole('region', { name: /Your Tags/ }).getByRole('listitem');
    await expect(names).toHaveText(['health', 'Work']);

    await page.getByLabel('Tag Name').fill('WORK');
    await page.getByRole('button', { name: 'Add Tag' }).click();
    // Said under the field and in the toast, not 'Failed to save tag'; what was typed stays.
    await expect(page.getByRole('tabpanel', { name: 'Manage Tags' }).getByRole('alert')).toHaveText(
      'You already have a tag with this name',
    );
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText('You already have a tag with this name'),
    ).toBeVisible();
    await expect(page.getByText('Failed to save tag')).toBeHidden();
    await expect(page.getByLabel('Tag Name')).toHaveValue('WORK');
    await page.getByLabel('Tag Name').fill('');

    await page.getByRole('button', { name: 'Edit tag Work' }).click();
    await expect(page.getByLabel('Tag Name')).toHaveValue('Work');
    await page.getByLabel('Tag Name').fill('Office');
    await page.getByRole('button', { name: 'Colour #8B5CF6' }).click();
    await page.getByRole('button', { name: 'Update Tag' }).click();
    await expect(page.getByText('Tag updated')).toBeVisible();
    await expect(names).toHaveText(['health', 'Office']);

    await page.route('**/api/tags/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete tag health' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Tag' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Failed to delete tag')).toBeVisible();
    await expect(names).toHaveText(['health', 'Office']);
    await page.unroute('**/api/tags/*');

    await page.getByRole('button', { name: 'Delete tag health' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Tag' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Tag deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Tags (1)' })).toBeVisible();
  });

  test('plan today with tagged tasks, tick them, set reminders, see it on the dashboard', async ({
    page,
    server,
  }) => {
    // A plan's whole day across three pages: close to 30 s on a loaded machine.
    test.slow();
    await createVerifiedUser(page.request, server, 'Grace Hopper');
    for (const data of [{ name: 'Work', color: '#EF4444' }, { name: 'Health' }]) {
      expect((await page.request.post('/api/tags', { data })).status()).toBe(201);
    }
    await page.goto('/dashboard/daily-goals');
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();
    await page.getByRole('button', { name: "Create Today's Plan" }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Daily Goal Plan' });
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await expect(dialog.getByText('Plan title is required')).toBeVisible();
    await expect(dialog.getByText('At least one task is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expect(dialog.getByText('Task title is required')).toBeVisible();

    await dialog.getByLabel('Plan Title').fill('Ship the release');
    await dialog.getByLabel('Description', { exact: true }).fill('Then rest');
    for (const [title, tag] of [
      ['Write changelog', 'Work'],
      ['Tag the build', 'Work'],
      ['Evening run', 'Health'],
    ] as const) {
      await dialog.getByLabel('New task title').fill(title);
      await dialog.getByLabel('New task tag').selectOption(tag);
      await dialog.getByRole('button', { name: 'Add Task' }).click();
    }
    await expect(dialog.getByRole('group', { name: 'Tasks (3)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { name: 'Ship the release' })).toBeVisible();
    await expect(page.getByText('0 of 3 tasks (0%)')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Mark "Write changelog" as completed' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Write changelog" as pending' }),
    ).toBeChecked();
    await expect(page.getByText('1 of 3 tasks (33%)')).toBeVisible();
    const categories = page.getByRole('region', { name: 'Category Progress' });
    await expect(categories).toContainText('Work');
    await expect(categories).toContainText('1/2 (50%)');
    await expect(categories).toContainText('0/1 (0%)');
    await page.getByRole('checkbox', { name: 'Mark "Evening run" as completed' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Evening run" as pending' }),
    ).toBeChecked();
    await expect(page.getByText('2 of 3 tasks (67%)')).toBeVisible();

    // A failed tick goes back.
    await page.route('**/api/plans/*/tasks/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } })
        : route.fallback(),
    );
    const tag = page.getByRole('checkbox', { name: 'Mark "Tag the build" as completed' });
    await tag.click();
    await expect(page.getByText('Failed to update task')).toBeVisible();
    await expect(tag).not.toBeChecked();
    await expect(page.getByText('2 of 3 tasks (67%)')).toBeVisible();
    await page.unroute('**/api/plans/*/tasks/*');

    // The reminder chip: 24-hour HH:MM, empty removes, Cancel changes nothing.
    await page.getByRole('button', { name: 'Set reminder for "Tag the build"' }).click();
    const prompt = page.getByRole('dialog', { name: 'Set Reminder' });
    await prompt.getByLabel('Reminder time (HH:MM)').fill('7pm');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await expect(prompt.getByText('Please enter a valid time in HH:MM format')).toBeVisible();
    await prompt.getByLabel('Reminder time (HH:MM)').fill('19:30');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reminder set for Tag the build at 19:30')).toBeVisible();
    const chip = page.getByRole('button', { name: 'Change reminder for "Tag the build" (19:30)' });
    await chip.click();
    await prompt.getByLabel('Reminder time (HH:MM)').fill('08:00');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(chip).toBeVisible();
    await chip.click();
    await prompt.getByLabel('Reminder time (HH:MM)').fill('');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reminder removed for Tag the build')).toBeVisible();

    // Daily Completions shows today's card.
    await page.getByRole('tab', { name: 'Daily Completions' }).click();
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('img', { name: '67% complete' })).toBeVisible();
    await expect(page.getByText('2 of 3 tasks')).toBeVisible();

    // The dashboard counts the same.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
    await expect(statCard(page, 'Today')).toContainText('2/3');
    await expect(statCard(page, 'Today')).toContainText('67%');
    await expect(statCard(page, 'This Week')).toContainText('2tasks completed');

    // Edit, then delete the plan.
    await page.goto('/dashboard/daily-goals');
    await page.getByRole('button', { name: 'Edit Plan' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Daily Goal Plan' });
    await expect(edit.getByLabel('Plan Title')).toHaveValue('Ship the release');
    await expect(edit.getByLabel('Task 1 tag')).toHaveValue('Work');
    await expect(edit.getByLabel('Task 3 tag')).toHaveValue('Health');
    await edit.getByLabel('Plan Title').fill('Release day');
    await edit.getByRole('button', { name: 'Remove task 2' }).click();
    await edit.getByRole('button', { name: 'Save Plan' }).click();
    await expect(page.getByRole('heading', { name: 'Release day' })).toBeVisible();
    await expect(page.getByText('2 of 2 tasks (100%)')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Plan' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Plan' })
      .getByRole('button', { name: 'Delete Plan' })
      .click();
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();
  });

  test('Activity Tracking off hides analytics; on again shows the modal', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const setTracking = async (value: boolean) => {
      const response = await page.request.patch('/api/settings', {
        data: { group: 'privacy', key: 'activityTracking', value },
      });
      expect(response.ok()).toBe(true);
    };
    await setTracking(false);
    await page.goto('/dashboard/daily-goals?tab=analytics');
    await expect(page.getByRole('heading', { name: 'Analytics Disabled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enable Analytics in Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: "Today's Goals" })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard Analytics Disabled' })).toBeVisible();
    await expect(
      page.getByText('Enable analytics in your settings to view your productivity insights.'),
    ).toBeVisible();

    await setTracking(true);
    await page.goto('/dashboard/daily-goals');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('button', { name: 'View Analytics' }).click();
    const modal = page.getByRole('dialog', { name: 'Daily Goals Analytics' });
    await expect(modal.getByText('Total Plans')).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Recent Performance' })).toBeVisible();
    await expect(modal.getByText('No plans in the last 7 days.')).toBeVisible();
  });
});
