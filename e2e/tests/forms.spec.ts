import { expect, test } from '../support/fixtures';

interface ContactRow {
  name: string;
  email: string;
  subject: string;
  message: string;
}

interface FeedbackRow {
  name: string;
  email: string;
  rating: number;
  category: string;
  feedback: string;
}

test.describe('Contact form', () => {
  test('sends the message, stores it, thanks the visitor and clears the form', async ({
    page,
    server,
  }) => {
    const subject = `Calendar view ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page
      .getByLabel('Message', { exact: true })
      .fill('Could Daywise show my plans in a calendar?');
    // The request waits until the sending state has been seen: on a fast server it is gone before
    // the next check could find it.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(
      page.getByText("Message sent successfully! We'll get back to you soon."),
    ).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

    const rows = server.query<ContactRow>(
      'select name, email, subject, message from contact_messages where subject = ?',
      subject,
    );
    expect(rows).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject,
        message: 'Could Daywise show my plans in a calendar?',
      },
    ]);
  });

  test('keeps what was typed when sending fails', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Offline');
    await page.getByLabel('Message', { exact: true }).fill('This should not be lost.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
      'This should not be lost.',
    );
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('the browser requires every field', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveJSProperty(
      'validity.valueMissing',
      true,
    );
    await expect(page.getByText('Sending...')).toHaveCount(0);
  });
});

test.describe('Feedback form', () => {
  test('stores the rating, category and text, thanks the visitor and resets', async ({
    page,
    server,
  }) => {
    const text = `A weekly review screen, please ${Date.now()}`;
    await page.goto('/feedback');
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await expect(page.getByText('4 of 5')).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption('Feature Request');
    await page.getByLabel('Feedback', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();

    await expect(
      page.getByText('Thank you for your feedback! We appreciate your input.'),
    ).toBeVisible();
    await expect(page.getByLabel('Feedback', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');
    await expect(page.getByText('Not rated')).toBeVisible();

    expect(
      server.query<FeedbackRow>(
        'select name, email, rating, category, feedback from feedback where feedback = ?',
        text,
      ),
    ).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        rating: 4,
        category: 'Feature Request',
        feedback: text,
      },
    ]);
  });

  test('offers the six categories and keeps the text when sending fails', async ({ page }) => {
    await page.route('**/api/feedback', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
      }),
    );
    await page.goto('/feedback');
    await expect(page.getByLabel('Category', { exact: true }).locator('option')).toHaveText([
      'Select a category',
      'General Feedback',
      'Bug Report',
      'Feature Request',
      'User Experience',
      'Performance',
      'Other',
    ]);
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Category', { exact: true }).selectOption('Bug Report');
    await page.getByLabel('Feedback', { exact: true }).fill('Keep me.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Failed to submit feedback. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Feedback', { exact: true })).toHaveValue('Keep me.');
  });
});
