import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { createVerifiedUser, PASSWORD, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/**
 * A page that looks ready is ready (ADR 0025): from the first paint on, what the user clicks,
 * presses or types is not lost, on a phone's CPU. Each test acts as soon as the page shows, before
 * its code has taken it over, and the page then does what was asked.
 */

interface SlowTab {
  tab: Page;
  /** Console errors and uncaught errors: a page that does not hydrate as drawn logs one. */
  errors: string[];
}

/**
 * A new tab of `context`, its CPU slowed 4x as Lighthouse's phone profile does. Unlike the
 * fixture's `page`, its `goto` does not wait for the app to be interactive.
 */
async function slowTab(context: BrowserContext): Promise<SlowTab> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`${tab.url()}: ${message.text()}`);
    }
  });
  tab.on('pageerror', (error) => errors.push(`${tab.url()}: ${error.message}`));
  return { tab, errors };
}

/** Opens `path` and returns once it shows, without waiting for its code. */
async function open(tab: Page, path: string): Promise<void> {
  await tab.goto(path, { waitUntil: 'commit' });
}

/**
 * Holds the app's code back until the returned function is called: what the test does meanwhile
 * is surely done on the page as drawn, before the app has taken it over, as on a slow phone.
 */
async function holdCode(tab: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await tab.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    await expectNotReadyYet(tab);
    release();
  };
}

/** What the test did came before the app took the page over (or the test proves nothing). */
async function expectNotReadyYet(tab: Page): Promise<void> {
  expect(await tab.locator('html[data-ready]').count()).toBe(0);
}

async function expectReady(tab: Page): Promise<void> {
  await expect(tab.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
}

/** Signs `page` in as a new user whose pages the server draws from then on. */
async function signedIn(
  page: Page,
  server: Parameters<typeof createVerifiedUser>[1],
  name: string,
) {
  const user = await createVerifiedUser(page.request, server, name);
  // The first signed-in page is the browser's to draw: it makes the settings from its time zone.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${name.split(' ')[0]}!` }),
  ).toBeVisible();
  return user;
}

async function makePublic(request: APIRequestContext): Promise<void> {
  const answer = await request.patch('/api/settings', {
    data: { group: 'privacy', key: 'profileVisibility', value: 'public' },
  });
  expect(answer.ok()).toBe(true);
}

test.describe('A page that looks ready', () => {
  test('answers a shortcut pressed as soon as the todos page shows', async ({ page, server }) => {
    await signedIn(page, server, 'Grace Hopper');
    const { tab, errors } = await slowTab(page.context());
    const release = await holdCode(tab);
    await open(tab, '/dashboard/todos');
    await expect(tab.getByRole('heading', { level: 1, name: 'My Todos' })).toBeVisible();
    await tab.keyboard.press('?');
    await release();
    await expectReady(tab);
    await expect(tab.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('keeps what is typed into Social’s search as soon as it shows, and searches it', async ({
    page,
    server,
    browser,
  }) => {
    await signedIn(page, server, 'Ada Lovelace');
    const other = await browser.newContext({ baseURL: server.url });
    const grace = await createVerifiedUser(other.request, server, 'Grace Hopper');
    await makePublic(other.request);
    const { tab, errors } = await slowTab(page.context());
    const release = await holdCode(tab);
    await open(tab, '/dashboard/social');
    const search = tab.getByRole('searchbox', { name: 'Search users by name or email' });
    await expect(search).toBeVisible();
    await search.pressSequentially(grace.email);
    await release();
    await expectReady(tab);
    await expect(search).toHaveValue(grace.email);
    await tab.getByRole('button', { name: 'Search', exact: true }).click();
    const results = tab.getByRole('list', { name: 'Search results' });
    await expect(results.getByText(grace.email)).toBeVisible();
    await expect(search).toHaveValue(grace.email);
    expect(errors).toEqual([]);
    await other.close();
  });

  test('signs up with a form filled and sent as soon as /signup shows, and reloads Check Your Email as drawn', async ({
    page,
  }) => {
    const { tab, errors } = await slowTab(page.context());
    const release = await holdCode(tab);
    await open(tab, '/signup');
    await expect(tab.getByLabel('Full Name')).toBeVisible();
    await tab.getByLabel('Full Name').fill('Grace Hopper');
    await tab.getByLabel('Email').fill(uniqueEmail('early'));
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByLabel('Confirm Password').fill(PASSWORD);
    await tab.getByRole('checkbox', { name: /I agree to the/ }).check();
    await tab.getByRole('button', { name: 'Create Account' }).click();
    await release();
    await expect(tab.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    // The pending verification is this tab's: the reload shows Check Your Email, hydrating the
    // sign-up form the build drew without a mismatch.
    await tab.unrouteAll();
    await tab.reload();
    await expect(tab.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expectReady(tab);
    await expect(tab.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a signed-in page hydrates as the server drew it', async ({ page, server }) => {
    await signedIn(page, server, 'Grace Hopper');
    // A todo done this week: the dashboard's chart has something to draw.
    const created = await page.request.post('/api/todos', { data: { title: 'Water the plants' } });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.patch(`/api/todos/${id}`, { data: { completed: true } })).ok()).toBe(
      true,
    );
    const { tab, errors } = await slowTab(page.context());
    for (const [path, heading] of [
      ['/dashboard', 'Welcome back, Grace!'],
      ['/dashboard/todos', 'My Todos'],
      ['/dashboard/social', 'Social'],
    ] as const) {
      await open(tab, path);
      await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectReady(tab);
    }
    expect(errors).toEqual([]);
  });

  test('goes where the user goes right after a dialog closes', async ({ page, server }) => {
    await signedIn(page, server, 'Grace Hopper');
    const { tab, errors } = await slowTab(page.context());
    await open(tab, '/dashboard/todos');
    await expectReady(tab);
    await tab.keyboard.press('?');
    const help = tab.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await tab.keyboard.press('Escape');
    // Straight on to another page, as typed into the address bar: the dialog's history entry is
    // not taken off by a step back that would cancel it.
    await tab.goto('/dashboard/social');
    await expect(help).toBeHidden();
    await expectReady(tab);
    // And a reload, as pressed at once.
    await tab.keyboard.press('?');
    await expect(help).toBeVisible();
    await tab.keyboard.press('Escape');
    await tab.reload();
    await expect(help).toBeHidden();
    await expect(tab.getByRole('heading', { level: 1, name: 'Social' })).toBeVisible();
    await expectReady(tab);
    expect(new URL(tab.url()).pathname).toBe('/dashboard/social');
    expect(errors).toEqual([]);
  });

  test('a public page answers a click as soon as it shows', async ({ context }) => {
    const { tab, errors } = await slowTab(context);
    const release = await holdCode(tab);
    await open(tab, '/login');
    await expect(tab.getByLabel('Email')).toBeVisible();
    await tab.getByLabel('Email').fill('nobody@example.com');
    await tab.getByLabel('Email').press('Enter');
    await tab.getByRole('button', { name: 'Log In' }).click();
    await release();
    // The form is checked by the app, not sent by the browser as a query string.
    await expect(tab.getByText('Password is required')).toBeVisible();
    expect(new URL(tab.url()).search).toBe('');
    expect(errors).toEqual([]);
  });
});
