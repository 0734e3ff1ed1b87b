import { QUOTAS } from '@daywise/shared';
import type { Habit, Todo, TodoCreate, TodoTag, TodoUpdate } from '@daywise/shared/schemas';
import { todoCreateSchema } from '@daywise/shared/schemas';
import { type Kysely, type Transaction } from 'kysely';

import type { HasEveryField } from '../db/fields';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import { ownRow } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import { habitsOf, settleHabit } from './habit-count';
import { mayMove, moveTodo, placeNewTodo } from './placement';
import {
  newSeriesColumns,
  recordOccurrence,
  restartedExclusions,
  startSeries,
  storedRepeat,
  undoOccurrence,
} from './repeating';
import { holdSiblings, leaveSiblings, siblingsOf } from './siblings';
import {
  completeDescendants,
  deleteDescendants,
  NO_SUBTASKS,
  reopenDescendants,
  type SubtaskCounts,
  subtaskCountsOf,
} from './subtasks';
import { blockColumns } from './todo-blocks';
import { newTodoRow, repeatOf, TODO_FIELDS, type TodoFields, type TodoRow } from './todo-fields';
import { reminderColumns } from './todo-reminders';
import { ownTags, setTodoTags, tagsOfTodos } from './todo-tags';

/** A todo as answered; `habit` is its habit as of today (habit-count.ts), null unless it repeats. */
export function presentTodo(
  row: TodoRow,
  habit: Habit | null,
  tags: TodoTag[] = [],
  subtaskCounts: SubtaskCounts = NO_SUBTASKS,
): Todo {
  const repeat = repeatOf(row);
  return {
    ...TODO_FIELDS.present(row),
    order: Number(row.position),
    repeat,
    habit: repeat ? habit : null,
    tags,
    subtaskCounts,
  };
}
// A field of the table the contract's Todo lacks would be dropped from answers without a word.
true satisfies HasEveryField<Todo, typeof TODO_FIELDS.table>;

/** Todo rows of one user as the API answers them, with their tags and habits as of `today`. */
export async function presentTodos(
  db: Kysely<Database>,
  userId: string,
  rows: readonly TodoRow[],
  today: string,
  zone: string,
): Promise<Todo[]> {
  if (rows.length === 0) {
    return [];
  }
  const ids = rows.map((row) => row.id);
  const [tags, habits, counts] = await Promise.all([
    tagsOfTodos(db, userId, ids),
    habitsOf(db, userId, rows, today, zone),
    subtaskCountsOf(db, ids),
  ]);
  return rows.map((row, index) =>
    presentTodo(row, habits[index] ?? null, tags.get(row.id), counts.get(row.id)),
  );
}

