import type { APIRequestContext } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { addDays, dayHeading, dayName } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

// The browser's locale decides the week start; en-US weeks start on Sunday.
test.use({ locale: 'en-US' });

/** The first Sunday after `date`: a week of the calendar that lies wholly ahead. */
function nextSunday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, 7 - weekday);
}

async function createTodo(request: APIRequestContext, data: object) {
  const response = await request.post('/api/todos', { data });
  expect(response.status()).toBe(201);
}

test.describe('Calendar', () => {
  test('shows what is due on its day, moves a todo by dragging and by keyboard, and undoes', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    const sunday = nextSunday(today);
    await createTodo(page.request, { title: 'Pay rent', dueDate: sunday });
    await createTodo(page.request, {
      title: 'Gym',
      dueDate: sunday,
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=SU,WE', from: 'due' },
    });

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page).toHaveTitle('Calendar · Daywise');
    await expect(page.getByRole('region', { name: dayName(today) })).toHaveAttribute(
      'aria-current',
      'date',
    );

    // The week ahead, as its address names it.
    await page.goto(`/dashboard/calendar?view=week&day=${sunday}`);
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const day = (date: string) => page.getByRole('region', { name: dayName(date) });
    await expect(day(sunday).getByRole('button', { name: 'Pay rent', exact: true })).toBeVisible();
    await expect(day(addDays(sunday, 3)).getByLabel('Repeats')).toBeVisible();
    await expect(
      day(addDays(sunday, 3)).getByRole('button', { name: 'Gym', exact: true }),
    ).toBeVisible();

    // Dragged to Tuesday: it moves at once and stays there after a reload.
    const tuesday = addDays(sunday, 2);
    await day(sunday).getByRole('listitem').filter({ hasText: 'Pay rent' }).dragTo(day(tuesday));
    await expect(toast(page, `Moved to ${dayHeading(tuesday)}`)).toBeVisible();
    await expect(day(tuesday).getByRole('button', { name: 'Pay rent', exact: true })).toBeVisible();
    await page.reload();
    await expect(day(tuesday).getByRole('button', { name: 'Pay rent', exact: true })).toBeVisible();
    await expect(day(sunday).getByRole('button', { name: 'Pay rent', exact: true })).toHaveCount(0);

    // By keyboard: Move to… Friday, then Undo puts it back on Tuesday.
    const friday = addDays(sunday, 5);
    await day(tuesday).getByRole('button', { name: 'Move "Pay rent" to…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move to…' });
    await dialog.getByLabel('Due Date').fill(friday);
    await page.keyboard.press('Enter');
    await expect(day(friday).getByRole('button', { name: 'Pay rent', exact: true })).toBeVisible();
    await toast(page, `Moved to ${dayHeading(friday)}`)
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(day(tuesday).getByRole('button', { name: 'Pay rent', exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const todos = (await (await page.request.get('/api/todos?q=Pay')).json()) as {
          items: { dueDate: string }[];
        };
        return todos.items[0]?.dueDate;
      })
      .toBe(tuesday);

    // A day's '+' opens New Todo due that day.
    await day(friday)
      .getByRole('button', { name: `Add a todo on ${dayName(friday)}` })
      .click();
    const create = page.getByRole('dialog', { name: 'Create New Todo' });
    await expect(create.getByLabel('Due Date')).toHaveValue(friday);
    await create.getByLabel('Title').fill('Dinner with Sam');
    await create.getByRole('button', { name: 'Create Todo' }).click();
    await expect(
      day(friday).getByRole('button', { name: 'Dinner with Sam', exact: true }),
    ).toBeVisible();
  });
});
