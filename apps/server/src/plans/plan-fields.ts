import type { Selectable } from 'kysely';

import { fieldsOf, type FieldValues } from '../db/fields';
import type { DailyPlanTable, DailyTaskTable } from '../db/schema';

export type PlanRow = Selectable<DailyPlanTable>;
export type TaskRow = Selectable<DailyTaskTable>;

/**
 * A daily plan's own fields (db/fields.ts): what the API and the archive write besides its tasks
 * and its completion record.
 */
export const PLAN_FIELDS = fieldsOf<PlanRow>()({
  id: { column: 'id' },
  title: { column: 'title' },
  description: { column: 'description' },
  planDate: { column: 'plan_date' },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

/**
 * A plan task's own fields: what the API answers, what the archive and the plan tasks CSV write
 * (after the plan's date, title and the task's place), and what the plan form sets. The CSV's
 * columns follow this order, so a new field goes last.
 */
export const TASK_FIELDS = fieldsOf<TaskRow>()({
  id: { column: 'id', csv: 'Task ID' },
  title: { column: 'title', csv: 'Title' },
  description: { column: 'description', csv: 'Description' },
  priority: { column: 'priority', csv: 'Priority' },
  tag: { column: 'tag', csv: 'Tag' },
  tagColor: { column: 'tag_color', csv: 'Tag colour' },
  reminderTime: { column: 'reminder_time', csv: 'Reminder time' },
  completed: { column: 'completed', kind: 'boolean', csv: 'Completed' },
  completedAt: { column: 'completed_at', kind: 'timestamp', csv: 'Completed at' },
  createdAt: { column: 'created_at', kind: 'timestamp', csv: 'Created at' },
  // Not in the CSV yet (ADR 0031, Time blocks).
  blockStart: { column: 'block_start' },
  blockMinutes: { column: 'block_minutes' },
  focusMinutes: { column: 'focus_minutes', csv: 'Focus minutes' },
});

export type TaskFields = FieldValues<TaskRow, typeof TASK_FIELDS.table>;

/** How a new task's other columns start: not ticked, without a time block. */
const NEW_TASK = {
  completed: false,
  completed_at: null,
  completed_date: null,
  carried_todo_id: null,
  dropped: false,
  block_start: null,
  block_minutes: null,
  focus_minutes: 0,
} as const satisfies Partial<TaskRow>;

/** A new task's row: the columns given, the rest as every new task starts (NEW_TASK). */
export function newTaskRow(
  columns: Omit<TaskRow, keyof typeof NEW_TASK> & Partial<TaskRow>,
): TaskRow {
  return { ...NEW_TASK, ...columns };
}
