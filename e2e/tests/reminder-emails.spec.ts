import { createVerifiedUser, emailedLink } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('Reminder emails', () => {
  test('a due reminder is emailed, and its link turns the emails off without signing in', async ({
    page,
    browser,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server, 'Ada Lovelace');
    // The reminder time is this minute (the user's zone is UTC until chosen): it fires at once.
    const created = await page.request.post('/api/todos', {
      data: { title: 'Water the ferns', reminderTime: new Date().toISOString().slice(11, 16) },
    });
    expect(created.status()).toBe(201);

    await expect
      .poll(async () => (await server.mailbox.latestTo(email)).subject, { timeout: 15_000 })
      .toBe('Reminder: Water the ferns');
    const link = await emailedLink(server, email, '/unsubscribe#');

    // Opened where nobody is signed in.
    const stranger = await browser.newPage({ baseURL: server.url });
    await stranger.goto(link);
    await expect(stranger.getByRole('heading', { name: 'Reminder Emails' })).toBeVisible();
    await expect(stranger.getByText(/Reminder emails are off\./)).toBeVisible();
    await stranger.close();

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Task Reminders' })).toBeChecked();
  });

  test('an altered link says it is not valid', async ({ page }) => {
    await page.goto('/unsubscribe#not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText(
      'This link to turn off reminder emails is not valid.',
    );
  });
});
