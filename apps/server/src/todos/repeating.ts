import { formatRepeatRule, MESSAGES } from '@daywise/shared';
import type { Repeat } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { settleHabit } from './habit-count';
import {
  acceptRule,
  excludedBefore,
  firstOnOrAfter,
  keptExclusions,
  nextOccurrence,
  parseRule,
  type RepeatSeries,
  seriesOf,
} from './repeats';
import { excludedDatesOf, type TodoRow } from './todo-fields';

/**
 * Repeating todos' writes (docs/product/todos.md, "Repeating todos and habits"): completing or
 * skipping records the occurrence and moves the todo on, completing false undoes the latest
 * record; each write then counts the habit again (habit-count.ts).
 */

/** The stored form of a repeat: the rule checked and written in a fixed order. */
export function storedRepeat(repeat: Repeat): { rule: string; from: Repeat['from'] } {
  return { rule: formatRepeatRule(acceptRule(repeat.rule, repeat.from)), from: repeat.from };
}

/**
 * A repeating todo's series starts again on its due date, moved to the first occurrence on or
 * after it: when it starts repeating, and when its rule or due date changes.
 */
export function startSeries(
  repeat: { rule: string; from: Repeat['from'] },
  dueDate: string | null,
  zone: string,
): { due_date: string; repeat_start: string } {
  if (dueDate === null) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.repeatNeedsDueDate, {
      dueDate: MESSAGES.repeatNeedsDueDate,
    });
  }
  const series: RepeatSeries = {
    rule: parseRule(repeat.rule, repeat.from),
    from: repeat.from,
    start: dueDate,
    zone,
  };
  const first = series.from === 'completion' ? dueDate : firstOnOrAfter(series, dueDate);
  if (first === null || (series.rule.until !== null && first > series.rule.until)) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.repeatNeverOccurs);
  }
  return { due_date: first, repeat_start: first };
}

/**
 * The excluded dates a series started again keeps: those still days of its rule after its new
 * first day (none for a series counted from completion, which has no fixed days).
 */
export function restartedExclusions(
  current: TodoRow,
  repeat: { rule: string; from: Repeat['from'] },
  started: { repeat_start: string },
  zone: string,
): string[] {
  const excluded = excludedDatesOf(current);
  if (repeat.from !== 'due' || excluded.length === 0) {
    return [];
  }
  const series = { rule: parseRule(repeat.rule, repeat.from), from: repeat.from, zone };
  return keptExclusions({ ...series, start: started.repeat_start }, excluded);
}

/**
 * Records the todo's current occurrence (its due date) as done or skipped on `today`, and moves
 * it to the next occurrence; when COUNT is reached or no occurrence is left before UNTIL, the
 * todo is completed for good. Returns the changed columns.
 */
export async function recordOccurrence(
  db: Kysely<Database>,
  row: TodoRow,
  outcome: 'done' | 'skipped',
  now: Date,
  today: string,
  zone: string,
): Promise<Partial<TodoRow>> {
  const series = seriesOf(row, zone);
  const occurrence = row.due_date;
  if (!series || occurrence === null) {
    throw new ApiError('CONFLICT', MESSAGES.repeatNotRepeating);
  }
  if (row.completed) {
    throw new ApiError('CONFLICT', MESSAGES.repeatEnded);
  }
  await db
    .insertInto('todo_occurrences')
    .values({
      id: newId(),
      user_id: row.user_id,
      todo_id: row.id,
      occurrence_date: occurrence,
      outcome,
      completed_at: now.toISOString(),
      completed_on: today,
      created_at: now.toISOString(),
    })
    .execute();
  const next = nextOccurrence(series, occurrence, today);
  let ended = next === null;
  if (next !== null && series.rule.count !== null) {
    const { count } = await db
      .selectFrom('todo_occurrences')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('todo_id', '=', row.id)
      .executeTakeFirstOrThrow();
    // The excluded dates the series has passed use up the count as the records do.
    ended = Number(count) + excludedBefore(series, next) >= series.rule.count;
  }
  return ended || next === null
    ? { completed: true, completed_at: now.toISOString(), completed_date: today }
    : { due_date: next };
}

/**
 * Undoes the series' latest record, done or skipped: the todo goes back to that occurrence, and
 * an ended series is open again. 409 when nothing is recorded.
 */
export async function undoOccurrence(
  db: Kysely<Database>,
  row: TodoRow,
): Promise<Partial<TodoRow>> {
  const latest = await db
    .selectFrom('todo_occurrences')
    .select(['id', 'occurrence_date'])
    .where('todo_id', '=', row.id)
    .orderBy('created_at', 'desc')
    .orderBy('occurrence_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) {
    throw new ApiError('CONFLICT', MESSAGES.repeatNothingToUndo);
  }
  await db.deleteFrom('todo_occurrences').where('id', '=', latest.id).execute();
  return {
    due_date: latest.occurrence_date,
    completed: false,
    completed_at: null,
    completed_date: null,
  };
}

/**
 * The columns that make a new todo repeat: its stored rule, its series from the due date (which
 * moves to the first occurrence on or after it) and its habit as of today. Throws a 400 for a rule
 * we do not accept or a todo without a due date.
 */
export async function newSeriesColumns(
  db: Kysely<Database>,
  row: TodoRow,
  repeat: Repeat,
  today: string,
  zone: string,
): Promise<Partial<TodoRow>> {
  const stored = storedRepeat(repeat);
  const series = startSeries(stored, row.due_date, zone);
  const columns = { repeat_rule: stored.rule, repeat_from: stored.from, ...series };
  return { ...columns, ...(await settleHabit(db, { ...row, ...columns }, today, zone, [])) };
}
