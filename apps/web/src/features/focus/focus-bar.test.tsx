import { focusApi } from '@daywise/shared/api';
import type { FocusTimer } from '@daywise/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { optimisticTimer } from '../../lib/focus';
import { queryKeys } from '../../lib/query-keys';
import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import FocusBar, { clockText, shownMs } from './focus-bar';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function timer(fields: Partial<FocusTimer> = {}): FocusTimer {
  return {
    item: { kind: 'todo', id: 't1', title: 'Write the report' },
    mode: 'pomodoro',
    phase: 'focus',
    phaseStartedAt: '2026-11-28T09:50:00.000Z',
    phaseMs: 25 * 60_000,
    elapsedMs: 0,
    runningSince: '2026-11-28T09:50:00.000Z',
    endsAt: '2026-11-28T10:15:00.000Z',
    paused: false,
    remainingMs: 15 * 60_000,
    focusCount: 0,
    serverNow: new Date(NOW).toISOString(),
    ...fields,
  };
}

describe('the focus timer’s time', () => {
  it('counts down from the server’s end time and up for a stopwatch', () => {
    expect(clockText(shownMs(timer(), NOW))).toBe('15:00');
    expect(clockText(shownMs(timer(), NOW + 61_000))).toBe('13:59');
    expect(clockText(shownMs(timer(), NOW + 20 * 60_000))).toBe('00:00');
    const paused = timer({ paused: true, endsAt: null, runningSince: null, remainingMs: 90_000 });
    expect(clockText(shownMs(paused, NOW + 10 * 60_000))).toBe('01:30');
    const stopwatch = timer({
      mode: 'stopwatch',
      phaseMs: null,
      endsAt: null,
      elapsedMs: 3_600_000,
    });
    expect(clockText(shownMs(stopwatch, NOW))).toBe('1:10:00');
  });

  it('pauses and resumes optimistically by the time run', () => {
    const paused = optimisticTimer(timer(), 'pause', NOW);
    expect(paused).toMatchObject({ paused: true, endsAt: null, remainingMs: 15 * 60_000 });
    const resumed = optimisticTimer(paused, 'resume', NOW + 60_000);
    expect(resumed.endsAt).toBe('2026-11-28T10:16:00.000Z');
  });
});

