import { createVerifiedUser } from '../support/accounts';
import { addDays, shortDate } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

test.describe('Repeating todos', () => {
  test('a daily todo: complete it to see tomorrow and the streak, undo, then skip', async ({
    page,
    server,
  }) => {
    // Many steps, each waiting on the server: more than the default 30 s on a busy machine.
    test.slow();
    await createVerifiedUser(page.request, server);
    // The user's today, as the server counts it in their time zone.
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    const tomorrow = addDays(today, 1);

    await page.goto('/dashboard/todos');
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Water plants');
    await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption('Every day');
    // A repeat needs a due date: the dialog sets today.
    await expect(dialog.getByLabel('Due Date')).toHaveValue(today);
    await expect(dialog.getByRole('status')).toHaveText(
      'Due date set to today: a repeating todo starts on its due date.',
    );
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Water plants' }),
    });
    await expect(row).toContainText('Every day');
    await expect(row).toContainText(`Due ${shortDate(today)}`);

    await row.getByRole('checkbox', { name: 'Mark "Water plants" as completed' }).click();
    await expect(toast(page, `Done — next: ${shortDate(tomorrow)}`)).toBeVisible();
    await expect(row).toContainText(`Due ${shortDate(tomorrow)}`);
    // A drawn flame, not an emoji that a system without an emoji font shows as a box.
    const streak = row.getByRole('img', { name: 'Streak 1' });
    await expect(streak).toHaveText('1');
    await expect(streak.locator('svg.lucide-flame')).toBeVisible();
    await expect(
      row.getByRole('checkbox', { name: 'Mark "Water plants" as completed' }),
    ).not.toBeChecked();
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();

    // The streak shows in the dashboard's Daily Streaks card too.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const habits = page
      .getByRole('region', { name: 'Daily Streaks' })
      .getByRole('region', { name: 'Habits' });
    await expect(habits.getByRole('listitem')).toHaveCount(1);
    await expect(habits.getByRole('img', { name: 'Streak 1' })).toBeVisible();
    await expect(habits.getByRole('link', { name: 'Water plants' })).toBeVisible();

    await nav.getByRole('link', { name: 'Todos' }).click();
    await row.getByRole('checkbox', { name: 'Mark "Water plants" as completed' }).click();
    const undoable = toast(page, `Done — next: ${shortDate(addDays(tomorrow, 1))}`);
    await expect(undoable).toBeVisible();
    await expect(row).toContainText(`Due ${shortDate(addDays(tomorrow, 1))}`);
    await undoable.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, `Undone — due ${shortDate(tomorrow)} again`)).toBeVisible();
    await expect(row).toContainText(`Due ${shortDate(tomorrow)}`);

    await row.getByRole('button', { name: 'Skip "Water plants"' }).click();
    await expect(toast(page, `Skipped — next: ${shortDate(addDays(tomorrow, 1))}`)).toBeVisible();
    await expect(row).toContainText(`Due ${shortDate(addDays(tomorrow, 1))}`);
    await expect(row.getByRole('img', { name: 'Streak 1' })).toBeVisible();

    // Today lists it no more; Upcoming shows it with its rule.
    await nav.getByRole('link', { name: /^Upcoming/ }).click();
    const upcoming = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Water plants' }) });
    await expect(upcoming).toContainText('Every day');
    await expect(upcoming.getByRole('button', { name: 'Skip "Water plants"' })).toBeVisible();
  });
});
