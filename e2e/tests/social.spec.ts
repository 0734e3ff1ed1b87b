import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';
import type { RunningServer } from '../support/server';

/** Polling runs every 5 s (requests) and 3 s (an open chat); leave room for one round and a bit. */
const POLLED = { timeout: 12_000 };
const HTML_MESSAGE = '<b>bold</b><script>window.__pwned = true</script>';

interface Person {
  page: Page;
  name: string;
  email: string;
}

/** Opens `path` once the app is interactive (the fixture's page.goto does this for `page`). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
}

/** A second person, signed in within a browser context of their own. */
async function secondPerson(
  browser: Browser,
  server: RunningServer,
  name: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Person> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await prepare?.(page);
  const user = await createVerifiedUser(context.request, server, name);
  return { page, ...user };
}

/** Ada on the test's own page and Grace in a browser context of her own, both signed in. */
async function adaAndGrace(
  page: Page,
  server: RunningServer,
  browser: Browser,
  prepareGrace?: (page: Page) => Promise<void>,
): Promise<{ ada: Person; grace: Person }> {
  const ada = { page, ...(await createVerifiedUser(page.request, server, 'Ada Lovelace')) };
  const grace = await secondPerson(browser, server, 'Grace Hopper', prepareGrace);
  return { ada, grace };
}

/** Search finds only public profiles, so the one to be found opens theirs. */
async function makePublic(request: APIRequestContext): Promise<void> {
  const answer = await request.patch('/api/settings', {
    data: { group: 'privacy', key: 'profileVisibility', value: 'public' },
  });
  expect(answer.ok()).toBe(true);
}

/** Friends through the API, for the tests about what comes after. */
async function befriend(from: Person, to: Person): Promise<void> {
  await makePublic(to.page.request);
  const found = await from.page.request.get(`/api/users/search?q=${encodeURIComponent(to.email)}`);
  const { results } = (await found.json()) as { results: { id: string }[] };
  const sent = await from.page.request.post('/api/friend-requests', {
    data: { toUserId: results[0]?.id },
  });
  expect(sent.status()).toBe(201);
  const { requests } = (await (await to.page.request.get('/api/friend-requests')).json()) as {
    requests: { id: string }[];
  };
  const accepted = await to.page.request.post(`/api/friend-requests/${requests[0]?.id}/accept`);
  expect(accepted.status()).toBe(200);
}

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const messageItem = (page: Page, text: string) =>
  messages(page).getByRole('listitem').filter({ hasText: text });

async function openChat(page: Page, friendName: string): Promise<void> {
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page
    .getByRole('navigation', { name: 'Chats' })
    .getByRole('button', { name: friendName })
    .click();
  await expect(page.getByRole('heading', { name: friendName })).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messageItem(page, text)).toBeVisible();
}

/** Sends a friend request from the Friends tab, finding the other by their email. */
async function requestFriendship(page: Page, other: Person): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search users by name or email' });
  await search.fill(other.email);
  await search.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByText(other.email)).toBeVisible();
  await results.getByRole('button', { name: `Add ${other.name} as a friend` }).click();
  await expect(results.getByText('Request sent')).toBeVisible();
}

