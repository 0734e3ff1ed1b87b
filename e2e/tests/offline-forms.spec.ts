import { ownClientAddress, PASSWORD, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

// A public form that cannot reach the server says so within seconds, keeps what was typed, and
// sends nothing later behind the visitor's back (docs/product/public-site.md, ADR 0005).

/** "Within a few seconds": the forms give up on the server after PUBLIC_FORM_TIMEOUT_MS (5 s). */
const PUBLIC_FORM_TIMEOUT_MS = 5_000;
test.describe('Public forms without a connection', () => {
  test('Contact fails at once, keeps the message, and does not send it once back online', async ({
    page,
    context,
    server,
  }) => {
    const subject = `Offline ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Written on a train.');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Failed to send message. Please try again.')).toBeVisible({
      timeout: PUBLIC_FORM_TIMEOUT_MS,
    });
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(subject);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Written on a train.');

    // Back online, the visitor sends it themselves: it is stored once, not twice.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      toast(page, "Message sent successfully! We'll get back to you soon."),
    ).toBeVisible();
    expect(
      server.query<{ subject: string }>(
        'select subject from contact_messages where subject = ?',
        subject,
      ),
    ).toEqual([{ subject }]);
  });

  test('Sign Up fails at once and keeps what was typed', async ({ page, context, server }) => {
    await page.setExtraHTTPHeaders(ownClientAddress());
    const email = uniqueEmail('offline');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible({
      timeout: PUBLIC_FORM_TIMEOUT_MS,
    });
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Full Name')).toHaveValue('Grace Hopper');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    expect(
      server.query<{ email: string }>('select email from users where email = ?', email),
    ).toEqual([{ email }]);
  });
});
