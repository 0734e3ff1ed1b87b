import type { TodoReminder } from '@daywise/shared';
import type { Repeat } from '@daywise/shared/schemas';
import type { Selectable } from 'kysely';

import { fieldsOf, type FieldValues, jsonOf } from '../db/fields';
import type { TodoTable } from '../db/schema';

export type TodoRow = Selectable<TodoTable>;

/**
 * A todo's own fields (db/fields.ts): what the API answers besides its repeat, habit and tags,
 * what the archive and the CSV write, and what a form or an import sets. The CSV's columns follow
 * this order, so a new field goes last.
 */
export const TODO_FIELDS = fieldsOf<TodoRow>()({
  id: { column: 'id', csv: 'ID' },
  title: { column: 'title', csv: 'Title' },
  description: { column: 'description', csv: 'Description' },
  priority: { column: 'priority', csv: 'Priority' },
  dueDate: { column: 'due_date', csv: 'Due date' },
  reminderTime: { column: 'reminder_time', csv: 'Reminder time' },
  completed: { column: 'completed', kind: 'boolean', csv: 'Completed' },
  completedAt: { column: 'completed_at', kind: 'timestamp', csv: 'Completed at' },
  createdAt: { column: 'created_at', kind: 'timestamp', csv: 'Created at' },
  updatedAt: { column: 'updated_at', kind: 'timestamp', csv: 'Updated at' },
  // Not in the CSV yet: an id says nothing there; the list's name is a later step (issue 32).
  listId: { column: 'list_id' },
  dueTime: { column: 'due_time', csv: 'Due time' },
  // Not in the CSV: a list of reminders is no cell (the archive carries them, ADR 0030).
  reminders: { column: 'reminders', kind: 'json', json: jsonOf<TodoReminder[]>() },
  // Not in the CSV either: a section's and a parent's ids say nothing there (issue 32).
  sectionId: { column: 'section_id' },
  parentId: { column: 'parent_id' },
  order: { column: 'position' },
  // Not in the CSV yet (ADR 0031, Time blocks).
  blockDate: { column: 'block_date' },
  blockStart: { column: 'block_start' },
  blockMinutes: { column: 'block_minutes' },
  estimateMinutes: { column: 'estimate_minutes', csv: 'Estimate (minutes)' },
  focusMinutes: { column: 'focus_minutes', csv: 'Focus minutes' },
});

export type TodoFields = FieldValues<TodoRow, typeof TODO_FIELDS.table>;

/** How the todo repeats, kept in two columns, or null. */
export function repeatOf(row: TodoRow): Repeat | null {
  return row.repeat_rule !== null && row.repeat_from !== null
    ? { rule: row.repeat_rule, from: row.repeat_from }
    : null;
}

/**
 * A repeating todo's excluded dates (migration 0036): the days of its rule moved on their own,
 * sorted. Text that is not a list of days reads as none.
 */
export function excludedDatesOf(row: Pick<TodoRow, 'repeat_excluded'>): string[] {
  try {
    const dates: unknown = JSON.parse(row.repeat_excluded);
    return Array.isArray(dates)
      ? dates.filter((date): date is string => typeof date === 'string').sort()
      : [];
  } catch {
    return [];
  }
}

/**
 * How a new todo's other columns start: open, top-level in the Inbox and in no section, not
 * repeating, with no habit yet, no due time, no reminders and no time block. Its place among its siblings is
 * always given.
 */
const NEW_TODO = {
  completed: false,
  list_id: null,
  section_id: null,
  parent_id: null,
  completed_with: null,
  completed_at: null,
  completed_date: null,
  repeat_rule: null,
  repeat_from: null,
  repeat_start: null,
  repeat_excluded: '[]',
  habit_streak: 0,
  habit_best: 0,
  habit_freezes: 0,
  habit_done: 0,
  habit_through: null,
  due_time: null,
  reminders: '[]',
  block_date: null,
  block_start: null,
  block_minutes: null,
  estimate_minutes: null,
  focus_minutes: 0,
} as const satisfies Partial<TodoRow>;

/** A new todo's row: the columns given, the rest as every new todo starts (NEW_TODO). */
export function newTodoRow(
  columns: Omit<TodoRow, keyof typeof NEW_TODO> & Partial<TodoRow>,
): TodoRow {
  return { ...NEW_TODO, ...columns };
}
