import fs from 'node:fs';

import { type Download, expect, type Page } from '@playwright/test';

/**
 * Clicks an export button in Settings → Your data and waits for the file the page saves, and for
 * the page to say it saved it.
 */
export async function exportFromSettings(
  page: Page,
  button: string,
): Promise<{ file: Download; bytes: Buffer }> {
  const section = page.getByRole('region', { name: 'Your data' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  await expect(section.getByText(`Saved ${file.suggestedFilename()}`)).toBeVisible();
  return { file, bytes: fs.readFileSync(path) };
}
