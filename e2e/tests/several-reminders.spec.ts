import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** 14:35 as '2:35 PM', as the rows say it. */
function clock(instant: Date): string {
  const hours = instant.getUTCHours();
  const minutes = String(instant.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

// The user's zone is UTC, the browser's too, so the dialog's times are the server's.
test.use({ timezoneId: 'UTC' });

test.describe('Several reminders (ADR 0030)', () => {
  // The reminder is set for the next whole minute at least 40 s away, so the test waits for it:
  // up to 100 s, past the default budget.
  test.slow();

  test('a reminder 10 minutes before a due time arrives by email at its minute, not before', async ({
    page,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server, 'Ada Lovelace');
    // The settings are made in UTC now, before any page reads them with its own zone.
    expect((await page.request.get('/api/settings')).ok()).toBe(true);
    const minute = 60_000;
    const remindAt = new Date(Math.ceil((Date.now() + 40_000) / minute) * minute);
    const due = new Date(remindAt.getTime() + 10 * minute);
    const dueDate = due.toISOString().slice(0, 10);
    const dueTime = due.toISOString().slice(11, 16);

    await page.goto('/dashboard/todos');
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Leave for the dentist');
    await dialog.getByLabel('Due Date').fill(dueDate);
    await dialog.getByLabel('Due Time').fill(dueTime);
    await dialog
      .getByRole('combobox', { name: 'New reminder' })
      .selectOption({ label: '10 minutes before' });
    await dialog.getByRole('button', { name: 'Add Reminder' }).click();
    await expect(dialog.getByRole('list', { name: 'Reminders set' })).toHaveText(
      '10 minutes before',
    );
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    const row = page.getByRole('main').getByRole('listitem').filter({
      hasText: 'Leave for the dentist',
    });
    await expect(row).toContainText(`, ${clock(due)}`);
    await expect(row).toContainText(`Reminder ${clock(remindAt)}`);
    const created = (await (await page.request.get('/api/todos')).json()) as {
      items: { title: string; dueTime: string; reminders: unknown[] }[];
    };
    expect(created.items[0]).toMatchObject({
      title: 'Leave for the dentist',
      dueTime,
      reminders: [{ before: 10 }],
    });

    // With no Daywise page open, the server reminds by email alone.
    await page.goto('/');
    await expect
      .poll(
        () =>
          server.mailbox.messages.find(
            (mail) =>
              JSON.stringify(mail.to).includes(email) &&
              mail.subject === 'Reminder: Leave for the dentist',
          ),
        { timeout: 100_000, intervals: [500] },
      )
      .toBeDefined();
    const mail = server.mailbox.messages.find(
      (message) => message.subject === 'Reminder: Leave for the dentist',
    );
    // Sent in its own minute: not before it, and within seconds of it.
    const sent = mail?.date?.getTime() ?? 0;
    expect(sent).toBeGreaterThanOrEqual(remindAt.getTime() - 1000);
    expect(sent).toBeLessThan(remindAt.getTime() + 30_000);
    expect(
      server.mailbox.messages.filter((message) => message.subject === mail?.subject),
    ).toHaveLength(1);
  });
});
