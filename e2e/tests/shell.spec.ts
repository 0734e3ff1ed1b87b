import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

test.describe('The signed-in shell', () => {
  test('the first Tab stop skips to the main content', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
  });

  test('x moves the focus to the next row, the previous when last, the heading when none', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    for (const title of ['Walk', 'Read', 'Cook']) {
      expect((await page.request.post('/api/todos', { data: { title } })).ok()).toBe(true);
    }
    await page.goto('/dashboard/todos');
    const pending = page.getByRole('region', { name: /^Pending Tasks/ });
    const box = (title: string) => pending.getByRole('checkbox', { name: new RegExp(title) });
    await expect(pending.getByRole('checkbox')).toHaveCount(3);
    const [first, second, third] = await pending.getByRole('checkbox').all();
    const titles = await Promise.all(
      [first, second, third].map(async (item) => (await item!.getAttribute('aria-label'))!),
    );
    const name = (label: string) => /"(.*)"/.exec(label)![1]!;
    await box(name(titles[1]!)).focus();
    await page.keyboard.press('x');
    await expect(box(name(titles[2]!))).toBeFocused();
    await expect(pending.getByRole('checkbox')).toHaveCount(2);
    await page.keyboard.press('x');
    await expect(box(name(titles[0]!))).toBeFocused();
    await expect(pending.getByRole('checkbox')).toHaveCount(1);
    await page.keyboard.press('x');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (0)' })).toBeFocused();
  });

  test('a todo created with n takes the focus', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('heading', { name: 'Pending Tasks (0)' })).toBeVisible();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'Create New Todo' });
    await dialog.getByLabel('Title').fill('Water the plants');
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('checkbox', { name: /Water the plants/ })).toBeFocused();
  });

  test('the shortcuts list Alt+T, and a toast with the focus in it waits for the user', async ({
    page,
    server,
  }) => {
    await page.clock.install();
    await createVerifiedUser(page.request, server);
    expect((await page.request.post('/api/todos', { data: { title: 'Walk' } })).ok()).toBe(true);
    await page.goto('/dashboard/todos');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByText('Alt+T', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.getByRole('button', { name: 'Delete "Walk"' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const deleted = toast(page, 'Todo deleted successfully!');
    const undo = deleted.getByRole('button', { name: 'Undo' });
    await undo.focus();
    await expect(undo).toBeFocused();
    // Twice the undo window (5 s) passes, and the toast waits while it holds the focus.
    await page.clock.runFor(10_000);
    await expect(undo).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Walk/ })).toBeHidden();
    await undo.press('Enter');
    await expect(page.getByRole('checkbox', { name: /Walk/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Walk/ })).toBeVisible();
  });

  test('a mistyped dashboard address says Page not found inside the shell', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const response = await page.goto('/dashboard/xyz');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  });
});

test.describe('The signed-in shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no shortcuts button; a toast shows above an open dialog', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    expect((await page.request.post('/api/todos', { data: { title: 'Walk' } })).ok()).toBe(true);
    await page.goto('/dashboard/todos');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();

    await page.getByRole('checkbox', { name: /Walk/ }).click();
    const completed = toast(page, 'Todo completed!');
    await expect(completed).toBeVisible();
    await page.getByRole('button', { name: 'New Todo' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Todo' })).toBeVisible();
    const box = (await completed.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-sonner-toast]') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
  });
});
