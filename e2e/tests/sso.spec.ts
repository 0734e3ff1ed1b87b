import { freePort } from '../../apps/server/test/free-port';
import {
  startTestProvider,
  TEST_CLIENT,
  type TestProvider,
} from '../../apps/server/test/oidc-provider';
import { createVerifiedUser, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { type RunningServer, startServer } from '../support/server';

/*
 * Single sign-on through a real OpenID Connect provider (ADR 0038): panva's oidc-provider on its
 * own loopback port, with its own login and consent pages, and the built app configured for it.
 * The app learns the provider's address before it starts and the provider the app's after, so
 * this spec starts both itself rather than using the worker's server.
 */
test.describe('Single sign-on', () => {
  let provider: TestProvider;
  let app: RunningServer;

  test.beforeAll(async () => {
    const providerPort = await freePort();
    app = await startServer({
      OIDC_ISSUER_URL: `http://127.0.0.1:${providerPort}`,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_BUTTON_LABEL: 'Sign in with Test ID',
    });
    provider = await startTestProvider({
      redirectUri: `${app.url}/sso/callback`,
      port: providerPort,
    });
  });

  test.afterAll(async () => {
    await provider.close();
    await app.stop();
  });

  test('a new user signs in through the provider’s login page and lands on the dashboard', async ({
    page,
  }) => {
    provider.users.set('grace', {
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Hopper',
    });
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();

    // The provider's own pages: any login name and password, then consent.
    await page.locator('input[name="login"]').fill('grace');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${app.url}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Grace!');
  });

  test('a sign-in the provider cannot vouch for returns to the login page with the reason', async ({
    page,
  }) => {
    provider.users.set('eve', { email: 'eve@example.com', email_verified: false, name: 'Eve' });
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await page.locator('input[name="login"]').fill('eve');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${app.url}/login?sso=email-unverified`);
    await expect(page.getByRole('alert')).toHaveText(
      'Your sign-in service has not verified your email address. Verify it there, then try again.',
    );
  });

  test('an existing account is connected once its password is given', async ({
    page,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: app.url });
    const { email } = await createVerifiedUser(request, app, 'Ada Lovelace');
    await request.dispose();
    // A login name of its own at the provider: a repeated run must not find it connected already.
    const login = email.split('@')[0] ?? 'ada';
    provider.users.set(login, { email, email_verified: true, name: 'Ada at the provider' });

    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${app.url}/sso/link`);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Connect and Log In' }).click();
    await expect(page).toHaveURL(`${app.url}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Ada!');
  });
});
