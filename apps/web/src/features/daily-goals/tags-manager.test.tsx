import { tagsApi } from '@daywise/shared/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { TagsManager } from './tags-manager';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

describe('TagsManager', () => {
  it('says a name is taken, and keeps what was typed', async () => {
    const taken = 'You already have a tag with this name';
    fakeApi()
      .on(tagsApi.list, [
        { id: 'g1', name: 'Work', color: '#3B82F6', createdAt: '2026-11-20T10:00:00.000Z' },
      ])
      .on(tagsApi.create, () =>
        Promise.resolve(errorResponse(409, 'CONFLICT', taken, { name: taken })),
      );
    renderWithProviders(<TagsManager />, { session: null });
    await screen.findByRole('heading', { name: 'Your Tags (1)' });

    await userEvent.type(screen.getByLabelText('Tag Name'), 'work');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));

    expect(await screen.findByText(taken)).toBeInTheDocument();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(taken));
    expect(notify.error).not.toHaveBeenCalledWith('Failed to save tag');
    expect(screen.getByLabelText('Tag Name')).toHaveValue('work');
  });

  it('says a failed save failed', async () => {
    fakeApi()
      .on(tagsApi.list, [])
      .on(tagsApi.create, () => Promise.resolve(errorResponse(500, 'INTERNAL')));
    renderWithProviders(<TagsManager />, { session: null });
    await screen.findByRole('heading', { name: 'Your Tags (0)' });
    await userEvent.type(screen.getByLabelText('Tag Name'), 'Home');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to save tag'));
    expect(screen.getByLabelText('Tag Name')).toHaveValue('Home');
  });
});
