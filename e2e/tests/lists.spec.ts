import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { chooseByKeyboard, toast } from '../support/locators';

// Lists (issue 32, ADR 0029): the sidebar, a list's page, moving todos and quick add's #List.

interface ListAnswer {
  id: string;
  name: string;
}

async function newList(request: APIRequestContext, name: string): Promise<ListAnswer> {
  const response = await request.post('/api/lists', { data: { name } });
  expect(response.status()).toBe(201);
  return (await response.json()) as ListAnswer;
}

async function newTodo(
  request: APIRequestContext,
  title: string,
  listId: string | null = null,
): Promise<{ id: string }> {
  const response = await request.post('/api/todos', { data: { title, listId } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/** The titles of the user's todos in `list` ('inbox' or an id), as the server has them. */
async function titlesIn(request: APIRequestContext, list: string): Promise<string[]> {
  const response = await request.get(`/api/todos?list=${list}`);
  const { items } = (await response.json()) as { items: { title: string }[] };
  return items.map((todo) => todo.title).sort();
}

/** The sidebar's lists: the Inbox and the lists not archived, each a link. */
const listsNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('region', { name: 'Lists' });

const listLinks = (page: Page) => listsNav(page).locator(':scope > ul').getByRole('link');

const actions = (page: Page, name: string) =>
  listsNav(page).getByRole('button', { name: `Actions for list "${name}"` });

const row = (page: Page, title: string) =>
  page.getByRole('main').getByRole('listitem').filter({ hasText: title });

test.describe('Lists', () => {
  // Each test signs up and walks several pages and dialogs.
  test.slow();

  test('creates, renames, recolours, reorders by keyboard, archives and restores a list', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/todos');
    await expect(listLinks(page)).toHaveText(['Inbox']);

    await listsNav(page).getByRole('button', { name: 'New list' }).click();
    const create = page.getByRole('dialog', { name: 'New list' });
    await create.getByLabel('Name').fill('Work');
    await create.getByRole('button', { name: 'Colour #10B981' }).click();
    await create.getByRole('button', { name: 'Create list' }).click();
    await expect(toast(page, 'List created')).toBeVisible();
    await expect(create).toBeHidden();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work']);

    // A list made elsewhere (another tab, the API) shows here by itself.
    await newList(page.request, 'Home');
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work', 'Home']);

    // Move up from the keyboard; the focus stays on the list's actions.
    await chooseByKeyboard(page, actions(page, 'Home'), 'Move up');
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home', 'Work']);
    await expect(actions(page, 'Home')).toBeFocused();
    await chooseByKeyboard(page, actions(page, 'Home'), 'Move down');
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work', 'Home']);
    await chooseByKeyboard(page, actions(page, 'Work'), 'Move down');
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home', 'Work']);
    await page.reload();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home', 'Work']);

    // Rename and recolour.
    await chooseByKeyboard(page, actions(page, 'Work'), 'Edit…');
    const edit = page.getByRole('dialog', { name: 'Edit list' });
    await expect(edit.getByLabel('Name')).toHaveValue('Work');
    await expect(edit.getByRole('button', { name: 'Colour #10B981' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await edit.getByLabel('Name').fill('Office');
    await edit.getByRole('button', { name: 'Colour #EF4444' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'List updated')).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home', 'Office']);
    const lists = (await (await page.request.get('/api/lists')).json()) as {
      lists: { name: string; color: string }[];
    };
    expect(lists.lists.map(({ name, color }) => [name, color])).toEqual([
      ['Home', '#3B82F6'],
      ['Office', '#EF4444'],
    ]);

    // Archived lists fold away under 'Archived', and come back from there.
    await chooseByKeyboard(page, actions(page, 'Office'), 'Archive');
    await expect(toast(page, 'List archived')).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home']);
    const archived = listsNav(page).getByText('Archived (1)');
    await archived.click();
    await chooseByKeyboard(page, actions(page, 'Office'), 'Restore');
    await expect(toast(page, 'List restored')).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Home', 'Office']);
    await expect(listsNav(page).getByText(/Archived/)).toHaveCount(0);
  });

  test('deletes a list, moving its todos to the Inbox or deleting them with it', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const errands = await newList(page.request, 'Errands');
    const chores = await newList(page.request, 'Chores');
    await newTodo(page.request, 'Buy stamps', errands.id);
    await newTodo(page.request, 'Mop the floor', chores.id);
    await newTodo(page.request, 'Loose end');

    await page.goto(`/dashboard/lists/${errands.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Errands' })).toBeVisible();
    await expect(row(page, 'Buy stamps')).toBeVisible();

    // Escape keeps the list, and the focus goes back to its actions.
    await chooseByKeyboard(page, actions(page, 'Errands'), 'Delete…');
    const confirm = page.getByRole('alertdialog', { name: 'Delete list' });
    await expect(confirm).toContainText('“Errands” holds todos');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(actions(page, 'Errands')).toBeFocused();

    // Moving them: the page goes to the Inbox, where they are now.
    await chooseByKeyboard(page, actions(page, 'Errands'), 'Delete…');
    await confirm.getByRole('button', { name: 'Move todos to Inbox' }).click();
    await expect(toast(page, 'List deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/lists\/inbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(row(page, 'Buy stamps')).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox 2 items', 'Chores 1 item']);
    expect(await titlesIn(page.request, 'inbox')).toEqual(['Buy stamps', 'Loose end']);

    // Deleting them with it.
    await actions(page, 'Chores').click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await confirm.getByRole('button', { name: 'Delete list and todos' }).click();
    await expect(confirm).toBeHidden();
    await expect(listLinks(page)).toHaveText(['Inbox 2 items']);
    expect(await titlesIn(page.request, 'inbox')).toEqual(['Buy stamps', 'Loose end']);
    const all = (await (await page.request.get('/api/todos')).json()) as { total: number };
    expect(all.total).toBe(2);
  });

  test('counts follow changes made in another tab', async ({ page, server, context }) => {
    await createVerifiedUser(page.request, server);
    const work = await newList(page.request, 'Work');
    await page.goto('/dashboard/todos');
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work']);

    const other = await context.newPage();
    await other.goto(`/dashboard/lists/${work.id}`);
    await expect(other.getByText('No todos in this list')).toBeVisible();
    await other.getByRole('button', { name: 'New Todo' }).click();
    const dialog = other.getByRole('dialog', { name: 'Create New Todo' });
    await expect(dialog.getByLabel('List')).toHaveValue(work.id);
    await dialog.getByLabel('Title').fill('Write report');
    await dialog.getByRole('button', { name: 'Create Todo' }).click();
    await expect(row(other, 'Write report')).toBeVisible();

    // The first tab hears of it.
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work 1 item']);
    await other.getByRole('checkbox', { name: 'Mark "Write report" as completed' }).click();
    await expect(listLinks(page)).toHaveText(['Inbox', 'Work']);
    await expect(listLinks(other)).toHaveText(['Inbox', 'Work']);
    await newTodo(page.request, 'Call the bank');
    await expect(listLinks(other)).toHaveText(['Inbox 1 item', 'Work']);
  });

  test('a list page: quick add with #List, search, and an unknown list', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const work = await newList(page.request, 'Work');
    const trip = await newList(page.request, 'Summer trip');
    await page.goto(`/dashboard/lists/${work.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Work' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Work');
    await expect(page).toHaveTitle('Work · Daywise');
    await expect(page.getByText('No todos in this list')).toBeVisible();

    // Quick add from the empty list: the todo goes into this list.
    await page.getByRole('button', { name: 'Quick add a todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    const line = dialog.getByRole('combobox', { name: 'Todo' });
    await line.fill('Call Bob');
    await line.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Call Bob')).toBeVisible();

    // #"Two words" names another list; a suggestion completes #Wo to #Work.
    await page.keyboard.press('q');
    await expect(line).toBeFocused();
    await line.pressSequentially('Book flights #"summer trip" p1');
    const understood = dialog.getByRole('list', { name: 'Understood' }).getByRole('listitem');
    await expect(understood).toHaveText(['List: Summer trip', 'High priority']);
    await line.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Book flights')).toHaveCount(0);
    expect(await titlesIn(page.request, trip.id)).toEqual(['Book flights']);

    await page.keyboard.press('q');
    await line.pressSequentially('Send invoice #nope #Wo');
    const suggestions = dialog.getByRole('listbox', { name: 'Lists' });
    await expect(suggestions.getByRole('option')).toHaveText(['#Work']);
    await expect(line).toHaveAttribute('aria-expanded', 'true');
    await line.press('Enter');
    await expect(line).toHaveValue('Send invoice #nope #Work ');
    await expect(understood).toHaveText(['List: Work']);
    await expect(dialog.getByText('Title: Send invoice #nope')).toBeVisible();
    await line.press('Enter');
    await expect(row(page, 'Send invoice #nope')).toBeVisible();

    // The page's search is the todo page's, within the list.
    await page.getByRole('searchbox', { name: 'Search todos' }).fill('bob');
    await expect(row(page, 'Call Bob')).toBeVisible();
    await expect(row(page, 'Send invoice')).toHaveCount(0);

    await page.goto('/dashboard/lists/no-such-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('moves a todo with Move to… and Undo, and by dragging it onto a list', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const work = await newList(page.request, 'Work');
    await newTodo(page.request, 'Report');
    await newTodo(page.request, 'Slides');
    await page.goto('/dashboard/lists/inbox');
    await expect(row(page, 'Report')).toBeVisible();

    await row(page, 'Report').getByRole('button', { name: 'Move "Report" to…' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Inbox/ })).toBeDisabled();
    await menu.getByRole('menuitem', { name: 'Work' }).click();
    await expect(row(page, 'Report')).toHaveCount(0);
    await expect(listLinks(page)).toHaveText(['Inbox 1 item', 'Work 1 item']);
    const moved = toast(page, 'Moved to Work');
    await moved.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, 'Report')).toBeVisible();
    await expect(listLinks(page)).toHaveText(['Inbox 2 items', 'Work']);
    await page.reload();
    await expect(row(page, 'Report')).toBeVisible();
    expect(await titlesIn(page.request, work.id)).toEqual([]);

    // Dragging a row onto a list in the sidebar moves it there.
    await row(page, 'Slides').dragTo(listLinks(page).filter({ hasText: 'Work' }));
    await expect(toast(page, 'Moved to Work')).toBeVisible();
    await expect(row(page, 'Slides')).toHaveCount(0);
    expect(await titlesIn(page.request, work.id)).toEqual(['Slides']);
  });
});
