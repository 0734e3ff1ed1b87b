import {
  addDays,
  daysBetween,
  formatRepeatRule,
  MAX_EXCLUDED_DATES,
  MESSAGES,
  type RepeatRuleParts,
  WEEKDAY_CODES,
} from '@daywise/shared';
import {
  TODO_MOVE_MESSAGES,
  type TodoMove,
  type TodoMoved,
  type TodoMoveUndo,
} from '@daywise/shared/schemas';
import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { ownRow } from '../lib/policy';
import {
  excludedBefore,
  firstOnOrAfter,
  keptExclusions,
  parseRule,
  type RepeatSeries,
  ruleDayOnOrAfter,
  ruleDaysBetween,
  seriesOf,
} from './repeats';
import { excludedDatesOf, repeatOf, type TodoRow } from './todo-fields';
import { remindersOf } from './todo-reminders';
import { tagsOfTodos } from './todo-tags';
import {
  createTodo,
  deleteTodo,
  setExcludedDates,
  skipTodo,
  type TodoWrite,
  updateTodo,
} from './todos';

/**
 * Moving a repeating todo's occurrence, or its series, to another day (issue 33, ADR 0031,
 * Moving repeating todos). Both run in the caller's transaction and answer their undo.
 */

/** The user's day and zone a move runs in, and the todos it wrote (for their events). */
export interface MoveWrite {
  trx: Transaction<Database>;
  userId: string;
  now: Date;
  today: string;
  zone: string;
  written: string[];
}

const refuse = (field: keyof TodoMove, message: string): never => {
  throw new ApiError('VALIDATION_FAILED', message, { [field]: message });
};

/** 1 Monday … 7 Sunday. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** `value` moved by `by` within 1…`size`, round. */
const around = (value: number, by: number, size: number) =>
  ((((value - 1 + by) % size) + size) % size) + 1;

/**
 * The rule moved with its occurrence from `from` to `to`: its weekdays by as many days, its days
 * of the month and its months by as many as the day's own moved. Parts a rule lacks follow the
 * series' first day, which moves anyway. A day of the month moved out of the month is kept, and
 * the move is then refused (the new day would not be an occurrence).
 */
export function shiftRule(rule: RepeatRuleParts, from: string, to: string): RepeatRuleParts {
  const weekdays = weekdayOf(to) - weekdayOf(from);
  const monthDays = Number(to.slice(8)) - Number(from.slice(8));
  const months = Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  return {
    ...rule,
    byDay: rule.byDay.map(({ day, ordinal }) => ({
      day: WEEKDAY_CODES[around(WEEKDAY_CODES.indexOf(day) + 1, weekdays, 7) - 1] ?? day,
      ordinal,
    })),
    byMonthDay: rule.byMonthDay.map((day) => {
      const moved = day + monthDays;
      return moved !== 0 && Math.sign(moved) === Math.sign(day) && Math.abs(moved) <= 31
        ? moved
        : day;
    }),
    byMonth: rule.byMonth.map((month) => around(month, months, 12)),
  };
}

/** The todo's open series, or a 409 for a todo that does not repeat or has ended. */
function openSeries(row: TodoRow, zone: string): RepeatSeries & { due: string } {
  const series = seriesOf(row, zone);
  if (!series || row.due_date === null) {
    throw new ApiError('CONFLICT', MESSAGES.repeatNotRepeating);
  }
  if (row.completed) {
    throw new ApiError('CONFLICT', MESSAGES.repeatEnded);
  }
  return { ...series, due: row.due_date };
}

/**
 * Moves the occurrence `occurrence` of the user's repeating todo to `to` (today or later):
 * 'this', that occurrence alone, as a one-off copy due on `to` (its title, description,
 * priority, due time, reminders before the due time, estimate, tags and place) with the current
 * occurrence skipped as Skip does, or a later one excluded from the series; 'all', the series by
 * the days between them: rule, due date and excluded dates.
 */
