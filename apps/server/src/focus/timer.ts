import type { FocusMode, FocusPhase } from '@daywise/shared/focus-messages';
import type { Selectable } from 'kysely';

import type { FocusTimerTable } from '../db/schema';

/**
 * The focus timer's rules (ADR 0032), as pure functions of a timer row and the server's clock:
 * what the routes, the reads and the phase-end job all apply. Nothing here reads the database.
 */
export type TimerRow = Selectable<FocusTimerTable>;

/** The user's lengths (focus settings), in ms, and after how many focus periods the long break. */
export interface FocusLengths {
  focus: number;
  shortBreak: number;
  longBreak: number;
  longBreakEvery: number;
}

/** A focus period or stopwatch run to record. */
export interface EndedFocus {
  startedAt: string;
  endedAt: string;
  minutes: number;
}

/** A phase that ran to its end by itself: what the push says. */
export interface EndedPhase {
  phase: FocusPhase;
  at: string;
}

const MINUTE = 60_000;

/** Time run in the phase as of `now`. */
export function runMs(row: TimerRow, now: Date): number {
  const running = row.running_since ? now.getTime() - new Date(row.running_since).getTime() : 0;
  return row.elapsed_ms + Math.max(running, 0);
}

/** When the running pomodoro phase ends; null for a stopwatch or while paused. */
export function endsAt(row: TimerRow): Date | null {
  if (row.mode !== 'pomodoro' || row.running_since === null || row.phase_ms === null) {
    return null;
  }
  return new Date(new Date(row.running_since).getTime() + row.phase_ms - row.elapsed_ms);
}

/** A new phase of `phase`, running from `at` (or waiting, paused, when `running` is false). */
function phaseRow(
  row: TimerRow,
  phase: FocusPhase,
  lengths: FocusLengths,
  at: string,
  running: boolean,
): TimerRow {
  return {
    ...row,
    phase,
    phase_started_at: at,
    phase_ms: row.mode === 'pomodoro' ? lengths[phase] : null,
    elapsed_ms: 0,
    running_since: running ? at : null,
    updated_at: at,
  };
}

/** The break after the `count`-th focus period: every `longBreakEvery`-th is long. */
function breakAfter(count: number, lengths: FocusLengths): FocusPhase {
  return count > 0 && count % lengths.longBreakEvery === 0 ? 'longBreak' : 'shortBreak';
}

/** A new timer on an item, running from `now`. */
export function newTimer(
  userId: string,
  item: { kind: 'todo' | 'task'; id: string },
  mode: FocusMode,
  lengths: FocusLengths,
  now: Date,
): TimerRow {
  const at = now.toISOString();
  return {
    user_id: userId,
    item_kind: item.kind,
    item_id: item.id,
    mode,
    phase: 'focus',
    phase_started_at: at,
    phase_ms: mode === 'pomodoro' ? lengths.focus : null,
    elapsed_ms: 0,
    running_since: at,
    focus_count: 0,
    updated_at: at,
  };
}

/**
 * The timer as the clock has moved it: a focus period that reached its end is recorded whole and
 * its break starts at that instant; a break that reached its end leaves the next focus period
 * waiting (paused, whole), so an unattended timer records at most one period.
 */
export function settle(
  start: TimerRow,
  now: Date,
  lengths: FocusLengths,
): { row: TimerRow; sessions: EndedFocus[]; ended: EndedPhase[] } {
  let row = start;
  const sessions: EndedFocus[] = [];
  const ended: EndedPhase[] = [];
  for (let end = endsAt(row); end && end.getTime() <= now.getTime(); end = endsAt(row)) {
    const at = end.toISOString();
    ended.push({ phase: row.phase, at });
    if (row.phase === 'focus') {
      sessions.push({
        startedAt: row.phase_started_at,
        endedAt: at,
        minutes: Math.round((row.phase_ms ?? 0) / MINUTE),
      });
      const count = row.focus_count + 1;
      row = phaseRow({ ...row, focus_count: count }, breakAfter(count, lengths), lengths, at, true);
    } else {
      row = phaseRow(row, 'focus', lengths, at, false);
    }
  }
  return { row, sessions, ended };
}

export type TimerAction = 'pause' | 'resume' | 'skip' | 'stop';

/** Why an action does not apply to the timer as it is, or null when it does. */
export function refusal(
  row: TimerRow,
  action: TimerAction,
): 'notRunning' | 'notPaused' | 'stopwatchNoSkip' | null {
  if (action === 'pause' && row.running_since === null) {
    return 'notRunning';
  }
  if (action === 'resume' && row.running_since !== null) {
    return 'notPaused';
  }
  if (action === 'skip' && row.mode === 'stopwatch') {
    return 'stopwatchNoSkip';
  }
  return null;
}

/**
 * What a focus period ended early records: the minutes actually focused. Skipping records nothing
 * under a minute (a period passed over); stopping records every run, at least a minute.
 */
function endedEarly(row: TimerRow, now: Date, by: 'skip' | 'stop'): EndedFocus[] {
  const ran = runMs(row, now);
  if (row.phase !== 'focus' || ran <= 0 || (by === 'skip' && ran < MINUTE)) {
    return [];
  }
  return [
    {
      startedAt: row.phase_started_at,
      endedAt: now.toISOString(),
      minutes: Math.max(1, Math.round(ran / MINUTE)),
    },
  ];
}

/**
 * Applies an action to a settled timer at `now`: the timer after it (null once stopped) and the
 * focus it records. The caller has checked `refusal`.
 */
export function apply(
  row: TimerRow,
  action: TimerAction,
  now: Date,
  lengths: FocusLengths,
): { row: TimerRow | null; sessions: EndedFocus[] } {
  const at = now.toISOString();
  switch (action) {
    case 'pause':
      return {
        row: { ...row, elapsed_ms: runMs(row, now), running_since: null, updated_at: at },
        sessions: [],
      };
    case 'resume':
      return {
        row: {
          ...row,
          // A period that had not begun (the one waiting after a break) begins now.
          phase_started_at: row.elapsed_ms === 0 ? at : row.phase_started_at,
          running_since: at,
          updated_at: at,
        },
        sessions: [],
      };
    case 'skip': {
      if (row.phase !== 'focus') {
        return { row: phaseRow(row, 'focus', lengths, at, true), sessions: [] };
      }
      const count = row.focus_count + 1;
      return {
        row: phaseRow(
          { ...row, focus_count: count },
          breakAfter(count, lengths),
          lengths,
          at,
          true,
        ),
        sessions: endedEarly(row, now, 'skip'),
      };
    }
    case 'stop':
      return { row: null, sessions: endedEarly(row, now, 'stop') };
  }
}
