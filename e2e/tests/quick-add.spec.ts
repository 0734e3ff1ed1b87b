import { createVerifiedUser } from '../support/accounts';
import { addDays, chipDay, shortDate } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

test.describe('Quick add and keyboard shortcuts', () => {
  // Each test signs up, runs an axe scan and walks several pages: more than the default 30 s on
  // a loaded machine.
  test.slow();

  test('q opens quick add; a line becomes a todo with its due date, reminder and priority', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Quick add' })).toBeVisible();
    // The user's today, as the server counts it in their time zone.
    const today = (await (await page.request.get('/api/agenda/today')).json()) as { date: string };
    const tomorrow = addDays(today.date, 1);

    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    await expect(dialog).toBeVisible();
    const line = dialog.getByRole('combobox', { name: 'Todo' });
    await expect(line).toBeFocused();
    await line.pressSequentially('Call mum tomorrow 9am !high');
    const understood = dialog.getByRole('list', { name: 'Understood' }).getByRole('listitem');
    await expect(understood).toHaveText([
      `Due ${chipDay(tomorrow)}`,
      // The time is the due time, with a reminder at it (ADR 0030).
      'Due at 09:00, with a reminder',
      'High priority',
    ]);
    await expect(dialog.locator('mark')).toHaveText(['tomorrow', '9am', '!high']);
    await expectNoSeriousA11yViolations();
    await line.press('Enter');

    await expect(page.getByText('Todo created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // g then o: the todo list, where the new todo shows what the line said.
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Call mum' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('heading', { name: 'Call mum' })).toBeVisible();
    await expect(row).toContainText('High');
    await expect(row).toContainText(`Due ${shortDate(tomorrow)}, 9:00 AM`);
    await expect(row).toContainText('Reminder 9:00 AM');

    // Typing in a field is typing: 'q' goes into the search box, no dialog opens.
    const search = page.getByRole('searchbox', { name: 'Search todos' });
    await search.click();
    await page.keyboard.type('q');
    await expect(search).toHaveValue('q');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('? lists the shortcuts, and g then t goes to Today', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Quick add' })).toBeVisible();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('term')).toHaveText([
      'Quick add a todo',
      'New todo',
      'Search todos',
      'Go to Today',
      'Go to Todos',
      'Go to Daily Goals',
      'Complete the focused todo or task',
      'Go to the notifications (their Undo)',
      'Show keyboard shortcuts',
      'Close the dialog',
    ]);
    await expectNoSeriousA11yViolations();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/today$/);
  });

  test('two repeating todos typed in one line each: their rules, dates and a completed occurrence', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();

    const quickAdd = async (text: string, understood: string[]) => {
      await page.getByRole('button', { name: 'Quick add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Quick add' });
      const line = dialog.getByRole('combobox', { name: 'Todo' });
      await line.pressSequentially(text);
      const parts = dialog.getByRole('list', { name: 'Understood' }).getByRole('listitem');
      for (const part of understood) {
        await expect(parts.filter({ hasText: part })).toHaveCount(1);
      }
      await line.press('Enter');
      await expect(dialog).toBeHidden();
    };
    await quickAdd('Water plants every 3 days 8am', [
      'Due at 08:00, with a reminder',
      'Every 3 days',
    ]);
    await quickAdd('Pay rent on the 1st every month !high', [
      'High priority',
      'Every month on the 1st',
    ]);

    const row = (title: string) =>
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: title }) });
    const due = async (title: string) => {
      const { items } = (await (await page.request.get('/api/todos?limit=10')).json()) as {
        items: { title: string; dueDate: string }[];
      };
      return items.find((todo) => todo.title === title)?.dueDate ?? '';
    };
    const plants = await due('Water plants');
    await expect(row('Water plants')).toContainText('Every 3 days');
    await expect(row('Water plants')).toContainText(`Due ${shortDate(plants)}`);
    await expect(row('Water plants')).toContainText('Reminder 8:00 AM');
    const rent = await due('Pay rent');
    expect(rent).toMatch(/-01$/);
    await expect(row('Pay rent')).toContainText('Every month on the 1st');
    await expect(row('Pay rent')).toContainText('High');
    await expect(row('Pay rent')).toContainText(`Due ${shortDate(rent)}`);

    // Done today: the next occurrence is three days on, with its reminder and a streak of one.
    await row('Water plants')
      .getByRole('checkbox', { name: 'Mark "Water plants" as completed' })
      .click();
    await expect(toast(page, `Done — next: ${shortDate(addDays(plants, 3))}`)).toBeVisible();
    await expect(row('Water plants')).toContainText(`Due ${shortDate(addDays(plants, 3))}`);
    await expect(row('Water plants')).toContainText('Reminder 8:00 AM');
    await expect(row('Water plants').getByRole('img', { name: 'Streak 1' })).toBeVisible();
  });

  test('a list of weekdays repeats on each of them, saved as its chips said (issue 31)', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
    const today = (await (await page.request.get('/api/agenda/today')).json()) as { date: string };
    // The next Monday, Wednesday or Friday from the user's today (no time said: today counts).
    let first = today.date;
    while (![1, 3, 5].includes(new Date(`${first}T00:00:00Z`).getUTCDay())) {
      first = addDays(first, 1);
    }

    await page.getByRole('button', { name: 'Quick add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    const line = dialog.getByRole('combobox', { name: 'Todo' });
    await line.pressSequentially('gym every mon wed fri');
    const understood = dialog.getByRole('list', { name: 'Understood' }).getByRole('listitem');
    await expect(understood).toHaveText([
      'Every week on Mon, Wed, Fri',
      new RegExp(`^Due ${chipDay(first)}`),
    ]);
    await expect(dialog.getByText(/^Title:/)).toHaveText('Title: gym');
    await line.press('Enter');
    await expect(dialog).toBeHidden();

    const { items } = (await (await page.request.get('/api/todos?limit=10')).json()) as {
      items: { title: string; dueDate: string; repeat: { rule: string } | null }[];
    };
    expect(
      items.map(({ title, dueDate, repeat }) => ({ title, dueDate, rule: repeat?.rule })),
    ).toEqual([{ title: 'gym', dueDate: first, rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' }]);
    const row = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'gym' }) });
    await expect(row).toContainText('Every week on Mon, Wed, Fri');
    await expect(row).toContainText(`Due ${shortDate(first)}`);
  });
});
