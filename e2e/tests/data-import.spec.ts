import fs from 'node:fs';
import { join } from 'node:path';

import type { APIResponse } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { exportFromSettings } from '../support/downloads';
import { expect, test } from '../support/fixtures';

const TODOIST = join(
  import.meta.dirname,
  '../../apps/server/test/fixtures/imports/Work [2203306141].csv',
);

test.describe('Import', () => {
  test('a Todoist export from Settings: preview, confirm, todos in their list, and never twice', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Import' });
    // Import sits right after Your data (the exports), and offers one way to choose a file: the
    // link; the native input and its 'Choose File' button are only visually hidden.
    await expect(section).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Import')).toBeGreaterThan(0);
    expect(headings.indexOf('Import')).toBe(headings.indexOf('Your data') + 1);
    const input = section.getByLabel('Choose a file to import');
    await expect(section.getByText('Choose a file to import')).toBeVisible();
    const box = await input.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    expect(box?.height ?? 0).toBeLessThanOrEqual(1);
    await input.setInputFiles(TODOIST);

    await expect(section.getByText('Todoist CSV export')).toBeVisible();
    await expect(section.getByText('Project "Work" → list "Work"')).toBeVisible();
    await expect(section.getByText('New lists: Work')).toBeVisible();
    await expect(section.getByText('Row 10: Task without a name skipped')).toBeVisible();
    await expect(section.getByRole('row', { name: /Buy milk/ })).toBeVisible();
    await section.getByRole('button', { name: 'Import 6 todos' }).click();
    await expect(
      section.getByText(/Import finished: 6 todos imported, 3 tags created/),
    ).toBeVisible();

    await section.getByRole('link', { name: 'View your todos' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
    // The project is a list (the sidebar names it), its labels tags.
    await expect(
      page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('region', { name: 'Lists' })
        .getByRole('link', { name: /^Work/ }),
    ).toBeVisible();
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Buy milk', exact: true }) });
    await expect(row.getByRole('list', { name: 'Tags' })).toHaveText(/home.*shopping/);
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

  test('a Daywise archive from one account brings everything back into a fresh one', async ({
    page,
    server,
  }, testInfo) => {
    // Ada's account: a profile, a tagged todo, today's plan with a ticked task.
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    const ok = async (response: Promise<APIResponse>) => {
      const answer = await response;
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as { id: string; tasks: { id: string }[] };
    };
    await ok(
      page.request.patch('/api/profile', {
        data: { name: 'Ada Lovelace', bio: 'Counts, in order.', location: 'London', website: '' },
      }),
    );
    const tag = await ok(page.request.post('/api/tags', { data: { name: 'Deep work' } }));
    await ok(
      page.request.post('/api/todos', { data: { title: 'Finish the chapter', tagIds: [tag.id] } }),
    );
    const plan = await ok(
      page.request.post('/api/plans', {
        data: {
          title: 'Writing day',
          tasks: [{ title: 'Outline', tag: 'Deep work' }, { title: 'Draft' }],
        },
      }),
    );
    await ok(
      page.request.patch(`/api/plans/${plan.id}/tasks/${plan.tasks[0]?.id}`, {
        data: { completed: true },
      }),
    );
    await page.goto('/dashboard/settings');
    const file = testInfo.outputPath('archive.json');
    fs.writeFileSync(file, (await exportFromSettings(page, 'Export JSON')).bytes);

    // Grace's new account takes it in.
    await page.context().clearCookies();
    await createVerifiedUser(page.request, server, 'Grace Hopper');
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Import' });
    await section.getByLabel('Choose a file to import').setInputFiles(file);
    await expect(section.getByText('Daywise JSON archive')).toBeVisible();
    await expect(
      section.getByText('1 daily plan with 2 tasks and their completion records'),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Import 1 todos and restore the rest' }).click();
    await expect(
      section.getByText(/Import finished: 1 todos imported, 1 tags created/),
    ).toBeVisible();
    await expect(section.getByRole('list', { name: 'Also restored' })).toContainText(
      '1 daily plan restored',
    );

    await page.goto('/dashboard/daily-goals');
    await expect(page.getByText('Writing day').first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Mark "Outline" as pending' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Draft" as completed' }),
    ).not.toBeChecked();
    await page.goto('/dashboard/profile');
    await expect(page.getByText('Counts, in order.')).toBeVisible();
    await page.goto('/dashboard/todos');
    const row = page.getByRole('listitem').filter({ hasText: 'Finish the chapter' });
    await expect(row.getByRole('list', { name: 'Tags' })).toHaveText(/Deep work/);
  });

  test('a Daywise archive imported back into the account it came from adds nothing (issue 31)', async ({
    page,
    server,
  }, testInfo) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    const titles = ['Finish the chapter', 'Send the invoice'];
    for (const title of titles) {
      const created = await page.request.post('/api/todos', { data: { title } });
      expect(created.ok()).toBe(true);
    }
    const planned = await page.request.post('/api/plans', {
      data: { title: 'Writing day', tasks: [{ title: 'Outline' }] },
    });
    expect(planned.ok()).toBe(true);
    await page.goto('/dashboard/settings');
    const file = testInfo.outputPath('archive.json');
    fs.writeFileSync(file, (await exportFromSettings(page, 'Export JSON')).bytes);

    const section = page.getByRole('region', { name: 'Import' });
    await section.getByLabel('Choose a file to import').setInputFiles(file);
    await expect(section.getByText('Daywise JSON archive')).toBeVisible();
    await expect(section.getByText('2 todos in the file, 0 to import')).toBeVisible();
    await expect(section.getByText('2 imported before')).toBeVisible();
    await expect(section.getByText('1 daily plan imported before')).toBeVisible();
    await section.getByRole('button', { name: 'Restore the archive' }).click();
    await expect(
      section.getByText('Import finished: 0 todos imported, 2 imported before.'),
    ).toBeVisible();
    await expect(section.getByRole('list', { name: 'Also restored' })).toContainText(
      '0 daily plans restored, 1 plan restored before',
    );

    await section.getByRole('link', { name: 'View your todos' }).click();
    await expect(page).toHaveURL(/\/dashboard\/todos$/);
    for (const title of titles) {
      await expect(page.getByRole('heading', { name: title })).toHaveCount(1);
    }
    const todos = (await (await page.request.get('/api/todos?limit=100')).json()) as {
      total: number;
    };
    expect(todos.total).toBe(2);
  });
});
