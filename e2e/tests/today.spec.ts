import type { APIRequestContext } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { addDays, dayHeading } from '../support/dates';
import { expect, test } from '../support/fixtures';

async function createTodo(request: APIRequestContext, title: string, dueDate: string) {
  expect((await request.post('/api/todos', { data: { title, dueDate } })).status()).toBe(201);
}

test.describe('Today and Upcoming', () => {
  test('list exactly what is due, with the counts in the sidebar, and complete in place', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    // The user's today, as the server counts it in their time zone.
    const today = (await (await page.request.get('/api/agenda/today')).json()) as { date: string };
    await createTodo(page.request, 'Pay the bill', addDays(today.date, -2));
    await createTodo(page.request, 'Call mum', today.date);
    await createTodo(page.request, 'Renew passport', addDays(today.date, 3));
    await createTodo(page.request, 'Plan the trip', addDays(today.date, 30));
    expect(
      (
        await page.request.post('/api/plans', {
          data: { title: 'Good day', tasks: [{ title: 'Stretch' }] },
        })
      ).status(),
    ).toBe(201);

    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Today 3 items' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Upcoming 1 item' })).toBeVisible();

    await nav.getByRole('link', { name: 'Today 3 items' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page).toHaveTitle('Today · Daywise');
    const main = page.getByRole('main');
    const group = (name: RegExp) => main.getByRole('region', { name });
    await expect(group(/^Overdue/).getByRole('listitem')).toHaveText([/Pay the bill/]);
    await expect(group(/^Due Today/).getByRole('listitem')).toHaveText([/Call mum/]);
    await expect(group(/^Daily Plan/).getByRole('listitem')).toHaveText([/Stretch/]);
    await expect(group(/^Shared Plans/)).toHaveCount(0);
    await expect(main.getByText('Renew passport')).toBeHidden();
    await expect(main.getByText('Plan the trip')).toBeHidden();

    await main.getByRole('checkbox', { name: 'Mark "Call mum" as completed' }).click();
    await expect(page.getByText('Todo completed!')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Today 2 items' })).toBeVisible();
    const done = main.getByRole('checkbox', { name: 'Mark "Call mum" as pending' });
    await expect(done).toBeChecked();
    await expect(main.getByRole('link', { name: 'Call mum' })).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );

    await nav.getByRole('link', { name: 'Upcoming 1 item' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(
      Array.from({ length: 7 }, (_, index) => dayHeading(addDays(today.date, index + 1))),
    );
    await expect(
      group(new RegExp(`^${dayHeading(addDays(today.date, 3))}`)).getByRole('listitem'),
    ).toHaveText([/Renew passport/]);
    await expect(main.getByRole('listitem')).toHaveCount(1);

    // The link takes the todo to where it lives.
    await nav.getByRole('link', { name: 'Today 2 items' }).click();
    await main.getByRole('link', { name: 'Pay the bill' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos\?due=overdue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
  });
});
