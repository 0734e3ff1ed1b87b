import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// A 2 × 2 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('Profile', () => {
  test('edit and cancel, edit and save, upload and remove a picture across reloads', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/profile');
    await expect(page.getByText('Email Verified')).toBeVisible();
    await expect(page.getByText('No bio added yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').fill('This will be cancelled');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No bio added yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('Ada King');
    await page.getByLabel('Bio').fill('Mathematician and writer.');
    await page.getByLabel('Location').fill('London, UK');
    await page.getByLabel('Website').fill('not a link');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Please enter a web address, such as example.com or https://example.com'),
    ).toBeVisible();
    // A bare domain is taken as an https address.
    await page.getByLabel('Website').fill('ada.example.com');
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    // 'Processing image...' gives way to its outcome.
    await expect(page.getByText('Image ready for upload')).toBeVisible();
    await expect(page.getByText('Processing image...')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('main').getByText('Ada King').first()).toBeVisible();
    await expect(page.getByText('Mathematician and writer.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://ada.example.com' })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    const picture = page.locator('img[src*="/picture"]').first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The sidebar shows the new name.
    await expect(page.getByRole('complementary').getByText('Ada King')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await expect(page.getByText('Profile image will be removed when you save')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByText('Ada King').first()).toBeVisible();
    await expect(page.locator('img[src*="/picture"]')).toHaveCount(0);
  });

  test('a picture over 5 MB is refused before any processing', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Maya Lin');
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(
      page.getByText('Invalid image file. Please select a valid image under 5MB.').first(),
    ).toBeVisible();
    await expect(page.getByText('Processing image...')).toHaveCount(0);
    await expect(page.getByText('Your new photo will be uploaded when you save.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Photo' })).toHaveCount(0);
  });

  test('a file that is not an image is refused in the browser', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Grace Hopper');
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(
      page.getByText('Invalid image file. Please select a valid image under 5MB.').first(),
    ).toBeVisible();
  });

  test('a text file named like a picture is refused when picked, and nothing is staged', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Hedy Lamarr');
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a picture'),
    });
    await expect(
      page.getByText('Invalid image file. Please select a valid image under 5MB.').first(),
    ).toBeVisible();
    await expect(page.getByText('Failed to process image')).toHaveCount(0);
    await expect(page.getByText('Your new photo will be uploaded when you save.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Photo' })).toHaveCount(0);
    // Save changes the fields only, and succeeds.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
  });
});
