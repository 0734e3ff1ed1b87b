import { importsApi } from '@daywise/shared/api';
import type { ImportPreview, ImportStatus } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ImportData } from './import-data';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const PREVIEW: ImportPreview = {
  format: 'todoist',
  fileName: 'Work.csv',
  total: 3,
  alreadyImported: 1,
  toCreate: 2,
  overQuota: 0,
  completed: 0,
  withDueDate: 1,
  repeating: 1,
  mappings: [{ from: 'Project "Work"', to: 'list "Work"' }],
  newTags: ['Work'],
  newLists: ['Work'],
  newSections: 2,
  subtasks: 1,
  problems: [{ row: 7, message: 'Task without a name skipped' }],
  restores: [],
  sample: [
    {
      row: 2,
      title: 'Water the plants',
      priority: 'low',
      dueDate: '2026-11-21',
      completed: false,
      tags: ['Work'],
      repeat: 'Every day',
    },
  ],
};

const STATUS: ImportStatus = {
  id: 'i1',
  format: 'todoist',
  fileName: 'Work.csv',
  status: 'running',
  total: 3,
  processed: 0,
  created: 0,
  alreadyImported: 0,
  tagsCreated: 0,
  restored: [],
  problems: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  finishedAt: null,
};

const file = () => new File(['TYPE,CONTENT,PRIORITY\n'], 'Work.csv', { type: 'text/csv' });

describe('ImportData', () => {
  it('previews the file, imports it on confirm, shows progress and the result', async () => {
    let polls = 0;
    const started = vi.fn();
    fakeApi()
      .on(importsApi.preview, PREVIEW)
      .on(importsApi.start, () => {
        started();
        return STATUS;
      })
      .on(importsApi.get, () => {
        polls += 1;
        return polls < 2
          ? { ...STATUS, processed: 1 }
          : {
              ...STATUS,
              status: 'done' as const,
              processed: 3,
              created: 2,
              alreadyImported: 1,
              tagsCreated: 1,
              problems: PREVIEW.problems,
              finishedAt: '2026-11-21T09:00:01.000Z',
            };
      });
    renderWithProviders(<ImportData />, { session: null });
    await userEvent.upload(screen.getByLabelText('Choose a file to import'), file());

    expect(await screen.findByText('Todoist CSV export')).toBeInTheDocument();
    expect(screen.getByText('Project "Work" → list "Work"')).toBeInTheDocument();
    expect(screen.getByText('New lists: Work')).toBeInTheDocument();
    expect(screen.getByText('2 new sections')).toBeInTheDocument();
    expect(screen.getByText('1 as subtasks')).toBeInTheDocument();
    expect(screen.getByText('Row 7: Task without a name skipped')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Water the plants/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Water the plants', 'Low', '2026-11-21', 'Work', 'Every day']);
    expect(started).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 todos' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /Import finished: 2 todos imported, 1 imported before, 1 tags created/,
      ),
    ).toBeInTheDocument();
    expect(started).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByLabelText('Choose a file to import')).toBeInTheDocument();
  });

  it('says what else an archive brings back, and restores it with no new todo', async () => {
    const archive: ImportPreview = {
      ...PREVIEW,
      format: 'daywise',
      fileName: 'daywise-archive-2026-11-21.json',
      total: 1,
      alreadyImported: 1,
      toCreate: 0,
      restores: ['Your settings: notifications, privacy, theme and time zone (Europe/Paris)'],
    };
    fakeApi()
      .on(importsApi.preview, archive)
      .on(importsApi.start, { ...STATUS, format: 'daywise' as const })
      .on(importsApi.get, {
        ...STATUS,
        format: 'daywise' as const,
        status: 'done' as const,
        total: 1,
        processed: 1,
        alreadyImported: 1,
        restored: ['Settings restored', '12 daily plans restored'],
        finishedAt: '2026-11-21T09:00:01.000Z',
      });
    renderWithProviders(<ImportData />, { session: null });
    await userEvent.upload(screen.getByLabelText('Choose a file to import'), file());
    expect(
      await screen.findByText(
        'Your settings: notifications, privacy, theme and time zone (Europe/Paris)',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore the archive' }));
    const restored = await screen.findByRole('list', { name: 'Also restored' });
    expect(
      within(restored)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings restored', '12 daily plans restored']);
  });

  it('says what is wrong with a bad file and imports nothing', async () => {
    const message =
      "This file is not UTF-8 text. Export it again from the app, or save it as 'CSV UTF-8' in your spreadsheet.";
    fakeApi().on(importsApi.preview, () =>
      Promise.resolve(errorResponse(400, 'IMPORT_FILE_INVALID', message, { file: message })),
    );
    renderWithProviders(<ImportData />, { session: null });
    await userEvent.upload(screen.getByLabelText('Choose a file to import'), file());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: /Import \d+ todos/ })).not.toBeInTheDocument();
  });

  it('cancels a preview without importing, and says when nothing is new', async () => {
    fakeApi().on(importsApi.preview, { ...PREVIEW, alreadyImported: 3, toCreate: 0 });
    renderWithProviders(<ImportData />, { session: null });
    await userEvent.upload(screen.getByLabelText('Choose a file to import'), file());
    expect(await screen.findByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Choose a file to import')).toBeInTheDocument();
  });
});
