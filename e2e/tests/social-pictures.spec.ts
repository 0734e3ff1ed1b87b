import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedUser, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';

// A 2 × 2 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function setVisibility(request: APIRequestContext, value: 'public' | 'private') {
  const answer = await request.patch('/api/settings', {
    data: { group: 'privacy', key: 'profileVisibility', value },
  });
  expect(answer.ok()).toBe(true);
}

/** Uploads PNG from the Profile page's editor and saves. */
async function uploadPicture(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Upload Photo').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Image ready for upload')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
}

/** A verified user whose address is long enough to overflow a phone, signed in on `request`. */
function longEmailUser(request: APIRequestContext, server: RunningServer) {
  const email = uniqueEmail('augusta-ada-king-countess-of-lovelace-analytical-engine');
  return createVerifiedUser(request, server, 'Ada Lovelace', email);
}

test.describe('Pictures, chat previews and the visibility invitation', () => {
  test('a new picture shows in the sidebar at once, and a friend finds it in search', async ({
    page,
    server,
    browser,
  }) => {
    const ada = await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await setVisibility(page.request, 'public');
    await page.goto('/dashboard/profile');
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByText('AL', { exact: true })).toBeVisible();

    await uploadPicture(page);
    // No reload: the sidebar follows the saved picture.
    const sidebarPicture = sidebar.locator('img[src*="/picture"]');
    await expect(sidebarPicture).toBeVisible();
    expect(
      await sidebarPicture.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    const context = await browser.newContext({ baseURL: server.url });
    const grace = await context.newPage();
    await createVerifiedUser(grace.request, server, 'Grace Hopper');
    await grace.goto('/dashboard/social');
    await grace.getByRole('searchbox', { name: 'Search users by name or email' }).fill(ada.email);
    await grace.getByRole('button', { name: 'Search', exact: true }).click();
    const results = grace.getByRole('list', { name: 'Search results' });
    await expect(results.getByText(ada.name)).toBeVisible();
    await expect(results.locator('img[src*="/picture"]')).toBeVisible();

    // Removed: the initials come back at once.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(sidebarPicture).toHaveCount(0);
    await expect(sidebar.getByText('AL', { exact: true })).toBeVisible();
    await context.close();
  });

  test('the chat list shows the last message and its time, live', async ({
    page,
    server,
    browser,
  }) => {
    const ada = await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await setVisibility(page.request, 'public');
    const context = await browser.newContext({ baseURL: server.url });
    const grace = await context.newPage();
    await createVerifiedUser(grace.request, server, 'Grace Hopper');
    const found = await grace.request.get(`/api/users/search?q=${encodeURIComponent(ada.email)}`);
    const { results } = (await found.json()) as { results: { id: string }[] };
    const adaId = results[0]?.id ?? '';
    expect(
      (await grace.request.post('/api/friend-requests', { data: { toUserId: adaId } })).status(),
    ).toBe(201);
    const { requests } = (await (await page.request.get('/api/friend-requests')).json()) as {
      requests: { id: string }[];
    };
    expect(
      (await page.request.post(`/api/friend-requests/${requests[0]?.id}/accept`)).status(),
    ).toBe(200);

    await grace.goto('/dashboard/social?tab=chat');
    const adaInList = grace
      .getByRole('navigation', { name: 'Chats' })
      .getByRole('button', { name: ada.name });
    await expect(adaInList).toBeVisible();

    const opened = await grace.request.post('/api/chats', { data: { friendId: adaId } });
    const { id: chatId } = (await opened.json()) as { id: string };
    const sent = await page.request.post(`/api/chats/${chatId}/messages`, {
      data: { content: 'Lunch at noon?' },
    });
    expect(sent.status()).toBe(201);
    await expect(adaInList).toHaveAccessibleDescription('Lunch at noon? Just now');
    await expect(adaInList).toHaveAccessibleName(/1 unread message/);
    await context.close();
  });

  test('a private profile is invited to become public on Social, once', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/social');
    const invite = page.getByRole('region', { name: 'Let friends find you' });
    await expect(invite).toContainText('Friends can find you only if your profile is visible.');
    await invite.getByRole('button', { name: 'Make My Profile Public' }).click();
    await expect(invite).toHaveCount(0);
    await expect(page.getByText('Setting updated')).toBeVisible();

    await page.goto('/dashboard/settings');
    await expect(page.getByLabel('Profile Visibility')).toHaveValue('public');
    // Back to Private in Settings: the invitation was answered and stays away.
    await setVisibility(page.request, 'private');
    await page.goto('/dashboard/social');
    await expect(page.getByRole('tab', { name: 'Friends' })).toBeVisible();
    await expect(invite).toHaveCount(0);
  });

  test('Not now closes the invitation for good', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/social');
    const invite = page.getByRole('region', { name: 'Let friends find you' });
    await invite.getByRole('button', { name: 'Not now' }).click();
    await expect(invite).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Friends' })).toBeVisible();
    await expect(invite).toHaveCount(0);
  });

  test('a long email never breaks mid-word at 360 px', async ({ page, server }) => {
    const { email } = await longEmailUser(page.request, server);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/profile');
    const shown = page.getByRole('main').getByTitle(email).first();
    await expect(shown).toHaveText(email);
    // Nothing runs past the screen's edge.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Each line ends only after '@' or '.': every part keeps its letters together on one line.
    const parts = shown.locator('span');
    for (const part of await parts.all()) {
      const box = await part.evaluate((element) => element.getClientRects().length);
      expect(box).toBe(1);
    }

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuEmail = page.getByRole('dialog').getByTitle(email);
    await expect(menuEmail).toHaveText(email);
    await expect(menuEmail).toHaveCSS('text-overflow', 'ellipsis');
  });
});