test.describe('Social', () => {
  test('a newcomer: a failed load offers Try Again, short and empty searches explain themselves, the chat points to Friends', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Mae Jemison');
    await page.route('**/api/friends', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } }),
    );
    await visit(page, '/dashboard/social');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load social data' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Loading social data...')).toHaveCount(0);
    await page.unroute('**/api/friends');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('tab', { name: 'Friends' })).toBeVisible();

    const box = page.getByRole('searchbox', { name: 'Search users by name or email' });
    await box.fill('z');
    await box.press('Enter');
    await expect(page.getByText('Type at least 2 letters to search.')).toBeVisible();
    await box.fill('zzqqxx');
    await box.press('Enter');
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('They can make their profile visible in Settings.')).toBeVisible();

    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(
      page.getByText('Add a friend on the Friends tab to start chatting.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Go to Friends' }).click();
    await expect(page.getByRole('tab', { name: 'Friends' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('two people become friends and chat both ways, live, with edits and deletes', async ({
    page,
    server,
    browser,
    expectNoSeriousA11yViolations,
  }) => {
    // Two browsers through sign-up, friendship and a whole chat: over 30 s on a loaded machine.
    test.slow();
    const { ada, grace } = await adaAndGrace(page, server, browser);
    await makePublic(grace.page.request);
    await ada.page.goto('/dashboard/social');
    await visit(grace.page, '/dashboard/social');
    await expect(ada.page.getByRole('heading', { name: 'Social', level: 1 })).toBeVisible();
    await expect(
      ada.page.getByText('Connect with friends, chat, and share daily plans'),
    ).toBeVisible();
    await expect(
      ada.page.getByText('No friends yet. Search for users to send friend requests!'),
    ).toBeVisible();

    // Search and request; the button waits for text.
    const searchButton = ada.page.getByRole('button', { name: 'Search', exact: true });
    await expect(searchButton).toBeDisabled();
    await requestFriendship(ada.page, grace);

    // Grace sees the request arrive, badge first, and accepts it.
    await expect(
      grace.page.getByRole('tab', { name: /^Friends\s*1 pending request$/ }),
    ).toBeVisible();
    await expect(grace.page.getByRole('heading', { name: 'Friend Requests (1)' })).toBeVisible();
    await grace.page
      .getByRole('button', { name: `Accept friend request from ${ada.name}` })
      .click();
    await expect(grace.page.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();
    await expect(grace.page.getByRole('tab', { name: 'Friends', exact: true })).toBeVisible();
    await expect(ada.page.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();
    await expect(ada.page.getByRole('list', { name: 'Search results' })).toContainText('Friends');

    // Ada starts the chat from her friends list.
    await ada.page.getByRole('button', { name: `Chat with ${grace.name}` }).click();
    await expect(ada.page.getByRole('tab', { name: 'Chat' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(ada.page.getByRole('heading', { name: grace.name })).toBeVisible();
    await expect(ada.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await send(ada.page, 'Hello Grace!');
    await expect(messageItem(ada.page, 'Hello Grace!')).toContainText('Just now');

    // Grace sees it counted as unread, opens the chat, and answers.
    await grace.page.getByRole('tab', { name: 'Chat' }).click();
    await expect(grace.page.getByText('Select a friend to start chatting')).toBeVisible();
    await expect(
      grace.page.getByRole('button', { name: new RegExp(`^${ada.name}\\s*1 unread message$`) }),
    ).toBeVisible();
    await openChat(grace.page, ada.name);
    await expect(messageItem(grace.page, 'Hello Grace!')).toBeVisible();
    await expect(grace.page.getByRole('button', { name: ada.name, exact: true })).toBeVisible();
    await send(grace.page, 'Hi Ada, how are the engines?');
    await expect(messageItem(ada.page, 'Hi Ada, how are the engines?')).toBeVisible();

    // Ada edits her message inline; Grace sees the new words and the mark.
    await messageItem(ada.page, 'Hello Grace!')
      .getByRole('button', { name: 'Edit message' })
      .click();
    const editBox = ada.page.getByRole('textbox', { name: 'Edit message' });
    await editBox.press('Escape');
    await expect(editBox).toBeHidden();
    await messageItem(ada.page, 'Hello Grace!')
      .getByRole('button', { name: 'Edit message' })
      .click();
    await editBox.fill('Hello Grace, admiral!');
    await editBox.press('Enter');
    await expect(messageItem(ada.page, 'Hello Grace, admiral!')).toContainText('(edited)');
    await expect(messageItem(grace.page, 'Hello Grace, admiral!')).toContainText('(edited)');
    // Only one's own messages can be changed.
    await expect(messageItem(grace.page, 'Hello Grace, admiral!').getByRole('button')).toHaveCount(
      0,
    );

    // HTML in a message is shown as text, never run.
    await send(ada.page, HTML_MESSAGE);
    await expect(messageItem(grace.page, HTML_MESSAGE)).toBeVisible();
    await expect(messages(grace.page).locator('b, script')).toHaveCount(0);
    expect(await grace.page.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);

    // Ada deletes a message after confirming; it goes for both.
    await messageItem(ada.page, HTML_MESSAGE)
      .getByRole('button', { name: 'Delete message' })
      .click();
    const confirm = ada.page.getByRole('alertdialog', { name: 'Delete Message' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this message? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(messageItem(ada.page, HTML_MESSAGE)).toHaveCount(0);
    await expect(messageItem(grace.page, HTML_MESSAGE)).toHaveCount(0);

    await expectNoSeriousA11yViolations();

    // Grace deletes the chat; it closes for both.
    await grace.page.getByRole('button', { name: 'Delete chat' }).click();
    const deleteChat = grace.page.getByRole('alertdialog', { name: 'Delete Chat' });
    await expect(deleteChat).toContainText(
      'All messages will be permanently deleted and cannot be recovered.',
    );
    await deleteChat.getByRole('button', { name: 'Delete' }).click();
    await expect(grace.page.getByText('Select a friend to start chatting')).toBeVisible();
    await expect(ada.page.getByText('Select a friend to start chatting')).toBeVisible();
  });

  test('a shared plan both people add to and tick off', async ({ page, server, browser }) => {
    // Two browsers through sign-up, friendship and a plan's whole life: over 30 s when loaded.
    test.slow();
    const { ada, grace } = await adaAndGrace(page, server, browser);
    await ada.page.goto('/dashboard/social', { waitUntil: 'load' });
    await ada.page.getByRole('tab', { name: 'Shared Plans' }).click();
    await expect(ada.page.getByText('No shared plans yet')).toBeVisible();
    await expect(ada.page.getByText('Add friends first to create shared plans')).toBeVisible();
    await expect(ada.page.getByRole('button', { name: 'Create Plan' })).toBeDisabled();

    // The friendship reaches Ada's open page by itself.
    await befriend(ada, grace);
    await visit(grace.page, '/dashboard/social');
    await grace.page.getByRole('tab', { name: 'Shared Plans' }).click();

    await ada.page.getByRole('button', { name: 'Create Your First Plan' }).click();
    const create = ada.page.getByRole('dialog', { name: 'Create Shared Plan' });
    await create.getByRole('button', { name: 'Create Plan' }).click();
    await expect(create.getByText('Plan title is required')).toBeVisible();
    await expect(create.getByText('Target date is required')).toBeVisible();
    await expect(create.getByText('Please choose a friend')).toBeVisible();
    await create.getByLabel('Plan Title').fill('  Saturday hike ');
    await create.getByLabel('Target Date').fill('2026-11-28');
    await create.getByLabel('Share with Friend').selectOption({ label: grace.name });
    await create.getByRole('button', { name: 'Create Plan' }).click();
    await expect(create).toBeHidden();

    for (const [person, other] of [
      [ada, grace],
      [grace, ada],
    ] as const) {
      const card = person.page.getByRole('listitem').filter({ hasText: 'Saturday hike' });
      await expect(card).toContainText('Nov 28, 2026');
      await expect(card).toContainText(`With: ${other.name}`);
      await expect(card).toContainText('Tasks: 0');
      await card.getByRole('button', { name: 'Saturday hike', exact: true }).click();
      const detail = person.page.getByRole('dialog', { name: 'Saturday hike' });
      await expect(detail).toContainText(`Shared with${other.name}`);
      await expect(detail).toContainText('Target DateNov 28, 2026');
      await expect(detail.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    }
    const adaPlan = ada.page.getByRole('dialog', { name: 'Saturday hike' });
    const gracePlan = grace.page.getByRole('dialog', { name: 'Saturday hike' });
    await expect(adaPlan.getByText('No tasks yet. Add one above!')).toBeVisible();

    await adaPlan.getByRole('textbox', { name: 'New task' }).fill('Buy snacks');
    await adaPlan.getByRole('textbox', { name: 'New task' }).press('Enter');
    await gracePlan.getByRole('textbox', { name: 'New task' }).fill('Pack boots');
    await gracePlan.getByRole('button', { name: 'Add', exact: true }).click();
    for (const plan of [adaPlan, gracePlan]) {
      await expect(plan.getByRole('listitem').filter({ hasText: 'Buy snacks' })).toContainText(
        `by ${ada.name}`,
      );
      await expect(plan.getByRole('listitem').filter({ hasText: 'Pack boots' })).toContainText(
        `by ${grace.name}`,
      );
    }

    // Each ticks the other's task and sees their own ticked by the other.
    await gracePlan.getByRole('checkbox', { name: 'Mark "Buy snacks" as completed' }).click();
    await expect(
      gracePlan.getByRole('checkbox', { name: 'Mark "Buy snacks" as pending' }),
    ).toBeChecked();
    await expect(
      adaPlan.getByRole('checkbox', { name: 'Mark "Buy snacks" as pending' }),
    ).toBeChecked();
    await expect(adaPlan.getByText('Buy snacks', { exact: true })).toHaveClass(/line-through/);
    await adaPlan.getByRole('checkbox', { name: 'Mark "Pack boots" as completed' }).click();
    await expect(
      gracePlan.getByRole('checkbox', { name: 'Mark "Pack boots" as pending' }),
    ).toBeChecked();
    // Ada takes her tick back from the toast; both see the task pending again.
    await toast(ada.page, 'Task completed').getByRole('button', { name: 'Undo' }).click();
    for (const plan of [adaPlan, gracePlan]) {
      await expect(
        plan.getByRole('checkbox', { name: 'Mark "Pack boots" as completed' }),
      ).not.toBeChecked();
    }

    // Grace deletes a task after confirming, and takes it back with Undo: Ada never loses it.
    const deleteTask = async () => {
      await gracePlan.getByRole('button', { name: 'Delete task "Pack boots"' }).click();
      const confirmTask = grace.page.getByRole('alertdialog', { name: 'Delete Task' });
      await confirmTask.getByRole('button', { name: 'Delete' }).click();
      await expect(gracePlan.getByText('Pack boots')).toHaveCount(0);
    };
    // From the keyboard: the toast is in the dialog, so Tab reaches the toast's Undo inside the
    // dialog's focus trap (a few presses on from its Close button, past the toast's own close).
    // The walk races the 5 s undo window, so it does no more than it must: one check a press.
    const undo = gracePlan
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Task deleted' })
      .getByRole('button', { name: 'Undo' });
    const close = gracePlan.getByRole('button', { name: 'Close', exact: true });
    await deleteTask();
    await close.focus();
    let onUndo = await undo.evaluate((button) => button === document.activeElement);
    for (let presses = 0; !onUndo && presses < 6; presses += 1) {
      await grace.page.keyboard.press('Tab');
      onUndo = await undo.evaluate((button) => button === document.activeElement);
    }
    expect(onUndo, 'Tab reached Undo').toBe(true);
    await grace.page.keyboard.press('Enter');
    // The task is back and takes the focus from the Undo that goes away, not the dialog's Close.
    await expect(
      gracePlan.getByRole('checkbox', { name: 'Mark "Pack boots" as completed' }),
    ).toBeFocused();
    await expect(adaPlan.getByText('Pack boots')).toBeVisible();
    // Deleted again and left to go: once the undo window ends, Ada sees it go.
    await deleteTask();
    await expect(toast(grace.page, 'Task deleted')).toHaveCount(0);
    await expect(adaPlan.getByText('Pack boots')).toHaveCount(0);
    await adaPlan.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(ada.page.getByRole('listitem').filter({ hasText: 'Saturday hike' })).toContainText(
      'Tasks: 1',
    );

    // Ada deletes the plan; it goes for Grace too, open detail and all.
    await ada.page.getByRole('button', { name: 'Delete plan "Saturday hike"' }).click();
    const confirmPlan = ada.page.getByRole('alertdialog', { name: 'Delete Shared Plan' });
    await confirmPlan.getByRole('button', { name: 'Delete' }).click();
    await expect(ada.page.getByText('No shared plans yet')).toBeVisible();
    await expect(gracePlan).toBeHidden();
    await expect(grace.page.getByText('No shared plans yet')).toBeVisible();
  });

  test('after unfriending, the shared plan and the chat stay readable, read-only, until friends again', async ({
    page,
    server,
    browser,
  }) => {
    test.slow();
    const { ada, grace } = await adaAndGrace(page, server, browser);
    await befriend(ada, grace);
    const friendId = async (person: Person) => {
      const answer = await person.page.request.get('/api/friends');
      return ((await answer.json()) as { friends: { id: string }[] }).friends[0]!.id;
    };
    const graceId = await friendId(ada);
    const adaId = await friendId(grace);
    const chat = await ada.page.request.post('/api/chats', { data: { friendId: graceId } });
    const { id: chatId } = (await chat.json()) as { id: string };
    const sent = await ada.page.request.post(`/api/chats/${chatId}/messages`, {
      data: { content: 'See you Saturday' },
    });
    expect(sent.status()).toBe(201);
    const plan = await ada.page.request.post('/api/shared-plans', {
      data: { title: 'Saturday hike', date: '2026-11-28', friendId: graceId },
    });
    expect(plan.status()).toBe(201);

    // Ada's page has not heard of the unfriending yet (its friends list stays as it was).
    const friendsBefore = await (await ada.page.request.get('/api/friends')).text();
    await ada.page.route('**/api/friends', (route) =>
      route.fulfill({ contentType: 'application/json', body: friendsBefore }),
    );
    await visit(ada.page, '/dashboard/social');
    await ada.page.getByRole('tab', { name: 'Shared Plans' }).click();
    await ada.page.getByRole('button', { name: 'Saturday hike', exact: true }).click();
    const detail = ada.page.getByRole('dialog', { name: 'Saturday hike' });
    const unfriended = await grace.page.request.delete(`/api/friends/${adaId}`);
    expect(unfriended.ok()).toBe(true);
    await detail.getByRole('textbox', { name: 'New task' }).fill('Pack boots');
    await detail.getByRole('textbox', { name: 'New task' }).press('Enter');
    // The server's reason, not 'Failed to add task'.
    await expect(detail.getByRole('alert')).toHaveText('You can only do this with a friend');

    // Once the page knows, the plan says why it cannot change and offers nothing to change.
    await ada.page.unroute('**/api/friends');
    await visit(ada.page, '/dashboard/social');
    await ada.page.getByRole('tab', { name: 'Shared Plans' }).click();
    await ada.page.getByRole('button', { name: 'Saturday hike', exact: true }).click();
    await expect(detail).toContainText(
      'You and Grace Hopper are no longer friends, so this plan is read-only.',
    );
    await expect(detail.getByRole('textbox', { name: 'New task' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(detail).toBeHidden();

    // The past chat is still listed, its messages readable, with a note for a composer.
    await openChat(ada.page, 'Grace Hopper');
    await expect(messageItem(ada.page, 'See you Saturday')).toBeVisible();
    await expect(ada.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(
      ada.page.getByText('You are no longer friends, so this chat is read-only.'),
    ).toBeVisible();

    // Friends again: the open chat comes alive by itself.
    await befriend(grace, ada);
    await expect(ada.page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await send(ada.page, 'Back on for Saturday');
  });

  test('a change the server refuses rolls back and says so in a banner', async ({
    page,
    server,
    browser,
  }) => {
    const { ada, grace } = await adaAndGrace(page, server, browser);
    await befriend(ada, grace);
    await ada.page.goto('/dashboard/social', { waitUntil: 'load' });
    await openChat(ada.page, grace.name);

    await ada.page.route('**/api/chats/*/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } })
        : route.fallback(),
    );
    const box = ada.page.getByRole('textbox', { name: 'Message' });
    await box.fill('This will not go');
    await box.press('Enter');
    const banner = ada.page.getByRole('alert').filter({ hasText: 'Failed to send message' });
    await expect(banner).toBeVisible();
    await expect(box).toHaveValue('This will not go');
    await expect(messageItem(ada.page, 'This will not go')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    await ada.page.unroute('**/api/chats/*/messages');
    await box.press('Enter');
    await expect(messageItem(ada.page, 'This will not go')).toBeVisible();
    await expect(box).toHaveValue('');

    // A chat the server keeps comes back open.
    await ada.page.route('**/api/chats/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } })
        : route.fallback(),
    );
    await ada.page.getByRole('button', { name: 'Delete chat' }).click();
    await ada.page
      .getByRole('alertdialog', { name: 'Delete Chat' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(ada.page.getByRole('alert')).toContainText('Failed to delete chat');
    await expect(messageItem(ada.page, 'This will not go')).toBeVisible();

    // Removing a friend (a warning, not a danger) that fails puts the friend back.
    await ada.page.route('**/api/friends/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
    );
    await ada.page.getByRole('tab', { name: 'Friends' }).click();
    await ada.page.getByRole('button', { name: `Remove ${grace.name} from friends` }).click();
    const confirm = ada.page.getByRole('alertdialog', { name: 'Remove Friend' });
    await expect(confirm).toContainText(
      'You can send a new friend request later if you change your mind.',
    );
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(ada.page.getByRole('alert')).toContainText('Failed to remove friend');
    await expect(ada.page.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();
  });

  test('older messages load on scrolling up, in place; on a phone list and chat take turns', async ({
    page,
    server,
    browser,
  }) => {
    const { ada, grace } = await adaAndGrace(page, server, browser);
    await befriend(ada, grace);
    const chat = (await (await ada.page.request.get('/api/friends')).json()) as {
      friends: { id: string }[];
    };
    const opened = await ada.page.request.post('/api/chats', {
      data: { friendId: chat.friends[0]?.id },
    });
    const { id: chatId } = (await opened.json()) as { id: string };
    for (let index = 1; index <= 55; index += 1) {
      const sent = await ada.page.request.post(`/api/chats/${chatId}/messages`, {
        data: { content: `Message ${index}` },
      });
      expect(sent.status()).toBe(201);
    }

    await ada.page.setViewportSize({ width: 375, height: 740 });
    await ada.page.goto('/dashboard/social', { waitUntil: 'load' });
    await ada.page.getByRole('tab', { name: 'Chat' }).click();
    const list = ada.page.getByRole('navigation', { name: 'Chats' });
    await list.getByRole('button', { name: grace.name }).click();
    await expect(list).toBeHidden();
    const log = messages(ada.page);
    // The newest 50, scrolled to the newest.
    await expect(log.getByText('Message 55', { exact: true })).toBeInViewport();
    await expect(log.getByText('Message 6', { exact: true })).toBeAttached();
    await expect(log.getByText('Message 5', { exact: true })).toHaveCount(0);

    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(log.getByText('Message 1', { exact: true })).toBeAttached();
    // The reader stays where they were: the oldest of the first page, not the newly loaded.
    await expect(log.getByText('Message 6', { exact: true })).toBeInViewport();
    await expect(log.getByText('Message 1', { exact: true })).not.toBeInViewport();

    // The tab and the open chat are in the address: a reload keeps them.
    await expect(ada.page).toHaveURL(/[?&]tab=chat/);
    await ada.page.reload();
    await expect(ada.page.getByRole('tab', { name: 'Chat' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(log.getByText('Message 55', { exact: true })).toBeVisible();

    await ada.page.getByRole('button', { name: 'Close chat' }).click();
    await expect(list).toBeVisible();
    await expect(ada.page.getByText('Select a friend to start chatting')).toBeVisible();
    await expect(ada.page).not.toHaveURL(/[?&]chat=/);
  });

  test('on a flaky connection without the realtime socket, polling still delivers', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(90_000);
    let refused = 0;
    const { ada, grace } = await adaAndGrace(page, server, browser, (gracePage) =>
      gracePage.routeWebSocket('**/api/realtime', (socket) => {
        refused += 1;
        void socket.close({ code: 1011, reason: 'flaky' });
      }),
    );
    await makePublic(grace.page.request);
    await ada.page.goto('/dashboard/social');
    await visit(grace.page, '/dashboard/social');

    await requestFriendship(ada.page, grace);
    // No event reaches Grace: the request arrives by the 5 s poll.
    await expect(grace.page.getByRole('heading', { name: 'Friend Requests (1)' })).toBeVisible(
      POLLED,
    );
    await grace.page
      .getByRole('button', { name: `Accept friend request from ${ada.name}` })
      .click();
    await expect(ada.page.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();

    await ada.page.getByRole('button', { name: `Chat with ${grace.name}` }).click();
    await send(ada.page, 'Can you hear me?');
    await openChat(grace.page, ada.name);
    await expect(messageItem(grace.page, 'Can you hear me?')).toBeVisible();

    // With the chat open, Ada's next messages arrive by the 3 s poll.
    await send(ada.page, 'Still there?');
    await expect(messageItem(grace.page, 'Still there?')).toBeVisible(POLLED);
    await send(grace.page, 'Yes, on a bad line');
    await expect(messageItem(ada.page, 'Yes, on a bad line')).toBeVisible();
    expect(refused).toBeGreaterThan(0);
  });
});
