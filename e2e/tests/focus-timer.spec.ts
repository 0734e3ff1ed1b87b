import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// One test lets a period end with an ntfy server of the user's own on loopback, which the server
// reaches only with this setting (README.md).
test.use({ serverEnv: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

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

  test('notifies on the page and on the user’s channel, and its minutes reach the analytics', async ({
    page,
    server,
  }) => {
    // The shortest focus period is a minute, which this test waits out.
    test.setTimeout(180_000);
    // An ntfy server of the user's own, on loopback: it records each message's title and text.
    const messages: { title: string; body: string }[] = [];
    const ntfy = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        messages.push({ title: String(request.headers.title), body });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => ntfy.listen(0, '127.0.0.1', resolve));
    try {
      await createVerifiedUser(page.request, server);
      const { port } = ntfy.address() as AddressInfo;
      const channel = await page.request.post('/api/notification-channels', {
        data: { kind: 'ntfy', name: 'Phone', url: `http://127.0.0.1:${port}`, topic: 'focus' },
      });
      expect(channel.status()).toBe(201);
      const settings = await page.request.patch('/api/settings', {
        data: { group: 'focus', key: 'focusMinutes', value: 1 },
      });
      expect(settings.ok()).toBe(true);
      const created = await page.request.post('/api/todos', {
        data: { title: 'Read the chapter', estimateMinutes: 20 },
      });
      expect(created.status()).toBe(201);

      await page.goto('/dashboard/todos');
      const row = page.getByRole('listitem').filter({ hasText: 'Read the chapter' });
      await row.getByRole('button', { name: 'Focus on "Read the chapter"' }).click();
      await page.getByRole('menuitem', { name: /^Pomodoro/ }).click();
      const bar = page.getByRole('region', { name: 'Focus timer' });
      await expect(bar).toContainText('Focus');

      // The minute runs out, and the page says so (whether its clock or the server's word comes first).
      await expect(
        page.getByText('Focus period done: Read the chapter. Time for a break.'),
      ).toBeVisible({ timeout: 100_000 });
      // The server settled the period and began the break, which the bar then shows.
      await expect(bar).toContainText('Short break', { timeout: 15_000 });
      // The user's channel got the period's end, once.
      await expect.poll(() => messages.length, { timeout: 15_000 }).toBe(1);
      expect(messages[0]).toEqual({
        title: 'Daywise focus timer',
        body: 'Focus period done: Read the chapter. Time for a break.',
      });

      // The minute is on the todo and in the analytics' focus chart.
      await bar.getByRole('button', { name: 'Stop' }).click();
      await expect(bar).toBeHidden();
      await expect(row.getByTestId('focus-total')).toHaveText('1 min focused of 20 min');
      await page.goto('/dashboard/daily-goals?tab=analytics');
      await page.getByRole('button', { name: 'View Analytics' }).click();
      await expect(page.getByTestId('focus-total-range')).toHaveText(
        '1 min focused in the last 30 days',
      );
      await expect(
        page.getByRole('img', { name: 'Focus minutes per day over the last 30 days' }),
      ).toBeVisible();
      await expect(
        page.getByRole('img', { name: 'Estimate against actual minutes, by todo' }),
      ).toBeVisible();
    } finally {
      ntfy.closeAllConnections();
      await new Promise<void>((resolve) => ntfy.close(() => resolve()));
    }
  });
});