export async function moveOccurrence(
  write: MoveWrite,
  id: string,
  { occurrence, to, scope }: TodoMove,
): Promise<TodoMoved> {
  const { trx, userId, now, today, zone } = write;
  if (to < today) {
    refuse('to', MESSAGES.dueDatePast);
  }
  const current = await ownRow(trx, 'todos', userId, id);
  const series = openSeries(current, zone);
  await requireOccurrence(trx, id, series, occurrence);
  if (occurrence === to) {
    refuse('to', TODO_MOVE_MESSAGES.sameDay);
  }
  write.written.push(id);
  if (scope === 'this') {
    const excluded = series.excluded ?? [];
    if (occurrence !== series.due && excluded.length >= MAX_EXCLUDED_DATES) {
      refuse('occurrence', TODO_MOVE_MESSAGES.tooManyMoved);
    }
    const tags = (await tagsOfTodos(trx, userId, [id])).get(id) ?? [];
    const reminders = remindersOf(current).filter(
      (reminder) => 'before' in reminder && current.due_time !== null,
    );
    const copy = await createTodo(
      trx,
      userId,
      {
        title: current.title,
        description: current.description,
        priority: current.priority,
        dueDate: to,
        dueTime: current.due_time,
        reminders,
        estimateMinutes: current.estimate_minutes,
        tagIds: tags.map((tag) => tag.id),
        listId: current.list_id,
        sectionId: current.section_id,
        parentId: current.parent_id,
      },
      now,
      today,
      zone,
    );
    write.written.push(copy.id);
    if (occurrence !== series.due) {
      // A later occurrence: the series excludes it (its EXDATE), the current one stays due.
      const dates = [...excluded, occurrence];
      const todo = await setExcludedDates(trx, userId, id, dates, now, today, zone);
      return { todo, copy, undo: { scope, copyId: copy.id, occurrence, excluded: true } };
    }
    const todo = await skipTodo(trx, userId, id, now, today, zone);
    return { todo, copy, undo: { scope, copyId: copy.id, occurrence } };
  }
  const rule = series.from === 'due' ? shiftRule(series.rule, occurrence, to) : series.rule;
  const repeat = { rule: formatRepeatRule(rule), from: series.from };
  const moved = addDays(series.due, daysBetween(occurrence, to));
  const { todo, others } = await updateTodo(
    trx,
    userId,
    id,
    { repeat, dueDate: moved < today ? today : moved },
    now,
    today,
    zone,
  );
  write.written.push(...others);
  const after: RepeatSeries = {
    rule: parseRule(repeat.rule, repeat.from),
    from: repeat.from,
    start: todo.dueDate ?? to,
    zone,
  };
  if (series.from === 'due' && firstOnOrAfter(after, to) !== to) {
    refuse('to', TODO_MOVE_MESSAGES.ruleFixesDays);
  }
  const excludedDates = excludedDatesOf(current);
  const before = repeatOf(current) ?? repeat;
  const undo = { scope, repeat: before, dueDate: series.due, excludedDates };
  if (series.from !== 'due' || excludedDates.length === 0) {
    return { todo, copy: null, undo };
  }
  // Its excluded dates move with it, by as many days (those no longer days of the rule go).
  const shifted = excludedDates.map((date) => addDays(date, daysBetween(occurrence, to)));
  const kept = keptExclusions(after, shifted);
  const shiftedTodo = await setExcludedDates(trx, userId, id, kept, now, today, zone);
  return { todo: shiftedTodo, copy: null, undo };
}

/**
 * Refuses a day that is no occurrence of the open series: 400 naming `occurrence` for a day that
 * is neither its due date nor a later day of its rule, one already moved on its own (excluded),
 * or one past its end (UNTIL, or COUNT with the occurrences done, skipped and excluded before).
 */
