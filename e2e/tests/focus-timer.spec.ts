import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('Focus timer', () => {
  test('a timer started in one tab shows in another, and stopping it puts its minutes on the todo', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const settings = await page.request.patch('/api/settings', {
      data: { group: 'focus', key: 'focusMinutes', value: 1 },
    });
    expect(settings.ok()).toBe(true);
    const created = await page.request.post('/api/todos', {
      data: { title: 'Draft the essay', estimateMinutes: 30 },
    });
    expect(created.status()).toBe(201);

    const other = await page.context().newPage();
    await other.goto('/dashboard');
    await page.goto('/dashboard/todos');
    const row = page.getByRole('listitem').filter({ hasText: 'Draft the essay' });
    await row.getByRole('button', { name: 'Focus on "Draft the essay"' }).click();

    // The tab that started it shows it, counting down from the server's end time.
    const bar = page.getByRole('region', { name: 'Focus timer' });
    await expect(bar).toContainText('Draft the essay');
    await expect(bar).toContainText('Focus');
    await expect(bar.getByTestId('focus-time')).toHaveText(/^00:[0-5]\d$/);

    // The other tab of the same browser follows through the realtime event.
    const otherBar = other.getByRole('region', { name: 'Focus timer' });
    await expect(otherBar).toContainText('Draft the essay');

    // Paused in the other tab: the first follows.
    await otherBar.getByRole('button', { name: 'Pause' }).click();
    await expect(bar).toContainText('Paused');
    await bar.getByRole('button', { name: 'Resume' }).click();
    await expect(otherBar).not.toContainText('Paused');

    // Stopped from the keyboard: the time focused is recorded on the todo, in both tabs.
    await bar.getByRole('button', { name: 'Stop' }).focus();
    await page.keyboard.press('Enter');
    await expect(bar).toBeHidden();
    await expect(otherBar).toBeHidden();
    await expect(row.getByTestId('focus-total')).toHaveText('1 min focused of 30 min');

    // A reload reads it from the server: no timer, the minutes still there.
    await page.reload();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Draft the essay' }).getByTestId('focus-total'),
    ).toHaveText('1 min focused of 30 min');
    await expect(page.getByRole('region', { name: 'Focus timer' })).toBeHidden();
  });

  test('a timer on another user’s todo is not found and starts nothing', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const response = await page.request.post('/api/focus/start', {
      data: { todoId: 'someone-elses', mode: 'pomodoro' },
    });
    expect(response.status()).toBe(404);
    const current = await page.request.get('/api/focus');
    expect(await current.json()).toEqual({ timer: null });
  });
});
