import {
  addDays,
  daysBetween,
  formatRepeatRule,
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
import { firstOnOrAfter, parseRule, type RepeatSeries, seriesOf } from './repeats';
import { repeatOf, type TodoRow } from './todo-fields';
import { remindersOf } from './todo-reminders';
import { tagsOfTodos } from './todo-tags';
import { createTodo, deleteTodo, skipTodo, type TodoWrite, updateTodo } from './todos';

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
 * 'this', the current occurrence alone, as a one-off copy due on `to` (its title, description,
 * priority, due time, reminders before the due time, estimate, tags and place) with the
 * occurrence skipped as Skip does; 'all', the series by the days between them, rule and due date.
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
  const projected =
    series.from === 'due' &&
    occurrence > series.due &&
    firstOnOrAfter(series, occurrence) === occurrence;
  if (occurrence !== series.due && !projected) {
    refuse('occurrence', TODO_MOVE_MESSAGES.notAnOccurrence);
  }
  if (occurrence === to) {
    refuse('to', TODO_MOVE_MESSAGES.sameDay);
  }
  write.written.push(id);
  if (scope === 'this') {
    if (occurrence !== series.due) {
      refuse('scope', TODO_MOVE_MESSAGES.onlyCurrent);
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
  const before = repeatOf(current) ?? repeat;
  return { todo, copy: null, undo: { scope, repeat: before, dueDate: series.due } };
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
    return updateTodo(
      trx,
      userId,
      id,
      { repeat: undo.repeat, dueDate: undo.dueDate },
      now,
      today,
      zone,
    );
  }
  const copy = await ownRow(trx, 'todos', userId, undo.copyId);
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
