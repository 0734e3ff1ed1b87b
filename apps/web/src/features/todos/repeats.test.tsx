import { todosApi } from '@daywise/shared/api';
import type { Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { expectDrawnStreakIcons } from '../../test/streaks';
import { pressUndo } from '../../test/toasts';
import TodosPage from './todos-page';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

const WATER = makeTodo({
  id: 'w1',
  title: 'Water plants',
  dueDate: '2026-11-22',
  repeat: { rule: 'FREQ=DAILY', from: 'due' },
  habit: { streak: 4, best: 6, freezes: 1, done: 9 },
});

const ONE_OFF = makeTodo({ id: 't2', title: 'Book flights' });

/**
 * A fake server holding a daily repeating todo: completing or skipping moves it a day on
 * (completing adds to the streak), `completed: false` puts the latest occurrence back.
 */
function stubApi() {
  const history: Todo[] = [];
  let water = WATER;
  const moveOn = (done: boolean): Todo => {
    history.push(water);
    const streak = water.habit!.streak + (done ? 1 : 0);
    water = {
      ...water,
      dueDate: '2026-11-23',
      habit: { ...water.habit!, streak, done: water.habit!.done + (done ? 1 : 0) },
    };
    return water;
  };
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(todosApi.stats, { total: 2, completed: 0, pending: 2, completionRate: 0 })
    .on(todosApi.list, ({ query }) => {
      const items = query.get('status') === 'completed' ? [] : [water, ONE_OFF];
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    })
    .on(todosApi.update, ({ body }) => {
      if ((body as { completed: boolean }).completed) {
        return moveOn(true);
      }
      water = history.pop() ?? water;
      return water;
    })
    .on(todosApi.skip, () => moveOn(false));
  return api;
}

const renderPage = () =>
  renderWithProviders(<TodosPage />, { route: '/dashboard/todos', toaster: true });

const waterRow = async () =>
  (await screen.findByRole('heading', { name: 'Water plants' })).closest('li') as HTMLElement;

describe('repeating todos in the list', () => {
  it('shows the rule in words, the streak with its freeze, and Skip only on the repeating one', async () => {
    stubApi();
    renderPage();
    const row = await waterRow();
    expect(within(row).getByText('Every day')).toBeInTheDocument();
    const streak = within(row).getByRole('img', { name: 'Streak 4, 1 freeze' });
    expect(streak).toHaveTextContent(/^41$/);
    expectDrawnStreakIcons(streak);
    expect(within(row).getByRole('button', { name: 'Skip "Water plants"' })).toBeInTheDocument();

    const other = screen.getByRole('heading', { name: 'Book flights' }).closest('li')!;
    expect(within(other as HTMLElement).queryByRole('button', { name: /^Skip/ })).toBeNull();
    expect(within(other as HTMLElement).queryByRole('img', { name: /^Streak/ })).toBeNull();
  });

  it('completes an occurrence: the row moves to the next date, the toast says it, Undo puts it back', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    const row = await waterRow();
    await user.click(
      within(row).getByRole('checkbox', { name: 'Mark "Water plants" as completed' }),
    );

    expect(await screen.findByText('Done — next: Nov 23, 2026')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Due Nov 23, 2026')).toBeInTheDocument());
    // It stays pending, unticked, and counted as before.
    await waitFor(() =>
      expect(
        within(row).getByRole('checkbox', { name: 'Mark "Water plants" as completed' }),
      ).not.toBeChecked(),
    );
    expect(within(row).getByRole('img', { name: 'Streak 5, 1 freeze' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Pending Tasks/ })).toHaveAccessibleName(
      'Pending Tasks (2)',
    );

    await pressUndo(user, 'Done — next: Nov 23, 2026');

    expect(await screen.findByText('Undone — due Nov 22, 2026 again')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Due Nov 22, 2026')).toBeInTheDocument());
    expect(within(row).getByRole('img', { name: 'Streak 4, 1 freeze' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
      { completed: true },
      { completed: false },
    ]);
    unmount();
  });

  it('puts the box and the date back when the server refuses the completion', async () => {
    const api = stubApi();
    api.on(todosApi.update, () => errorResponse(500, 'INTERNAL'));
    const { user, unmount } = renderPage();
    const row = await waterRow();
    const box = within(row).getByRole('checkbox', { name: 'Mark "Water plants" as completed' });
    await user.click(box);

    expect(await screen.findByText('Failed to update todo')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(within(row).getByText('Due Nov 22, 2026')).toBeInTheDocument();
    unmount();
  });

  it('skips an occurrence to the next date, with Undo', async () => {
    const api = stubApi();
    const { user, unmount } = renderPage();
    const row = await waterRow();
    await user.click(within(row).getByRole('button', { name: 'Skip "Water plants"' }));

    expect(await screen.findByText('Skipped — next: Nov 23, 2026')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Due Nov 23, 2026')).toBeInTheDocument());
    expect(within(row).getByRole('img', { name: 'Streak 4, 1 freeze' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos/:id/skip')[0]?.params).toEqual({ id: 'w1' });

    await pressUndo(user, 'Skipped — next: Nov 23, 2026');
    await waitFor(() => expect(within(row).getByText('Due Nov 22, 2026')).toBeInTheDocument());
    expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
      { completed: false },
    ]);
    unmount();
  });

  it('says so when a skip fails, leaving the todo as it was', async () => {
    const api = stubApi();
    api.on(todosApi.skip, () => errorResponse(409, 'CONFLICT'));
    const { user, unmount } = renderPage();
    const row = await waterRow();
    await user.click(within(row).getByRole('button', { name: 'Skip "Water plants"' }));

    expect(await screen.findByText('Failed to skip todo')).toBeInTheDocument();
    expect(within(row).getByText('Due Nov 22, 2026')).toBeInTheDocument();
    unmount();
  });
});
