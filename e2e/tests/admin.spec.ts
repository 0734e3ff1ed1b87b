import { MESSAGES } from '@daywise/shared';
import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import type { APIRequestContext } from '@playwright/test';

import {
  createVerifiedUser,
  emailedLink,
  ownClientAddress,
  PASSWORD,
  uniqueEmail,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';

/** The admin of this worker's server (ADMIN_EMAILS): every repeat of the spec shares it. */
const ADMIN = 'admin@example.com';

test.use({ serverEnv: { REGISTRATION: 'invite', ADMIN_EMAILS: ADMIN } });

/** Signs the admin in within `request`'s browser context, making the account the first time. */
async function signInAdmin(request: APIRequestContext, server: RunningServer): Promise<void> {
  const login = await request.post('/api/account/login', {
    headers: ownClientAddress(),
    data: { email: ADMIN, password: PASSWORD },
  });
  if (!login.ok()) {
    await createVerifiedUser(request, server, 'Ada Admin', ADMIN);
  }
}

test.describe('Who may join, and the admin', () => {
  test('an invitation is the way in, and a disabled user loses their open tab at once', async ({
    page,
    browser,
    server,
  }) => {
    test.slow();
    const invitee = uniqueEmail('invited');
    await signInAdmin(page.request, server);
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();

    // Without an invitation the sign-up page says how to get in.
    const stranger = await browser.newPage({ baseURL: server.url });
    await stranger.goto('/signup');
    await expect(stranger.getByRole('status')).toHaveText(ACCESS_MESSAGES.registrationInviteOnly);
    await stranger.close();

    // The admin invites an address; the email arrives over SMTP with the link.
    await page.getByLabel('Email address to invite').fill(invitee);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
    const invitation = await emailedLink(server, invitee, '/signup');

    // The invitee signs up through the link, and the verification link signs them in.
    const guest = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const tab = await guest.newPage();
    await tab.goto(invitation);
    await expect(tab.getByRole('status')).toHaveText(
      `You were invited to Daywise. Create your account for ${invitee} below.`,
    );
    await expect(tab.getByLabel('Email')).toHaveValue(invitee);
    await tab.getByLabel('Full Name').fill('Grace Hopper');
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByLabel('Confirm Password').fill(PASSWORD);
    await tab.getByRole('checkbox', { name: /I agree to the/ }).check();
    await tab.getByRole('button', { name: 'Create Account' }).click();
    await expect(tab.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await tab.goto(await emailedLink(server, invitee, '/verify-email'));
    await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

    // The admin page is not theirs: no link, and its address is 'Page not found'.
    await expect(tab.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await tab.goto('/dashboard/admin');
    await expect(tab.getByRole('heading', { name: MESSAGES.pageNotFound })).toBeVisible();
    await tab.goto('/dashboard');
    await expect(tab.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

    // The admin disables them: their open tab leaves for the login page on its own.
    await page.reload();
    await page.getByRole('button', { name: `Disable ${invitee}` }).click();
    await expect(page.getByText(`${invitee} is disabled.`)).toBeVisible();
    await expect(tab).toHaveURL(/\/login$/, { timeout: 5_000 });

    // Signing in again says why not.
    await tab.getByLabel('Email').fill(invitee);
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByRole('button', { name: 'Log In' }).click();
    await expect(
      tab.getByRole('alert').filter({ hasText: ACCESS_MESSAGES.accountDisabled }),
    ).toBeVisible();
    await guest.close();

    // The audit log shows both actions.
    await page.reload();
    const audit = page.getByRole('region', { name: 'Audit Log' });
    await expect(audit).toContainText(`${ADMIN} invited ${invitee}`);
    await expect(audit).toContainText(`${ADMIN} disabled ${invitee}`);
  });
});
