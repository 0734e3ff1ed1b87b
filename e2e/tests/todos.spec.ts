import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { reloadAfterDialogs } from '../support/history';

// The user lives in New York: "today" and the badges are counted there, not in UTC.
const TIME_ZONE = 'America/New_York';
test.use({ timezoneId: TIME_ZONE });

function dayInNewYork(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(day);
}

interface TodoSeed {
  title: string;
  description?: string;
  priority?: 'low' | 'medium' | 'high';
  dueDate?: string | null;
  reminderTime?: string | null;
}

async function seedTodos(request: APIRequestContext, todos: TodoSeed[]): Promise<void> {
  for (const todo of todos) {
    const response = await request.post('/api/todos', { data: todo });
    expect(response.status()).toBe(201);
  }
}

const row = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });
const counter = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');

test.describe('Todos', () => {
  test('create, edit, complete, un-complete and delete a todo', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'My Todos' })).toBeVisible();
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await expect(page.getByText('No completed tasks yet')).toBeVisible();
    await expect(counter(page, 'Total Tasks')).toHaveText('0');

    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    const create = dialog.getByRole('button', { name: 'Create Todo' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Title').fill('   ');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Title').fill('  Buy milk  ');
    await dialog.getByLabel('Description').fill(' Two litres, oat ');
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await dialog.getByLabel('Priority').selectOption('High');
    await expect(dialog.getByLabel('Due Date')).toHaveAttribute('min', dayInNewYork(0));
    await dialog.getByLabel('Due Date').fill(dayInNewYork(0));
    await create.click();
    await expect(page.getByText('Todo created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const milk = row(page, 'Buy milk');
    await expect(milk.getByRole('heading', { name: 'Buy milk', exact: true })).toBeVisible();
    await expect(milk).toContainText('Two litres, oat');
    await expect(milk).toContainText('High');
    await expect(milk).toContainText('Due Today');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    await expect(counter(page, 'Total Tasks')).toHaveText('1');
    await expect(counter(page, 'Pending')).toHaveText('1');

    await milk.getByRole('button', { name: 'Edit "Buy milk"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Todo' });
    await expect(edit.getByLabel('Title')).toHaveValue('Buy milk');
    await expect(edit.getByLabel('Priority')).toHaveValue('high');
    await edit.getByLabel('Title').fill('Buy oat milk');
    await edit.getByLabel('Priority').selectOption('Low');
    await edit.getByRole('button', { name: 'Update Todo' }).click();
    await expect(page.getByText('Todo updated successfully!')).toBeVisible();
    const oat = row(page, 'Buy oat milk');
    await expect(oat).toContainText('Low');

    // The box is renamed once ticked, so click it and look for the renamed box.
    await oat.getByRole('checkbox', { name: 'Mark "Buy oat milk" as completed' }).click();
    await expect(
      oat.getByRole('checkbox', { name: 'Mark "Buy oat milk" as pending' }),
    ).toBeChecked();
    await expect(page.getByText('Todo completed!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Completed Tasks (1)' })).toBeVisible();
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await expect(counter(page, 'Completion Rate')).toHaveText('100%');
    await expect(oat).not.toContainText('Due Today');

    await oat.getByRole('checkbox', { name: 'Mark "Buy oat milk" as pending' }).click();
    await expect(
      oat.getByRole('checkbox', { name: 'Mark "Buy oat milk" as completed' }),
    ).not.toBeChecked();
    await expect(page.getByText('Todo marked as pending')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    await expect(counter(page, 'Completion Rate')).toHaveText('0%');
    // The completed list has re-read the server, so the todo is in one list only.
    await expect(page.getByText('No completed tasks yet')).toBeVisible();

    // A toggle the server refuses goes back, and says so.
    await page.route('**/api/todos/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } })
        : route.fallback(),
    );
    // Scoped to the pending list: while the refused toggle settles, the completed list can
    // briefly show the copy it held before its refetch was cancelled.
    const box = page
      .getByRole('region', { name: /^Pending Tasks/ })
      .getByRole('checkbox', { name: 'Mark "Buy oat milk" as completed' });
    await box.click();
    await expect(page.getByText('Failed to update todo')).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(counter(page, 'Completed')).toHaveText('0');
    await expect(page.getByText('No completed tasks yet')).toBeVisible();
    await page.unroute('**/api/todos/*');

    await oat.getByRole('button', { name: 'Delete "Buy oat milk"' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Todo' });
    await expect(confirm).toContainText('Buy oat milk');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(oat).toBeVisible();
    await oat.getByRole('button', { name: 'Delete "Buy oat milk"' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Todo deleted successfully!')).toBeVisible();
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await expect(counter(page, 'Total Tasks')).toHaveText('0');
  });

  test('a failed save keeps the dialog and everything typed', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await page.route('**/api/todos', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.fallback(),
    );
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Plan the trip');
    await dialog.getByLabel('Description').fill('Trains, not planes');
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    await expect(page.getByText('Failed to create todo')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue('Plan the trip');
    await expect(dialog.getByLabel('Description')).toHaveValue('Trains, not planes');
  });

  test('the keyboard focus stays on the todo after a toggle and returns to Edit after a dialog', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await seedTodos(page.request, [{ title: 'Water plants' }]);
    await page.goto('/dashboard/todos');
    const pending = page.getByRole('checkbox', { name: 'Mark "Water plants" as completed' });
    await expect(pending).toBeVisible();

    // Keyboard only: Tab along the page until the todo's box has the focus.
    for (let presses = 0; presses < 60; presses++) {
      if (await pending.evaluate((box) => box === document.activeElement)) {
        break;
      }
      await page.keyboard.press('Tab');
    }
    await expect(pending).toBeFocused();

    // Each toggle moves the row to the other list once the lists are read again; the focus
    // follows it there. Wait for the move, so the keys below go to the row that stays.
    await page.keyboard.press('Space');
    const completed = page.getByRole('checkbox', { name: 'Mark "Water plants" as pending' });
    await expect(page.getByText('Todo completed!')).toBeVisible();
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await expect(completed).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText('Todo marked as pending')).toBeVisible();
    await expect(page.getByText('No completed tasks yet')).toBeVisible();
    await expect(pending).toBeFocused();

    // The row's next controls after its box are Focus (the focus timer, ADR 0032), then Edit.
    const edit = page.getByRole('button', { name: 'Edit "Water plants"' });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Focus on "Water plants"' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(edit).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Todo' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
  });

  test('search, filters, chips and the day badges', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await seedTodos(page.request, [
      { title: 'Pay rent', priority: 'high', dueDate: dayInNewYork(-1) },
      { title: 'Walk the dog', description: 'Around the PARK', dueDate: dayInNewYork(0) },
      { title: 'Book flights', priority: 'low', dueDate: dayInNewYork(1) },
      { title: 'Read a novel', priority: 'low', dueDate: dayInNewYork(9) },
      { title: 'Learn Italian' },
    ]);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (5)' })).toBeVisible();
    await expect(row(page, 'Pay rent')).toContainText('Overdue');
    await expect(row(page, 'Walk the dog')).toContainText('Due Today');
    await expect(row(page, 'Book flights')).toContainText('Due Tomorrow');
    for (const title of ['Read a novel', 'Learn Italian']) {
      await expect(row(page, title)).not.toContainText(/Overdue|Due Today|Due Tomorrow/);
    }
    await row(page, 'Learn Italian').getByRole('checkbox').check();
    await expect(page.getByRole('heading', { name: 'Completed Tasks (1)' })).toBeVisible();

    // Search: title or description, any case.
    const search = page.getByRole('searchbox', { name: 'Search todos' });
    await search.fill('park');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    await expect(row(page, 'Walk the dog')).toBeVisible();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips).toContainText('Search: "park"');
    await chips.getByRole('button', { name: 'Remove filter Search: "park"' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (4)' })).toBeVisible();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('Completed');
    await expect(page.getByRole('heading', { name: /Pending Tasks/ })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Completed Tasks (1)' })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('Pending');
    await expect(page.getByRole('heading', { name: /Completed Tasks/ })).toBeHidden();
    await page.getByLabel('Priority', { exact: true }).selectOption('Low');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (2)' })).toBeVisible();
    await expect(chips).toContainText('Status: Pending');
    await expect(chips).toContainText('Priority: Low');
    await page.getByLabel('Due Date', { exact: true }).selectOption('Due This Week');
    await expect(chips).toContainText('Due: Due This Week');

    // The filters live in the address, so a reload shows the same list.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Priority: Low');
    await chips.getByRole('button', { name: 'Remove filter Priority: Low' }).click();
    await chips.getByRole('button', { name: 'Remove filter Due: Due This Week' }).click();
    await page.getByLabel('Due Date', { exact: true }).selectOption('Overdue');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (1)' })).toBeVisible();
    await expect(row(page, 'Pay rent')).toBeVisible();
    await page.getByLabel('Due Date', { exact: true }).selectOption('No Due Date');
    await expect(page.getByText('No pending tasks')).toBeVisible();
    await page.getByLabel('Due Date', { exact: true }).selectOption('Due Today');
    await expect(row(page, 'Walk the dog')).toBeVisible();

    await chips.getByRole('button', { name: 'Clear all' }).click();
    await expect(chips).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pending Tasks (4)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Completed Tasks (1)' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
  });

  test('on a phone the page fits, in either theme, with no serious accessibility issue', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await createVerifiedUser(page.request, server);
    await seedTodos(page.request, [
      {
        title: 'A rather long todo title that has to wrap on a small screen without overflowing',
        description: 'Details',
        priority: 'high',
        dueDate: dayInNewYork(-2),
        reminderTime: '07:15',
      },
      // Its 'Due Today' badge is checked for contrast in both themes.
      { title: 'Water the ferns', dueDate: dayInNewYork(0) },
    ]);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (2)' })).toBeVisible();
    await expect(row(page, 'Water the ferns').getByText('Due Today')).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectNoSeriousA11yViolations();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations();
    await page.getByRole('button', { name: 'New Todo' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Todo' })).toBeVisible();
    expect(await fits()).toBe(true);
    await expectNoSeriousA11yViolations();
  });

  test("the dashboard's Add New Task opens the create dialog once", async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Add New Task' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await reloadAfterDialogs(page);
    await expect(page.getByRole('heading', { name: 'My Todos' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Todo reminders', () => {
  // These tests are about the worker itself (see playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  // Monday 23 November 2026, 08:58 in New York.
  const MORNING = new Date('2026-11-23T13:58:00Z');

  /**
   * Records, in the page, each notification the page has finished asking its worker to show.
   * Chromium drops a notification from getNotifications() when that is read while the
   * notification is still being shown, so the test reads it only once the show has finished.
   */
  async function recordWorkerNotifications(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { workerNotificationsShown: shown });
      const { prototype } = ServiceWorkerRegistration;
      const show = Object.getOwnPropertyDescriptor(prototype, 'showNotification')?.value as (
        this: ServiceWorkerRegistration,
        title: string,
        options?: NotificationOptions,
      ) => Promise<void>;
      prototype.showNotification = async function (title, options) {
        await show.call(this, title, options);
        shown.push(title);
      };
    });
  }

  async function workerNotificationsShown(page: Page): Promise<string[]> {
    return page.evaluate(
      () => (window as unknown as { workerNotificationsShown: string[] }).workerNotificationsShown,
    );
  }

  async function shownNotifications(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const shown = (await registration?.getNotifications()) ?? [];
      return shown.map((notification) => `${notification.title} | ${notification.body}`);
    });
  }

  test('with permission, a reminder set in the dialog fires as a notification', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await recordWorkerNotifications(page);
    await page.clock.install({ time: MORNING });
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Call the dentist');
    await dialog.getByLabel('Description').fill('Ask about Tuesday');
    // Due today at 09:00, reminded at the due time (the first choice).
    await dialog.getByLabel('Due Date').fill('2026-11-23');
    await dialog.getByLabel('Due Time').fill('09:00');
    await expect(dialog.getByRole('combobox', { name: 'New reminder' })).toHaveValue('0');
    await dialog.getByRole('button', { name: 'Add Reminder' }).click();
    await expect(dialog.getByRole('list', { name: 'Reminders set' })).toHaveText('At due time');
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    await expect(row(page, 'Call the dentist')).toContainText('Due Nov 23, 2026, 9:00 AM');
    await expect(row(page, 'Call the dentist')).toContainText('Reminder 9:00 AM');

    expect(await shownNotifications(page)).toEqual([]);
    // The page registers the notification worker once a reminder is scheduled.
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state,
        ),
      )
      .toBe('activated');
    await page.clock.fastForward('02:05');
    await expect.poll(() => workerNotificationsShown(page)).toEqual(['Reminder: Call the dentist']);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual(['Reminder: Call the dentist | Ask about Tuesday']);
    // It closes itself after 10 seconds.
    await page.clock.fastForward('00:11');
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  });

  test('without permission the reminder shows in the page, and not when reminders are off', async ({
    page,
    server,
  }) => {
    await page.clock.install({ time: MORNING });
    await createVerifiedUser(page.request, server);
    await seedTodos(page.request, [
      { title: 'Water the plants', description: 'The fern too', reminderTime: '09:00' },
    ]);
    await page.goto('/dashboard/todos');
    await expect(row(page, 'Water the plants')).toContainText('Reminder 9:00 AM');

    // Adding a reminder asks for permission; refused, the reminder stays (the server and the
    // page still remind) and the dialog says how to allow notifications.
    await page.getByRole('button', { name: 'New Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await expect(dialog.getByText('Notifications permission needed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Reminder' }).click();
    await expect(dialog.getByRole('alert')).toContainText('set Notifications to Allow');
    await expect(dialog.getByRole('list', { name: 'Reminders set' })).toHaveText('At due time');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.clock.fastForward('02:05');
    const reminder = page.getByRole('dialog', { name: 'Reminder: Water the plants' });
    await expect(reminder).toContainText('The fern too');
    await reminder.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);

    // With Task Reminders off, nothing is scheduled.
    const off = await page.request.patch('/api/settings', {
      data: { group: 'notifications', key: 'reminders', value: false },
    });
    expect(off.ok()).toBe(true);
    await page.reload();
    await expect(row(page, 'Water the plants')).toBeVisible();
    await page.clock.fastForward('24:00:00');
    await page.clock.runFor(5_000);
    await expect(page.getByRole('dialog', { name: 'Reminder: Water the plants' })).toBeHidden();
  });
});
