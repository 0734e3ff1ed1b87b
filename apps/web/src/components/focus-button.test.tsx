import { focusApi } from '@daywise/shared/api';
import type { FocusTimer } from '@daywise/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { FocusButton } from './focus-button';

const started = (mode: FocusTimer['mode']): FocusTimer => ({
  item: { kind: 'task', id: 'k1', title: 'Read a chapter' },
  mode,
  phase: 'focus',
  phaseStartedAt: '2026-11-28T10:00:00.000Z',
  phaseMs: mode === 'pomodoro' ? 25 * 60_000 : null,
  elapsedMs: 0,
  runningSince: '2026-11-28T10:00:00.000Z',
  endsAt: mode === 'pomodoro' ? '2026-11-28T10:25:00.000Z' : null,
  paused: false,
  remainingMs: mode === 'pomodoro' ? 25 * 60_000 : null,
  focusCount: 0,
  serverNow: '2026-11-28T10:00:00.000Z',
});

describe('FocusButton', () => {
  it('offers Pomodoro and Stopwatch, and starts the one chosen from the keyboard', async () => {
    const api = fakeApi().on(focusApi.start, (request) =>
      started((request.body as { mode: FocusTimer['mode'] }).mode),
    );
    renderWithProviders(<FocusButton item={{ taskId: 'k1' }} title="Read a chapter" />);
    const button = screen.getByRole('button', { name: 'Focus on "Read a chapter"' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const pomodoro = await screen.findByRole('menuitem', { name: /^Pomodoro/ });
    await waitFor(() => expect(pomodoro).toHaveFocus());
    expect(pomodoro).toHaveTextContent('Counts down focus periods and breaks');
    await userEvent.keyboard('{ArrowDown}');
    const stopwatch = screen.getByRole('menuitem', { name: /^Stopwatch/ });
    expect(stopwatch).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(api.callsTo('POST', '/api/focus/start')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/focus/start')[0]!.body).toEqual({
      taskId: 'k1',
      mode: 'stopwatch',
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('starts a Pomodoro when it is chosen with the pointer', async () => {
    const api = fakeApi().on(focusApi.start, () => started('pomodoro'));
    renderWithProviders(<FocusButton item={{ todoId: 't1' }} title="Write" />);
    await userEvent.click(screen.getByRole('button', { name: 'Focus on "Write"' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Pomodoro/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/focus/start')[0]?.body).toEqual({
        todoId: 't1',
        mode: 'pomodoro',
      }),
    );
  });
});
