import { DEFAULT_SETTINGS } from '@daywise/shared';
import { FOCUS_MESSAGES, type FocusMode } from '@daywise/shared/focus-messages';
import type { FocusTimer } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { jobKey, type ReminderQueue } from '../reminders/queue';
import { type FocusItemRef, recordSession } from './sessions';
import {
  apply,
  type EndedFocus,
  type EndedPhase,
  endsAt,
  type FocusLengths,
  newTimer,
  refusal,
  runMs,
  settle,
  type TimerAction,
  type TimerRow,
} from './timer';

const MINUTE = 60_000;

/** The user's focus lengths (their settings, else the defaults), in ms. */
export async function focusLengths(db: Kysely<Database>, userId: string): Promise<FocusLengths> {
  const row = await db
    .selectFrom('user_settings')
    .select(['focus_minutes', 'short_break_minutes', 'long_break_minutes', 'long_break_every'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const focus = DEFAULT_SETTINGS.focus;
  return {
    focus: (row?.focus_minutes ?? focus.focusMinutes) * MINUTE,
    shortBreak: (row?.short_break_minutes ?? focus.shortBreakMinutes) * MINUTE,
    longBreak: (row?.long_break_minutes ?? focus.longBreakMinutes) * MINUTE,
    longBreakEvery: row?.long_break_every ?? focus.longBreakEvery,
  };
}

/** The item's title if it is the user's own, else undefined. */
export async function ownItemTitle(
  db: Kysely<Database>,
  userId: string,
  item: FocusItemRef,
): Promise<string | undefined> {
  const row =
    item.kind === 'todo'
      ? await db
          .selectFrom('todos')
          .select('title')
          .where('id', '=', item.id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('daily_tasks')
          .select('title')
          .where('id', '=', item.id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  return row?.title;
}

/** The user's timer row, locked for the transaction on PostgreSQL (one change at a time). */
async function lockedTimer(trx: Kysely<Database>, userId: string): Promise<TimerRow | undefined> {
  const query = trx.selectFrom('focus_timers').selectAll().where('user_id', '=', userId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Writes the timer as it now is (or removes it) and keeps its phase-end job in step. */
async function saveTimer(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  before: TimerRow | undefined,
  after: TimerRow | null,
): Promise<void> {
  if (after === null) {
    await trx.deleteFrom('focus_timers').where('user_id', '=', userId).execute();
  } else if (before) {
    await trx.updateTable('focus_timers').set(after).where('user_id', '=', userId).execute();
  } else {
    await trx.insertInto('focus_timers').values(after).execute();
  }
  const end = after ? endsAt(after) : null;
  if (end) {
    await queue.schedule(trx, { kind: 'focus', userId, itemId: userId, fireAt: end.toISOString() });
  } else {
    await queue.cancel(trx, [jobKey('focus', userId)]);
  }
}

async function recordAll(
  trx: Kysely<Database>,
  row: TimerRow,
  sessions: readonly EndedFocus[],
): Promise<void> {
  for (const session of sessions) {
    await recordSession(trx, row.user_id, { kind: row.item_kind, id: row.item_id }, session);
  }
}

/** The timer as the API answers it. */
export function presentTimer(row: TimerRow, title: string, now: Date): FocusTimer {
  const end = endsAt(row);
  const paused = row.running_since === null;
  return {
    item: { kind: row.item_kind, id: row.item_id, title },
    mode: row.mode,
    phase: row.phase,
    phaseStartedAt: row.phase_started_at,
    phaseMs: row.phase_ms,
    elapsedMs: row.elapsed_ms,
    runningSince: row.running_since,
    endsAt: end?.toISOString() ?? null,
    paused,
    remainingMs: row.phase_ms === null ? null : Math.max(row.phase_ms - runMs(row, now), 0),
    focusCount: row.focus_count,
    serverNow: now.toISOString(),
  };
}

export interface Settled {
  row: TimerRow | undefined;
  title: string | undefined;
  ended: EndedPhase[];
  /** Whether anything was written: the other tabs are told. */
  changed: boolean;
}

/**
 * The user's timer brought up to `now` and written back (timer.ts `settle`): phases that ended
 * are recorded. A timer whose item is gone (deleted meanwhile) is removed.
 */
export async function settledTimer(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  now: Date,
): Promise<Settled> {
  const before = await lockedTimer(trx, userId);
  if (!before) {
    return { row: undefined, title: undefined, ended: [], changed: false };
  }
  const title = await ownItemTitle(trx, userId, { kind: before.item_kind, id: before.item_id });
  if (title === undefined) {
    await saveTimer(trx, queue, userId, before, null);
    return { row: undefined, title: undefined, ended: [], changed: true };
  }
  const { row, sessions, ended } = settle(before, now, await focusLengths(trx, userId));
  if (ended.length > 0) {
    await recordAll(trx, before, sessions);
    await saveTimer(trx, queue, userId, before, row);
  }
  return { row, title, ended, changed: ended.length > 0 };
}

/**
 * Starts a timer on one of the user's own items; another user's item or a missing one is 404.
 * A timer running on something else is stopped first, its focus recorded.
 */
export async function startTimer(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  input: { item: FocusItemRef; mode: FocusMode },
  now: Date,
): Promise<FocusTimer> {
  const title = await ownItemTitle(trx, userId, input.item);
  if (title === undefined) {
    throw new ApiError(
      'NOT_FOUND',
      input.item.kind === 'todo' ? 'Todo not found' : 'Task not found',
    );
  }
  const current = await settledTimer(trx, queue, userId, now);
  const lengths = await focusLengths(trx, userId);
  if (current.row) {
    await recordAll(trx, current.row, apply(current.row, 'stop', now, lengths).sessions);
  }
  const row = newTimer(userId, input.item, input.mode, lengths, now);
  await saveTimer(trx, queue, userId, current.row, row);
  return presentTimer(row, title, now);
}

/**
 * Pauses, resumes, skips or stops the user's timer at `now`. No timer, or one the action does
 * not apply to (pausing a paused timer), is 409 and changes nothing.
 */
export async function changeTimer(
  trx: Kysely<Database>,
  queue: ReminderQueue,
  userId: string,
  action: TimerAction,
  now: Date,
): Promise<FocusTimer | null> {
  const current = await settledTimer(trx, queue, userId, now);
  if (!current.row || current.title === undefined) {
    throw new ApiError('CONFLICT', FOCUS_MESSAGES.noTimer);
  }
  const refused = refusal(current.row, action);
  if (refused) {
    throw new ApiError('CONFLICT', FOCUS_MESSAGES[refused]);
  }
  const { row, sessions } = apply(current.row, action, now, await focusLengths(trx, userId));
  await recordAll(trx, current.row, sessions);
  await saveTimer(trx, queue, userId, current.row, row);
  return row ? presentTimer(row, current.title, now) : null;
}
