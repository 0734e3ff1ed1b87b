import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

// Subtasks and sections in the web app (issue 32, ADR 0027's web section).

interface TodoAnswer {
  id: string;
  title: string;
  completed: boolean;
}

async function newTodo(request: APIRequestContext, title: string): Promise<TodoAnswer> {
  const response = await request.post('/api/todos', { data: { title } });
  expect(response.status()).toBe(201);
  return (await response.json()) as TodoAnswer;
}

/** A todo's subtasks as the server has them. */
async function subtasksOf(request: APIRequestContext, id: string): Promise<TodoAnswer[]> {
  const response = await request.get(`/api/todos?parent=${id}`);
  return ((await response.json()) as { items: TodoAnswer[] }).items;
}

const row = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();

const section = (page: Page, name: string) =>
  page.getByRole('main').getByRole('region', { name: new RegExp(`^${name}`) });

test.describe('Subtasks and sections', () => {
  test('adds subtasks in the dialog, counts and shows them, completes them with their parent and undoes that', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const parent = await newTodo(page.request, 'Plan the trip');
    await page.goto('/dashboard/lists/inbox');

    await row(page, 'Plan the trip').getByRole('button', { name: 'Edit "Plan the trip"' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Todo' });
    const field = dialog.getByRole('textbox', { name: 'New subtask' });
    await field.fill('Book the train');
    await field.press('Enter');
    await expect(dialog.getByText('Book the train')).toBeVisible();
    await field.fill('Pack the bags');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Pack the bags')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const expand = page.getByRole('button', { name: 'Subtasks of "Plan the trip"' });
    await expect(row(page, 'Plan the trip').getByText('2 of 2 subtasks open')).toBeAttached();
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('checkbox', { name: 'Mark "Book the train" as completed' }).click();
    await expect(toast(page, 'Todo completed!')).toBeVisible();
    await expect(row(page, 'Plan the trip').getByText('1/2')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Complete Todo' });
    await expect(ask).toContainText('Its open subtask will be completed with it.');
    await ask.getByRole('button', { name: 'Complete all' }).click();
    await expect
      .poll(async () => (await subtasksOf(page.request, parent.id)).map((todo) => todo.completed))
      .toEqual([true, true]);
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Pack the bags" as pending' }),
    ).toBeChecked();

    // One Undo reopens the parent and what it completed, not what was done before.
    await toast(page, 'Todo completed!').getByRole('button', { name: 'Undo' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }),
    ).not.toBeChecked();
    await expect
      .poll(async () =>
        (await subtasksOf(page.request, parent.id))
          .map((todo) => [todo.title, todo.completed])
          .sort(),
      )
      .toEqual([
        ['Book the train', true],
        ['Pack the bags', false],
      ]);
  });

  test('adds sections, moves a todo into one with Move to…, and reorders them', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await newTodo(page.request, 'Buy milk');
    await page.goto('/dashboard/lists/inbox');
    await expect(row(page, 'Buy milk')).toBeVisible();

    for (const name of ['Errands', 'Calls']) {
      await page.getByRole('button', { name: 'Add section' }).click();
      const input = page.getByRole('textbox', { name: 'New section name' });
      await input.fill(name);
      await input.press('Enter');
      await expect(section(page, name)).toBeVisible();
    }

    await page.getByRole('button', { name: 'Move "Buy milk" to…' }).click();
    await page.getByRole('menuitem', { name: 'Errands' }).click();
    await expect(toast(page, 'Moved to Errands')).toBeVisible();
    await expect(section(page, 'Errands').getByRole('heading', { name: 'Buy milk' })).toBeVisible();

    await page.getByRole('button', { name: 'Actions for section "Calls"' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect(toast(page, 'Section moved')).toBeVisible();
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/api/sections')).json()) as {
          sections: { name: string }[];
        };
        return answer.sections.map((one) => one.name);
      })
      .toEqual(['Calls', 'Errands']);
    await page.reload();
    await expect(
      page.getByRole('main').getByRole('heading', { level: 3, name: /^(Calls|Errands)/ }),
    ).toHaveText([/^Calls/, /^Errands/]);
    await expect(section(page, 'Errands').getByRole('heading', { name: 'Buy milk' })).toBeVisible();
  });

  test('a move the server refuses goes back and says so', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    await newTodo(page.request, 'Buy milk');
    const created = await page.request.post('/api/sections', {
      data: { listId: null, name: 'Errands' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard/lists/inbox');
    await expect(section(page, 'Errands')).toBeVisible();

    await page.route('**/api/todos/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Move "Buy milk" to…' }).click();
    await page.getByRole('menuitem', { name: 'Errands' }).click();
    await expect(toast(page, 'Failed to move todo')).toBeVisible();
    await expect(section(page, 'Errands').getByText('No todos in this section')).toBeVisible();
    await expect(row(page, 'Buy milk')).toBeVisible();
  });
});
