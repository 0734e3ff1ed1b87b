import { join } from 'node:path';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const TODOIST = join(
  import.meta.dirname,
  '../../apps/server/test/fixtures/imports/Work [2203306141].csv',
);

test.describe('Import', () => {
  test('a Todoist export from Settings: preview, confirm, todos with tags, and never twice', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Import' });
    await section.getByLabel('Choose a file to import').setInputFiles(TODOIST);

    await expect(section.getByText('Todoist CSV export')).toBeVisible();
    await expect(section.getByText('Project "Work" → tag "Work"')).toBeVisible();
    await expect(section.getByText('Row 10: Task without a name skipped')).toBeVisible();
    await expect(section.getByRole('row', { name: /Buy milk/ })).toBeVisible();
    await section.getByRole('button', { name: 'Import 6 todos' }).click();
    await expect(
      section.getByText(/Import finished: 6 todos imported, 5 tags created/),
    ).toBeVisible();

    await section.getByRole('link', { name: 'View your todos' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
    const row = page.getByRole('listitem').filter({ hasText: 'Buy milk' });
    await expect(row.getByRole('list', { name: 'Tags' })).toHaveText(
      /Errands.*home.*shopping.*Work/,
    );
    await expect(page.getByRole('heading', { name: 'Write the quarterly report' })).toBeVisible();

    // The same file again: the preview says everything is there, and nothing is duplicated.
    await page.goto('/dashboard/settings');
    await section.getByLabel('Choose a file to import').setInputFiles(TODOIST);
    await expect(section.getByText('6 imported before')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
    const todos = (await (await page.request.get('/api/todos?limit=100')).json()) as {
      total: number;
    };
    expect(todos.total).toBe(6);
  });
});
