import type { APIRequestContext } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { addDays, dayHeading } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

test.use({ locale: 'en-US' });

async function created<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as T;
}

test.describe('Review your day', () => {
  test('moves every unfinished item to tomorrow in one action, and Undo puts them back', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    const tomorrow = addDays(today, 1);
    await created(page.request, '/api/todos', { title: 'Pay rent', dueDate: today });
    const done = await created<{ id: string }>(page.request, '/api/todos', {
      title: 'Call mum',
      dueDate: today,
    });
    await page.request.patch(`/api/todos/${done.id}`, { data: { completed: true } });
    await created(page.request, '/api/plans', {
      title: 'My day',
      tasks: [{ title: 'Write the report' }],
    });

    await page.goto('/dashboard/today');
    await page.getByRole('link', { name: 'Review your day' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review your day' })).toBeVisible();
    const doneList = page.getByRole('region', { name: 'Done today (1)' });
    await expect(doneList.getByText('Call mum')).toBeVisible();
    const notDone = page.getByRole('region', { name: 'Not done (2)' });
    await expect(notDone.getByText('Pay rent')).toBeVisible();
    await expect(notDone.getByText('Daily plan: My day')).toBeVisible();

    const moveAll = () => page.getByRole('button', { name: 'Move all to tomorrow' }).click();
    const moved = `Moved 2 items to ${dayHeading(tomorrow)}`;
    const carried = `Moved to ${dayHeading(tomorrow)} as a todo`;

    // Undo puts both back: the todo due today again, the task waiting again.
    await moveAll();
    await expect(
      page.getByRole('region', { name: 'Not done (1)' }).getByText(carried),
    ).toBeVisible();
    await expect(page.getByText('Pay rent')).toHaveCount(0);
    await toast(page, moved).getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Put back as it was')).toBeVisible();
    await expect(notDone.getByText('Pay rent')).toBeVisible();
    await expect(notDone.getByRole('button', { name: 'Drop “Write the report”' })).toBeVisible();

    // Moved again, it holds after a reload, and tomorrow holds both as todos.
    await moveAll();
    await expect(toast(page, moved)).toBeVisible();
    await page.reload();
    await expect(page.getByText(carried)).toBeVisible();
    await expect(page.getByText('Pay rent')).toHaveCount(0);
    await page.goto('/dashboard/upcoming');
    const tomorrowSection = page.getByRole('region', { name: new RegExp(dayHeading(tomorrow)) });
    await expect(tomorrowSection.getByText('Pay rent')).toBeVisible();
    await expect(tomorrowSection.getByText('Write the report')).toBeVisible();
  });
});
