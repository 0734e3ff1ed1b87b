import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** '01:05' → 65. */
const seconds = (clock: string | null) =>
  (clock ?? '').split(':').reduce((total, part) => total * 60 + Number(part), 0);

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
    await page.getByRole('menuitem', { name: /^Pomodoro/ }).click();

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

  test('a stopwatch chosen from the keyboard counts up, pauses, has no skip and records its minutes', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const created = await page.request.post('/api/todos', { data: { title: 'Sort the photos' } });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard/todos');
    const row = page.getByRole('listitem').filter({ hasText: 'Sort the photos' });

    const focus = row.getByRole('button', { name: 'Focus on "Sort the photos"' });
    await focus.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /^Pomodoro/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /^Stopwatch/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeHidden();

    const bar = page.getByRole('region', { name: 'Focus timer' });
    await expect(bar).toContainText('Sort the photos');
    await expect(bar).toContainText('Stopwatch');
    const time = bar.getByTestId('focus-time');
    await expect(time).toHaveText(/^00:\d\d$/);
    const first = seconds(await time.textContent());
    // It counts up from the server's start.
    await expect.poll(async () => seconds(await time.textContent())).toBeGreaterThan(first);
    await expect(bar.getByRole('button', { name: 'Skip to next phase' })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(bar).toContainText('Stopwatch · Paused');
    // A reload reads the paused stopwatch from the server.
    await page.reload();
    await expect(bar).toContainText('Stopwatch · Paused');
    await bar.getByRole('button', { name: 'Resume' }).click();
    await expect(bar).not.toContainText('Paused');

    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect(bar).toBeHidden();
    // A run under a minute stopped counts as one minute (ADR 0032).
    await expect(row.getByTestId('focus-total')).toHaveText('1 min focused');
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
