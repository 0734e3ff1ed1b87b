import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { addDays } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { chooseByKeyboard, toast } from '../support/locators';

// Saved filters in the web app (issue 32, ADR 0028): the sidebar's counts, a filter's page, the
// dialog's parsing as it is typed, editing and deleting.

async function ok<T>(response: Promise<{ status: () => number; json: () => Promise<unknown> }>) {
  const answer = await response;
  expect(answer.status(), 'the API accepted the request').toBeLessThan(300);
  return (await answer.json()) as T;
}

async function newTodo(
  request: APIRequestContext,
  title: string,
  dueDate: string | null,
  tagIds: string[] = [],
): Promise<{ id: string }> {
  return ok(request.post('/api/todos', { data: { title, dueDate, tagIds } }));
}

/** The sidebar's saved filters, each a link. */
const filtersNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('region', { name: 'Filters' });

const filterLinks = (page: Page) => filtersNav(page).getByRole('link');

const filterActions = (page: Page, name: string) =>
  filtersNav(page).getByRole('button', { name: `Actions for filter "${name}"` });

/** A filter's row in the sidebar, which is dragged and dropped on. */
const filterRow = (page: Page, name: string) =>
  filtersNav(page).getByRole('listitem').filter({ hasText: name });

/** The titles of a todo list of the page ('Pending Tasks' or 'Completed Tasks'). */
const titlesIn = (page: Page, list: string) =>
  page
    .getByRole('main')
    .getByRole('region', { name: new RegExp(`^${list}`) })
    .getByRole('heading', { level: 3 });

