import { agendaApi, todosApi } from '@daywise/shared/api';
import type { AgendaToday, Todo } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '../../lib/toast';
import { fakeApi } from '../../test/fake-api';
import { makeTodo } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { expectDrawnStreakIcons } from '../../test/streaks';
import TodayPage from './today-page';

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

/** Friday 20 November 2026. */
const TODAY = '2026-11-20';

const STANDUP = makeTodo({
  id: 'r1',
  title: 'Write stand-up notes',
  dueDate: TODAY,
  repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', from: 'due' },
  habit: { streak: 12, best: 12, freezes: 2, done: 30 },
});

const agenda = (todos: Todo[]): AgendaToday => ({
  date: TODAY,
  overdue: [],
  todos,
  planTasks: [],
  sharedTasks: [],
});

describe('a repeating todo on Today', () => {
  it('shows its rule and streak, and completing it says its next date with an Undo of it', async () => {
    let current = STANDUP;
    const api = fakeApi()
      .on(agendaApi.today, () => agenda(current.dueDate === TODAY ? [current] : []))
      .on(agendaApi.counts, { today: 1, upcoming: 0 })
      .on(todosApi.update, ({ body }) => {
        const done = (body as { completed: boolean }).completed;
        current = done
          ? { ...STANDUP, dueDate: '2026-11-23', habit: { ...STANDUP.habit!, streak: 13 } }
          : STANDUP;
        return current;
      });
    const { user } = renderWithProviders(<TodayPage />, { session: null });

    const link = await screen.findByRole('link', { name: 'Write stand-up notes' });
    const row = link.closest('li') as HTMLElement;
    expect(within(row).getByText('Every weekday')).toBeInTheDocument();
    const streak = within(row).getByRole('img', { name: 'Streak 12, 2 freezes' });
    expect(streak).toHaveTextContent(/^122$/);
    expectDrawnStreakIcons(streak);
    expect(within(row).getByRole('button', { name: 'Skip "Write stand-up notes"' })).toBeVisible();

    await user.click(
      within(row).getByRole('checkbox', { name: 'Mark "Write stand-up notes" as completed' }),
    );

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Done — next: Nov 23, 2026', expect.anything()),
    );
    // Read again, it is due on Monday: off Today.
    expect(await screen.findByText('Nothing due today')).toBeInTheDocument();

    const [, options] = vi.mocked(notify.success).mock.calls.at(-1)!;
    expect(options?.action?.label).toBe('Undo');
    options!.action!.onClick();
    expect(await screen.findByRole('link', { name: 'Write stand-up notes' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Undone — due Nov 20, 2026 again');
    expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
      { completed: true },
      { completed: false },
    ]);
  });
});