export async function createTodo(
  db: Transaction<Database>,
  userId: string,
  input: TodoCreate,
  now: Date,
  today: string,
  zone: string,
): Promise<Todo> {
  const todo = todoCreateSchema.parse(input);
  await requireUnderQuota(db, 'todos', [
    {
      userId,
      rows: db.selectFrom('todos').where('user_id', '=', userId),
      max: QUOTAS.todos,
      message: `You can have at most ${QUOTAS.todos.toLocaleString('en-US')} todos.`,
    },
  ]);
  const row = newTodoRow({
    ...TODO_FIELDS.columns(editableFields(todo)),
    ...reminderColumns(null, todo),
    ...blockColumns(null, todo),
    id: newId(),
    user_id: userId,
    ...(await placeNewTodo(db, userId, todo)),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  const tags = await ownTags(db, userId, todo.tagIds);
  if (todo.repeat) {
    Object.assign(row, await newSeriesColumns(db, row, todo.repeat, today, zone));
  }
  await db.insertInto('todos').values(row).execute();
  await setTodoTags(db, row.id, tags);
  return presentTodo(row, habitOfRow(row), tags);
}

/**
 * The fields a form sets as they are: every field of the update schema but those with rules of
 * their own (completing, repeating, tags, where it is: list, section, parent and order; the due
 * time and reminders: todo-reminders.ts; the time block: todo-blocks.ts). A field added to the schema is a compile error here
 * until it is named, and in `Pick` until TODO_FIELDS has it.
 */
type Editable = Pick<
  TodoFields,
  Exclude<
    keyof TodoUpdate,
    | 'completed'
    | 'repeat'
    | 'tagIds'
    | 'listId'
    | 'sectionId'
    | 'parentId'
    | 'order'
    | 'reminderTime'
    | 'dueTime'
    | 'reminders'
    | 'blockDate'
    | 'blockStart'
    | 'blockMinutes'
  >
>;
const EDITABLE = {
  title: true,
  description: true,
  priority: true,
  dueDate: true,
  estimateMinutes: true,
} as const satisfies Record<keyof Editable, true>;

/** The editable fields `input` sets. */
function editableFields(input: Partial<Editable>): Partial<Editable> {
  return Object.fromEntries(
    Object.keys(EDITABLE)
      .map((field) => [field, input[field as keyof Editable]])
      .filter(([, value]) => value !== undefined),
  ) as Partial<Editable>;
}

/** The habit kept on a row just written: counted up to today. */
function habitOfRow(row: TodoRow): Habit {
  return {
    streak: Number(row.habit_streak),
    best: Number(row.habit_best),
    freezes: Number(row.habit_freezes),
    done: Number(row.habit_done),
  };
}

/**
 * A change to how the todo repeats: `repeat: null` leaves a plain todo (its history stays); a
 * new rule, or a new due date on a repeating todo, starts the series again from the due date.
 */
function repeatChanges(
  current: TodoRow,
  update: TodoUpdate,
  merged: TodoRow,
  zone: string,
): Partial<TodoRow> {
  if (update.repeat === null) {
    return {
      repeat_rule: null,
      repeat_from: null,
      repeat_start: null,
      repeat_excluded: '[]',
      habit_through: null,
    };
  }
  const repeat = update.repeat ? storedRepeat(update.repeat) : repeatOf(current);
  if (!repeat) {
    return {};
  }
  const restart =
    repeat.rule !== current.repeat_rule ||
    repeat.from !== current.repeat_from ||
    merged.due_date !== current.due_date;
  if (merged.due_date === null || restart) {
    const started = startSeries(repeat, merged.due_date, zone);
    return {
      repeat_rule: repeat.rule,
      repeat_from: repeat.from,
      ...started,
      repeat_excluded: JSON.stringify(restartedExclusions(current, repeat, started, zone)),
    };
  }
  return {};
}

/** A todo written, and the other todos the write changed with it (its subtasks, moved or done). */
export interface TodoWrite {
  todo: Todo;
  others: string[];
  /** True when this write completed the todo (or its current occurrence, when it repeats). */
  completed?: boolean;
}

/**
 * Completing sets completedAt, and the day it happened in the user's time zone (`today`), which
 * the charts count by; un-completing clears both. On a repeating todo, completing records the
 * occurrence and moves the todo to the next one, and un-completing undoes the latest record
 * (repeating.ts); its habit is counted again (habit-count.ts).
 *
 * Completing a todo that does not repeat completes its open subtasks with it; un-completing it
 * reopens those (subtasks.ts). Moving it takes its subtasks along (placement.ts).
 */
export async function updateTodo(
  db: Transaction<Database>,
  userId: string,
  id: string,
  update: TodoUpdate,
  now: Date,
  today: string,
  zone: string,
): Promise<TodoWrite> {
  if (mayMove(update)) {
    await holdSiblings(db, userId);
  }
  const current = await ownRow(db, 'todos', userId, id);
  if (update.tagIds !== undefined) {
    await setTodoTags(db, id, await ownTags(db, userId, update.tagIds));
  }
  const move = await moveTodo(db, current, update);
  const changes: Partial<TodoRow> = {
    ...TODO_FIELDS.columns(editableFields(update)),
    ...move.columns,
    updated_at: now.toISOString(),
  };
  if (
    update.dueDate !== undefined ||
    update.dueTime !== undefined ||
    update.reminders !== undefined ||
    update.reminderTime !== undefined
  ) {
    Object.assign(changes, reminderColumns(current, update));
  }
  Object.assign(changes, blockColumns(current, update));
  Object.assign(changes, repeatChanges(current, update, { ...current, ...changes }, zone));
  const repeating = { ...current, ...changes }.repeat_rule !== null;
  // The todos below it that moved with it, and those completed or reopened with it.
  const others = [...move.moved];
  if (repeating && update.completed === true && !current.completed) {
    Object.assign(
      changes,
      await recordOccurrence(db, { ...current, ...changes }, 'done', now, today, zone),
    );
  } else if (repeating && update.completed === false) {
    Object.assign(changes, await undoOccurrence(db, current));
  } else if (update.completed !== undefined && update.completed !== Boolean(current.completed)) {
    changes.completed = update.completed;
    changes.completed_at = update.completed ? now.toISOString() : null;
    changes.completed_date = update.completed ? today : null;
    changes.completed_with = null;
    others.push(
      ...(update.completed
        ? await completeDescendants(db, userId, id, now, today)
        : await reopenDescendants(db, current, now)),
    );
  }
  return {
    todo: await writeChanges(db, current, changes, today, zone),
    others: [...new Set(others)],
    completed: update.completed === true && !current.completed,
  };
}

/** Writes the changes, with the habit of a repeating todo counted again. */
async function writeChanges(
  db: Kysely<Database>,
  current: TodoRow,
  changes: Partial<TodoRow>,
  today: string,
  zone: string,
): Promise<Todo> {
  const written = { ...current, ...changes };
  if (written.repeat_rule !== null) {
    Object.assign(changes, await settleHabit(db, written, today, zone));
  }
  await db
    .updateTable('todos')
    .set(changes)
    .where('id', '=', current.id)
    .where('user_id', '=', current.user_id)
    .execute();
  const row = { ...current, ...changes };
  const [tags, counts] = await Promise.all([
    tagsOfTodos(db, current.user_id, [current.id]),
    subtaskCountsOf(db, [current.id]),
  ]);
  return presentTodo(row, habitOfRow(row), tags.get(current.id), counts.get(current.id));
}

/**
 * Sets a repeating todo's excluded dates (ADR 0031, Moving repeating todos), its habit counted
 * again.
 */
export async function setExcludedDates(
  db: Kysely<Database>,
  userId: string,
  id: string,
  dates: readonly string[],
  now: Date,
  today: string,
  zone: string,
): Promise<Todo> {
  const current = await ownRow(db, 'todos', userId, id);
  const changes: Partial<TodoRow> = {
    updated_at: now.toISOString(),
    repeat_excluded: JSON.stringify([...new Set(dates)].sort()),
  };
  return writeChanges(db, current, changes, today, zone);
}

/**
 * Skips the current occurrence of a repeating todo, moving it to the next; 409 for a todo that
 * does not repeat or has ended.
 */
export async function skipTodo(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date,
  today: string,
  zone: string,
): Promise<Todo> {
  const current = await ownRow(db, 'todos', userId, id);
  const changes: Partial<TodoRow> = {
    updated_at: now.toISOString(),
    ...(await recordOccurrence(db, current, 'skipped', now, today, zone)),
  };
  return writeChanges(db, current, changes, today, zone);
}

/**
 * Deletes the user's todo and its subtasks at every level, closing the gap among its siblings.
 * Answers the ids of its subtasks deleted with it. `onDeleted` is told of the todo (its row as it
 * was), in the same transaction.
 */
export async function deleteTodo(
  db: Transaction<Database>,
  userId: string,
  id: string,
  onDeleted?: (todo: TodoRow) => Promise<void>,
): Promise<string[]> {
  await holdSiblings(db, userId);
  const current = await ownRow(db, 'todos', userId, id);
  await onDeleted?.(current);
  const others = await deleteDescendants(db, userId, id);
  await db.deleteFrom('todos').where('id', '=', id).where('user_id', '=', userId).execute();
  await leaveSiblings(db, siblingsOf(current), current.position);
  return others;
}
