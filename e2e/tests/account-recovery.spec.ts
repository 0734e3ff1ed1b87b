import { createVerifiedUser, emailedLink, linkParams, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const NEW_PASSWORD = 'Moonrise2027';

test.describe('Account recovery', () => {
  test('forgot password: receive the email, set a new password, log in with it and not the old', async ({
    page,
    server,
    browser,
  }) => {
    const setup = await browser.newContext({ baseURL: server.url });
    const { email } = await createVerifiedUser(setup.request, server, 'Annie Easley');
    await setup.close();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'No account found with this email address.' }),
    ).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('Password reset email sent! Please check your inbox.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const link = await emailedLink(server, email, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('weakpass1');
    await page.getByLabel('Confirm New Password').fill('weakpass1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link was used: opening it again shows the invalid panel.
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a used or broken reset link shows Invalid Reset Link', async ({ page }) => {
    await page.goto('/reset-password?userId=abcdefabcdef1234&secret=not-a-real-secret-at-all');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('delete, login refused, restore by email, click the link, signed in where asked', async ({
    page,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server, 'Hedy Lamarr');
    expect((await page.request.delete('/api/account')).status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Your account was deleted. Please visit the "Restore Account" page' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Restore Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Restore Account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Restore Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'we sent you a link to restore your account' }),
    ).toBeVisible();

    const link = await emailedLink(server, email, '/verify-email');
    expect(linkParams(new URL(link)).get('isRestore')).toBe('true');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Account Restored!' })).toBeVisible();
    await expect(page.getByText('Your account has been restored.').first()).toBeVisible();
    await expect(page.getByText('Redirecting to dashboard in 2 seconds...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Welcome back, Hedy!' })).toBeVisible();
  });

  test('a restoration link opened in another browser restores without signing in', async ({
    page,
    browser,
    server,
  }) => {
    const { email } = await createVerifiedUser(page.request, server, 'Hedy Lamarr');
    expect((await page.request.delete('/api/account')).status()).toBe(200);
    await page.goto('/restore-account');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Restore Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const link = await emailedLink(server, email, '/verify-email');

    // Like a verification link (docs/product/accounts.md): elsewhere it does its work, signs
    // nobody in, and says to log in.
    const phone = await browser.newContext({ baseURL: server.url });
    const other = await phone.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Account Restored!' })).toBeVisible();
    await expect(
      other
        .getByText(
          'Account restored successfully! You can now log in with your original email and password.',
        )
        .first(),
    ).toBeVisible();
    await expect(other.getByText('Redirecting to login in 2 seconds...')).toBeVisible();
    await expect(other).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(await (await other.request.get('/api/account/session')).json()).toMatchObject({
      user: null,
    });
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await phone.close();
  });

  test('a verification link with a bad format fails with its message and offers recovery', async ({
    page,
  }) => {
    await page.goto('/verify-email?userId=abc&secret=short');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(
      page.getByText(
        'Invalid verification token format. Please check your email for the correct verification link.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Try Account Recovery' }).click();
    await expect(page).toHaveURL(/\/verification-recovery$/);
  });
});