describe('FocusBar', () => {
  it('shows nothing without a timer, and the item, phase and time with one', async () => {
    fakeApi().on(focusApi.current, () => ({ timer: null }));
    const { container } = renderWithProviders(<FocusBar />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('pauses from the keyboard, and rolls back with a toast when the server refuses', async () => {
    fakeApi()
      .on(focusApi.current, () => ({ timer: timer({ serverNow: new Date().toISOString() }) }))
      .on(focusApi.pause, () =>
        errorResponse(409, 'CONFLICT', 'The focus timer is paused already'),
      );
    renderWithProviders(<FocusBar />, { toaster: true });
    const bar = await screen.findByRole('region', { name: 'Focus timer' });
    expect(bar).toHaveTextContent('Write the report');
    expect(bar).toHaveTextContent('Focus');
    const pause = screen.getByRole('button', { name: 'Pause' });
    pause.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('The focus timer is paused already')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(bar).not.toHaveTextContent('Paused');
  });
});

describe('FocusBar at the end of a phase', () => {
  /** A focus period begun 20 minutes ago, with `left` ms of it to run by the server's clock. */
  function running(left: number): FocusTimer {
    const now = Date.now();
    return timer({
      phaseStartedAt: new Date(now - 20 * 60_000).toISOString(),
      runningSince: new Date(now - 20 * 60_000).toISOString(),
      endsAt: new Date(now + left).toISOString(),
      remainingMs: left,
      serverNow: new Date(now).toISOString(),
    });
  }

  /** The break the server moved `ended` on to: at its end, or earlier (a skip). */
  function breakAfter(ended: FocusTimer, at: string): FocusTimer {
    return timer({
      phase: 'shortBreak',
      phaseStartedAt: at,
      runningSince: at,
      phaseMs: 5 * 60_000,
      endsAt: new Date(Date.parse(at) + 5 * 60_000).toISOString(),
      remainingMs: 5 * 60_000,
      focusCount: ended.focusCount + 1,
      serverNow: new Date(Math.max(Date.parse(at), Date.now())).toISOString(),
    });
  }

  it('tells once when the server moves the timer on at the end, before this tab’s clock gets there', async () => {
    const period = running(10 * 60_000);
    let answer = period;
    fakeApi().on(focusApi.current, () => ({ timer: answer }));
    const { client } = renderWithProviders(<FocusBar />, { toaster: true });
    await screen.findByRole('region', { name: 'Focus timer' });
    // The phase end job ran (the tab's clock behind the server's): the realtime event re-reads.
    const end = period.endsAt ?? '';
    answer = { ...breakAfter(period, end), serverNow: end };
    await client.invalidateQueries({ queryKey: queryKeys.focus });
    expect(
      await screen.findByText('Focus period done: Write the report. Time for a break.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Focus timer' })).toHaveTextContent('Short break');
    // Read again, the same end is not told twice.
    await client.invalidateQueries({ queryKey: queryKeys.focus });
    expect(
      screen.getAllByText('Focus period done: Write the report. Time for a break.'),
    ).toHaveLength(1);
  });

  it('tells when this tab’s clock reaches the end first', async () => {
    fakeApi().on(focusApi.current, () => ({ timer: running(1500) }));
    renderWithProviders(<FocusBar />, { toaster: true });
    expect(
      await screen.findByText(
        'Focus period done: Write the report. Time for a break.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });

  it('tells nothing for a phase skipped before its end', async () => {
    // Another item than the tests above, whose toasts may still be on sonner's shared list.
    const period = {
      ...running(10 * 60_000),
      item: { kind: 'todo', id: 't2', title: 'Plan the trip' },
    } as const;
    let answer = period;
    fakeApi().on(focusApi.current, () => ({ timer: answer }));
    const { client } = renderWithProviders(<FocusBar />, { toaster: true });
    await screen.findByRole('region', { name: 'Focus timer' });
    answer = { ...breakAfter(period, new Date().toISOString()), item: period.item };
    await client.invalidateQueries({ queryKey: queryKeys.focus });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Focus timer' })).toHaveTextContent('Short break'),
    );
    expect(screen.queryByText(/Focus period done: Plan the trip/)).not.toBeInTheDocument();
  });
});

describe('FocusBar with a stopwatch', () => {
  /** A stopwatch that has run 65 s by the server's clock as it answers. */
  function stopwatch(fields: Partial<FocusTimer> = {}): FocusTimer {
    const now = Date.now();
    return timer({
      mode: 'stopwatch',
      phaseMs: null,
      endsAt: null,
      remainingMs: null,
      runningSince: new Date(now - 65_000).toISOString(),
      serverNow: new Date(now).toISOString(),
      ...fields,
    });
  }

  it('counts the time run up, with pause, resume and stop but no skip', async () => {
    const api = fakeApi()
      .on(focusApi.current, () => ({ timer: stopwatch() }))
      .on(focusApi.pause, () => stopwatch({ paused: true, runningSince: null, elapsedMs: 70_000 }));
    renderWithProviders(<FocusBar />);
    const bar = await screen.findByRole('region', { name: 'Focus timer' });
    expect(bar).toHaveTextContent('Stopwatch');
    const time = screen.getByTestId('focus-time');
    expect(time.textContent).toMatch(/^01:0[5-6]$/);
    await waitFor(() => expect(time).toHaveTextContent(/^01:0[6-9]$/), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Skip to next phase' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(bar).toHaveTextContent('Stopwatch · Paused');
    await waitFor(() => expect(time).toHaveTextContent('01:10'));
    expect(api.callsTo('POST', '/api/focus/pause')).toHaveLength(1);
  });

  it('stops at once and puts the bar back when the server refuses', async () => {
    fakeApi()
      .on(focusApi.current, () => ({ timer: stopwatch() }))
      .on(focusApi.stop, () => errorResponse(409, 'CONFLICT', 'No focus timer is running'));
    renderWithProviders(<FocusBar />, { toaster: true });
    await screen.findByRole('region', { name: 'Focus timer' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('No focus timer is running')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Focus timer' })).toHaveTextContent(
      'Stopwatch',
    );
  });
});
