import { createVerifiedUser, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('Settings', () => {
  test('every control saves and survives a reload', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/settings');
    await expect(page.getByText('Manage your account settings and preferences')).toBeVisible();

    const email = page.getByRole('switch', { name: 'Email Notifications' });
    await expect(email).toBeChecked();
    await email.click();
    await expect(page.getByText('Setting updated').first()).toBeVisible();
    await page.getByRole('switch', { name: 'Activity Tracking' }).click();
    await expect(page.getByText('Privacy Mode Active')).toBeVisible();
    await expect(page.getByText('Analytics disabled')).toBeVisible();
    await page.getByRole('switch', { name: 'Activity Tracking' }).click();
    await expect(page.getByText('Analytics enabled')).toBeVisible();
    await page.getByRole('switch', { name: 'Activity Tracking' }).click();
    await expect(page.getByText('Privacy Mode Active')).toBeVisible();
    await page.getByLabel('Profile Visibility').selectOption('Friends Only');
    await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    await page.getByLabel('Theme', { exact: true }).selectOption('Dark');
    await expect(page.getByText('Theme changed to Dark')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    // Let the last save land before reading the page again.
    await expect(page.getByText('Setting updated')).toHaveCount(0, { timeout: 10_000 });

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Task Reminders' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Activity Tracking' })).not.toBeChecked();
    await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Profile Visibility')).toHaveValue('friends');
    await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
    await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('dark');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('a failed save says so and shows the stored value again', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Grace Hopper');
    await page.goto('/dashboard/settings');
    const reminders = page.getByRole('switch', { name: 'Task Reminders' });
    await expect(reminders).toBeChecked();
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PATCH' ? route.abort() : route.continue(),
    );
    await reminders.click();
    await expect(page.getByText('Failed to update setting')).toBeVisible();
    await expect(reminders).toBeChecked();
  });

  test('delete the account, land on the home page, and the login is refused', async ({
    page,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server, 'Hedy Lamarr');
    await page.goto('/dashboard/settings');
    await expect(page.getByText('This device', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Yes, delete my data' }).click();
    const dialog = page.getByRole('alertdialog');
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    const typed = page.getByLabel('Confirmation text');
    await expect(confirm).toBeDisabled();

    // A typo is shown inline; the dialog stays open and the text can be fixed.
    await typed.fill('delete');
    await expect(
      dialog.getByText('That does not match. Type DELETE in capital letters.'),
    ).toBeVisible();
    await expect(confirm).toBeDisabled();
    await typed.press('Enter');
    await expect(dialog).toBeVisible();

    await typed.fill('DELETE');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText('Account successfully deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account was deleted.' }),
    ).toBeVisible();
  });
});

test.describe('Notifications', () => {
  // These tests are about the worker itself (see playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('the reminder tools: test notification, diagnostics, service worker', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/settings');
    // The diagnostics wait behind a closed Troubleshooting disclosure, opened from the keyboard.
    await expect(page.getByText('Troubleshooting')).toBeVisible();
    await expect(page.getByText('Notification diagnostics')).toBeHidden();
    await page.getByText('Troubleshooting').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Notification diagnostics')).toBeVisible();
    await page.getByRole('button', { name: 'Setup SW' }).click();
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? '',
        ),
      )
      .toContain('/notification-sw.js');
    await page.getByRole('button', { name: 'Test Notification' }).click();
    await expect(page.getByText('Test notification sent! Check your notifications.')).toBeVisible();

    await page.getByRole('switch', { name: 'Task Reminders' }).click();
    await expect(page.getByText('Troubleshooting')).toBeHidden();
  });

  test('push on a browser without a push service says why and stays off, disabled', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.addInitScript(() => {
      // The Push API's names are there, its service is not (as in a browser without one).
      PushManager.prototype.subscribe = () =>
        Promise.reject(new DOMException('push service not available', 'AbortError'));
    });
    await page.goto('/dashboard/settings');
    const push = page.getByRole('switch', { name: 'Push notifications on this device' });
    await expect(push).toBeEnabled();
    await push.click();
    await expect(
      page.getByText(
        'This browser has no push service, so push notifications cannot be turned on here.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(push).toBeDisabled();
    await expect(push).not.toBeChecked();
    await expect(page.getByText('This browser cannot receive push notifications.')).toBeVisible();
  });

  test('Test Notification without permission says only that it failed', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.addInitScript(() => {
      // The user has blocked notifications for the site.
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Test Notification' }).click();
    await expect(
      page.getByText('Could not send notification. Please check browser permissions.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Notifications are working', { exact: false })).toHaveCount(0);
  });
});