async function requireOccurrence(
  trx: Transaction<Database>,
  id: string,
  series: RepeatSeries & { due: string },
  occurrence: string,
): Promise<void> {
  if (occurrence === series.due) {
    return;
  }
  const { until, count } = series.rule;
  if (series.from === 'due' && occurrence > series.due) {
    if (until !== null && occurrence > until) {
      refuse('occurrence', TODO_MOVE_MESSAGES.beyondEnd);
    }
    if (ruleDayOnOrAfter(series, occurrence) === occurrence) {
      if ((series.excluded ?? []).includes(occurrence)) {
        refuse('occurrence', TODO_MOVE_MESSAGES.alreadyMoved);
      }
      if (count === null) {
        return;
      }
      const { used } = await trx
        .selectFrom('todo_occurrences')
        .select((eb) => eb.fn.countAll<number>().as('used'))
        .where('todo_id', '=', id)
        .executeTakeFirstOrThrow();
      // Its place in the series: what was recorded or excluded before, then the rule's days.
      const place =
        Number(used) +
        excludedBefore(series, series.due) +
        ruleDaysBetween(series, series.due, addDays(occurrence, -1)).length;
      if (place < count) {
        return;
      }
      refuse('occurrence', TODO_MOVE_MESSAGES.beyondEnd);
    }
  }
  refuse('occurrence', TODO_MOVE_MESSAGES.notAnOccurrence);
}

/**
 * Puts back a later occurrence's move: the copy deleted (unless completed since) and the day
 * no longer excluded; a 409 when it is not excluded any more.
 */
async function includeAgain(
  write: MoveWrite,
  id: string,
  copy: TodoRow,
  occurrence: string,
): Promise<TodoWrite> {
  const { trx, userId, now, today, zone } = write;
  const series = await ownRow(trx, 'todos', userId, id);
  const excluded = excludedDatesOf(series);
  if (!excluded.includes(occurrence)) {
    throw new ApiError('CONFLICT', TODO_MOVE_MESSAGES.undoStale);
  }
  const others: string[] = [];
  if (!copy.completed) {
    others.push(copy.id, ...(await deleteTodo(trx, userId, copy.id)));
    write.written.push(...others);
  }
  const dates = excluded.filter((date) => date !== occurrence);
  return { todo: await setExcludedDates(trx, userId, id, dates, now, today, zone), others };
}

/**
 * Puts a move back: for 'this', the copy deleted (unless it has been completed since) and the
 * skipped occurrence open again, a 409 when the series has recorded anything since; for 'all',
 * the rule and the due date as they were.
 */
export async function undoMove(
  write: MoveWrite,
  id: string,
  undo: TodoMoveUndo,
): Promise<TodoWrite> {
  const { trx, userId, now, today, zone } = write;
  // Another user's todo is a 404, as a missing one.
  await ownRow(trx, 'todos', userId, id);
  write.written.push(id);
  if (undo.scope === 'all') {
    const restored = await updateTodo(
      trx,
      userId,
      id,
      { repeat: undo.repeat, dueDate: undo.dueDate },
      now,
      today,
      zone,
    );
    if (undo.excludedDates === undefined) {
      return restored;
    }
    // Only days of the series as restored can be excluded from it.
    const series = seriesOf(await ownRow(trx, 'todos', userId, id), zone);
    const dates = series ? keptExclusions(series, undo.excludedDates) : [];
    const todo = await setExcludedDates(trx, userId, id, dates, now, today, zone);
    return { todo, others: restored.others };
  }
  const copy = await ownRow(trx, 'todos', userId, undo.copyId);
  if (undo.excluded === true) {
    return includeAgain(write, id, copy, undo.occurrence);
  }
  const latest = await trx
    .selectFrom('todo_occurrences')
    .select(['occurrence_date', 'outcome'])
    .where('todo_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('occurrence_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.occurrence_date !== undo.occurrence || latest.outcome !== 'skipped') {
    throw new ApiError('CONFLICT', TODO_MOVE_MESSAGES.undoStale);
  }
  if (!copy.completed) {
    write.written.push(copy.id, ...(await deleteTodo(trx, userId, copy.id)));
  }
  return updateTodo(trx, userId, id, { completed: false }, now, today, zone);
}
