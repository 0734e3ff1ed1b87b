import {
  createVerifiedUser,
  emailedLink,
  ownClientAddress,
  PASSWORD,
  uniqueEmail,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('Accounts', () => {
  test('Back to Sign Up, then the same address again: back to Check Your Email, with Resend', async ({
    page,
    browser,
    server,
  }) => {
    await page.setExtraHTTPHeaders(ownClientAddress());
    const email = uniqueEmail('again');
    const signUp = async (name: string) => {
      await page.getByLabel('Full Name').fill(name);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
    };
    await page.goto('/signup');
    await signUp('Grace Hopper');
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    const firstLink = await emailedLink(server, email, '/verify-email');
    await page.getByRole('button', { name: 'Back to Sign Up' }).click();

    // A typo in the name, say: this browser signs up again and waits for a fresh link.
    await signUp('Grace Brewster Hopper');
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(
      page.getByText('Verification email sent again! Please check your inbox.'),
    ).toBeVisible();

    // Anyone else is still told the address is taken, as for any account (ADR 0013).
    const stranger = await browser.newContext({ baseURL: server.url });
    const other = await stranger.newPage();
    await other.setExtraHTTPHeaders(ownClientAddress());
    await other.goto('/signup');
    await other.getByLabel('Full Name').fill('Mallory');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByLabel('Confirm Password').fill(PASSWORD);
    await other.getByRole('checkbox', { name: /I agree to the/ }).check();
    await other.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      other.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }),
    ).toBeVisible();
    await stranger.close();

    // The newest link verifies; the first one went with the account it was for.
    const latest = await emailedLink(server, email, '/verify-email');
    expect(latest).not.toBe(firstLink);
    await page.goto(latest);
    await expect(page.getByText('Redirecting to dashboard in 2 seconds...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    expect(server.query<{ name: string }>('select name from users where email = ?', email)).toEqual(
      [{ name: 'Grace Brewster Hopper' }],
    );
  });

  test('sign up, get refused before verifying, click the emailed link, land on the dashboard', async ({
    page,
    server,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    await expect(page.getByRole('list', { name: 'Password requirements' })).toContainText(
      'At least 8 characters',
    );
    await password.fill(PASSWORD);
    await expect(page.getByText('Password meets all requirements')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveText(/^[45]:\d\d$/);
    // A reload keeps the screen, its countdown and Resend.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveText(/^[45]:\d\d$/);
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();

    const link = await emailedLink(server, email, '/verify-email');

    // Not verified yet: login is refused with its own text (docs/product/accounts.md#login).
    const other = await page.context().newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(
      other.getByRole('alert').filter({ hasText: 'Please verify your email before logging in.' }),
    ).toBeVisible();

    // The link signs the user in; the waiting tab notices and moves on too. The page's first
    // session read, sent before the link signed the user in, answers late and must not win.
    await other.route('**/api/account/session', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response });
    });
    await other.goto(link);
    await Promise.all([
      expect(other.getByText('Redirecting to dashboard in 2 seconds...')).toBeVisible(),
      expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible({
        timeout: 6_000,
      }),
    ]);
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    // The first visit is greeted as one, and the empty dashboard offers a first step.
    await expect(other.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();
    await expect(other.getByRole('region', { name: 'Start your day' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

    // The link works once; opened again, it says so as the success it is.
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Email Already Verified' })).toBeVisible();
    await expect(
      other.getByText('This email is already verified! You can log in now.'),
    ).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(other.getByText('Email verification failed')).toHaveCount(0);
    await expect(other).toHaveURL(/\/dashboard$|\/login$/, { timeout: 10_000 });
  });

  test('the countdown reaches Verification Expired', async ({ page }) => {
    await page.clock.install();
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    // From here the page's time moves only as the test moves it: the countdown ticks, and the
    // status is polled, only within runFor.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 5_000);
    await page.getByLabel('Full Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(uniqueEmail('expiry'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('countdown')).toHaveText('5:00');

    // The countdown follows the server when they differ by more than 5 s...
    await page.route('**/api/account/verification-status*', (route) =>
      route.fulfill({ json: { verified: false, expired: false, remainingTime: 100_000 } }),
    );
    await page.clock.runFor(3_000);
    await expect(page.getByTestId('countdown')).toHaveText('1:40');
    // ...and runs on by itself while the status cannot be read.
    await page.unroute('**/api/account/verification-status*');
    await page.route('**/api/account/verification-status*', (route) => route.abort());
    await page.clock.runFor(40_000);
    await expect(page.getByTestId('countdown')).toHaveText('1:00');
    await page.clock.runFor(60_000);
    await expect(page.getByRole('heading', { name: 'Verification Expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In Instead' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  });

  test('a protected page sends a visitor to login and back after signing in', async ({
    page,
    server,
    browser,
  }) => {
    const setup = await browser.newContext({ baseURL: server.url });
    const { email } = await createVerifiedUser(setup.request, server, 'Mary Jackson');
    await setup.close();

    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
    ).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Signed in, the login page sends the user to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  });

  test('a failed session read keeps the user signed in and offers Try Again', async ({
    page,
    playwright,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Annie Easley');
    // The server could not draw the page for its user (its database away, say): it sends the
    // shell, as it does to a visitor, and the page's own session read fails too.
    const visitor = await playwright.request.newContext({ baseURL: server.url });
    const shell = await (await visitor.get('/dashboard')).text();
    await visitor.dispose();
    await page.route('**/dashboard', (route) =>
      route.fulfill({ contentType: 'text/html', body: shell }),
    );
    await page.route('**/api/account/session', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Boom' } } }),
    );
    await page.goto('/dashboard');
    await expect(
      page.getByRole('alert').filter({ hasText: 'We could not check your sign-in.' }),
    ).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.unroute('**/api/account/session');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Annie!$/ })).toBeVisible();
  });

  test('the shell: navigation, titles, and sign out', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Dorothy Vaughan');
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(mainNav).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Daily Goals' }).click();
    // The header's title is the active item's name; the page keeps its one heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Daily Goals' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Daily Goals', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle('Daily Goals · Daywise');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('Dorothy Vaughan')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a phone the sidebar is a slide-over', async ({ page, server }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Social' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Social' })).toBeVisible();
  });
});