test.describe('Saved filters', () => {
  // Each test signs up and walks a page and its dialogs.
  test.slow();

  test('a new filter shows its count in the sidebar and exactly its todos on its page', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = await ok<{ date: string }>(page.request.get('/api/agenda/today'));
    const work = await ok<{ id: string }>(
      page.request.post('/api/tags', { data: { name: 'work' } }),
    );
    const ship = await newTodo(page.request, 'Ship the release', today, [work.id]);
    await newTodo(page.request, 'Send the invoice', addDays(today, -2), [work.id]);
    await newTodo(page.request, 'Buy bread', today);
    await newTodo(page.request, 'Plan the quarter', addDays(today, 1), [work.id]);

    await page.goto('/dashboard/todos');
    await filtersNav(page).getByRole('button', { name: 'New filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'New filter' });
    await dialog.getByLabel('Name').fill('Work now');
    await dialog.getByRole('button', { name: 'Colour #EF4444' }).click();
    const query = dialog.getByRole('combobox', { name: 'Query' });
    await query.fill('(today | overdue) & @wo');
    // The tag is suggested after '@', and chosen from the keyboard.
    await expect(dialog.getByRole('option', { name: '@work' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await query.press('Enter');
    await expect(query).toHaveValue('(today | overdue) & @work');
    await dialog.getByRole('button', { name: 'Create filter' }).click();
    await expect(toast(page, 'Filter created')).toBeVisible();

    // The new filter's page opens, headed by its name, with exactly the todos it matches.
    await expect(page).toHaveURL(/\/dashboard\/filters\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Work now' })).toBeVisible();
    // Newest first.
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText([
      'Send the invoice',
      'Ship the release',
    ]);
    await expect(filtersNav(page).getByRole('link', { name: 'Work now 2 items' })).toBeVisible();

    // A todo completed elsewhere leaves the count and moves to Completed by itself (still due
    // today; a completed todo is never overdue).
    await ok(page.request.patch(`/api/todos/${ship.id}`, { data: { completed: true } }));
    await expect(filtersNav(page).getByRole('link', { name: 'Work now 1 item' })).toBeVisible();
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText(['Send the invoice']);
    await expect(titlesIn(page, 'Completed Tasks')).toHaveText(['Ship the release']);
  });

  test('a query that does not parse cannot be saved; a filter is edited and deleted', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    await createVerifiedUser(page.request, server);
    const filter = await ok<{ id: string }>(
      page.request.post('/api/filters', { data: { name: 'Soon', query: 'next 7 days' } }),
    );
    await page.goto(`/dashboard/filters/${filter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Soon' })).toBeVisible();

    await page.getByRole('button', { name: 'Filter actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit filter' });
    const query = dialog.getByRole('combobox', { name: 'Query' });
    await expect(query).toHaveValue('next 7 days');
    await query.fill('today &');
    await expect(dialog.getByText("Expected a term after '&' at 7")).toBeVisible();
    await expect(query).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The error, the marked query and the open suggestions pass an accessibility scan.
    await query.press('End');
    await expect(dialog.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await expectNoSeriousA11yViolations();

    await query.fill('today | p1');
    await expect(query).toHaveAttribute('aria-invalid', 'false');
    await dialog.getByLabel('Name').fill('Today or urgent');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Filter updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Today or urgent' })).toBeVisible();
    await expect(filtersNav(page).getByRole('link', { name: 'Today or urgent' })).toBeVisible();

    await page.getByRole('button', { name: 'Filter actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete filter' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Filter deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
    await expect(filtersNav(page).getByText('No filters yet.')).toBeVisible();

    // A filter that is not the user's (here, deleted) is the dashboard's 'Page not found'.
    await page.goto(`/dashboard/filters/${filter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('filters are reordered in the sidebar by keyboard and by drag, with Undo, live in other tabs', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    for (const [name, query] of [
      ['Soon', 'next 7 days'],
      ['Urgent', 'p1'],
      ['Waiting', '@waiting'],
    ]) {
      await ok(page.request.post('/api/filters', { data: { name, query } }));
    }
    await page.goto('/dashboard/todos');
    await expect(filterLinks(page)).toHaveText(['Soon', 'Urgent', 'Waiting']);
    // Another tab of the same user, which follows the moves through the realtime channel.
    const other = await page.context().newPage();
    await other.goto('/dashboard/todos');
    await expect(other.locator('html[data-ready]')).toHaveCount(1);
    await expect(filterLinks(other)).toHaveText(['Soon', 'Urgent', 'Waiting']);

    // From the keyboard: Move up, and the focus stays on the moved filter's menu button.
    await chooseByKeyboard(page, filterActions(page, 'Waiting'), 'Move up');
    await expect(filterLinks(page)).toHaveText(['Soon', 'Waiting', 'Urgent']);
    await expect(filterActions(page, 'Waiting')).toBeFocused();
    // The toast's Undo puts it back, in the other tab too; it is then moved up again.
    await toast(page, 'Filter moved').getByRole('button', { name: 'Undo' }).click();
    await expect(filterLinks(page)).toHaveText(['Soon', 'Urgent', 'Waiting']);
    await expect(filterLinks(other)).toHaveText(['Soon', 'Urgent', 'Waiting']);
    await chooseByKeyboard(page, filterActions(page, 'Waiting'), 'Move up');
    await expect(filterLinks(page)).toHaveText(['Soon', 'Waiting', 'Urgent']);
    await chooseByKeyboard(page, filterActions(page, 'Soon'), 'Move down');
    await expect(filterLinks(page)).toHaveText(['Waiting', 'Soon', 'Urgent']);
    await expect(filterLinks(other)).toHaveText(['Waiting', 'Soon', 'Urgent']);

    // With the mouse: a filter dragged onto another takes its place.
    await filterRow(page, 'Urgent').dragTo(filterRow(page, 'Waiting'));
    await expect(filterLinks(page)).toHaveText(['Urgent', 'Waiting', 'Soon']);
    await expect(filterLinks(other)).toHaveText(['Urgent', 'Waiting', 'Soon']);
    const saved = await ok<{ filters: { name: string; position: number }[] }>(
      page.request.get('/api/filters'),
    );
    expect(saved.filters.map(({ name, position }) => [name, position])).toEqual([
      ['Urgent', 0],
      ['Waiting', 1],
      ['Soon', 2],
    ]);

    // A move the server refuses goes back, saying so.
    await page.route('**/api/filters/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
          })
        : route.fallback(),
    );
    await filterRow(page, 'Soon').dragTo(filterRow(page, 'Urgent'));
    await expect(toast(page, 'Failed to move filter')).toBeVisible();
    await expect(filterLinks(page)).toHaveText(['Urgent', 'Waiting', 'Soon']);
    await page.unroute('**/api/filters/*');
    await page.reload();
    await expect(filterLinks(page)).toHaveText(['Urgent', 'Waiting', 'Soon']);
    await other.close();
  });

  test("My Todos and a list's page take a typed query, kept in the address, saved as a filter", async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = await ok<{ date: string }>(page.request.get('/api/agenda/today'));
    const work = await ok<{ id: string }>(
      page.request.post('/api/tags', { data: { name: 'work' } }),
    );
    const home = await ok<{ id: string }>(
      page.request.post('/api/lists', { data: { name: 'Home' } }),
    );
    await newTodo(page.request, 'Ship the release', today, [work.id]);
    await newTodo(page.request, 'Send the invoice', addDays(today, -2), [work.id]);
    await newTodo(page.request, 'Buy bread', today);
    await ok(
      page.request.post('/api/todos', {
        data: { title: 'Fix the tap', dueDate: today, priority: 'high', listId: home.id },
      }),
    );

    await page.goto('/dashboard/todos');
    await page.getByRole('button', { name: 'Filters' }).click();
    const field = page.getByRole('combobox', { name: 'Filter' });
    // A query that does not parse says where, and changes nothing.
    await field.fill('today &');
    await expect(page.getByText("Expected a term after '&' at 7")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save as filter' })).toBeDisabled();
    await field.fill('today & @wo');
    await expect(page.getByRole('option', { name: '@work' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await field.press('Enter');
    await expect(field).toHaveValue('today & @work');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText(['Ship the release']);
    await expect(page).toHaveURL(/[?&]filter=today\+%26\+%40work$/);
    await expect(
      page.getByRole('button', { name: 'Remove filter Filter: today & @work' }),
    ).toBeVisible();

    // A reload, and leaving and coming back, keep it.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue('today & @work');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText(['Ship the release']);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Today/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/today$/);
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue('today & @work');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText(['Ship the release']);

    // Clear all clears it with the other filters.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue('');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveCount(4);
    await expect(page).toHaveURL(/\/dashboard\/todos$/);

    // On a list's page the query narrows the list's todos.
    await page.goto(`/dashboard/lists/${home.id}?filter=p1`);
    await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue('p1');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText(['Fix the tap']);
    await page.getByRole('combobox', { name: 'Filter' }).fill('p3');
    await expect(page.getByText('No pending tasks')).toBeVisible();

    // 'Save as filter' opens the saved filter's dialog with the query; its page opens once saved.
    await page.goto('/dashboard/todos?filter=overdue%20%7C%20%40work');
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText([
      'Send the invoice',
      'Ship the release',
    ]);
    await page.getByRole('button', { name: 'Save as filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'New filter' });
    await expect(dialog.getByRole('combobox', { name: 'Query' })).toHaveValue('overdue | @work');
    await dialog.getByLabel('Name').fill('Work to do');
    await dialog.getByRole('button', { name: 'Create filter' }).click();
    await expect(toast(page, 'Filter created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Work to do' })).toBeVisible();
    await expect(titlesIn(page, 'Pending Tasks')).toHaveText([
      'Send the invoice',
      'Ship the release',
    ]);
    await expect(filtersNav(page).getByRole('link', { name: 'Work to do 2 items' })).toBeVisible();
  });
});
