import type { ReviewReschedule, ReviewRescheduled, ReviewUndo } from '@daywise/shared/schemas';
import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { ownRow } from '../lib/policy';
import { createTodo, deleteTodo, skipTodo, updateTodo } from '../todos/todos';

/** The user's day and zone a review write runs in, and the todos it wrote (for their events). */
export interface ReviewWrite {
  trx: Transaction<Database>;
  userId: string;
  now: Date;
  today: string;
  zone: string;
  writtenTodoIds: string[];
}

const REVIEW_MESSAGES = {
  pastDay: 'Choose today or a later day',
  notToday: "Only today's unfinished plan tasks can be moved or dropped",
} as const;

/** Today's own unfinished, not yet handled plan task, or 404 (someone else's) or 400. */
async function openTaskOfToday(write: ReviewWrite, id: string) {
  const task = await write.trx
    .selectFrom('daily_tasks as t')
    .innerJoin('daily_plans as p', 'p.id', 't.plan_id')
    .select(['t.id', 't.title', 't.description', 't.priority', 't.completed', 'p.plan_date'])
    .where('t.id', '=', id)
    .where('t.user_id', '=', write.userId)
    .executeTakeFirst();
  if (!task) {
    throw new ApiError('NOT_FOUND');
  }
  if (task.plan_date !== write.today || task.completed) {
    throw new ApiError('VALIDATION_FAILED', REVIEW_MESSAGES.notToday, {
      taskIds: REVIEW_MESSAGES.notToday,
    });
  }
  return task;
}

/**
 * Moves each todo to `to` (its due date), or drops it (`to` null: no due date, or for a
 * repeating one this occurrence skipped); carries each task of today's plan to `to` as a todo, or
 * drops it. Every one or none: the caller's transaction. Answers what puts it all back.
 */
export async function reschedule(
  write: ReviewWrite,
  { to, todoIds, taskIds }: ReviewReschedule,
): Promise<ReviewRescheduled> {
  if (to !== null && to < write.today) {
    throw new ApiError('VALIDATION_FAILED', REVIEW_MESSAGES.pastDay, {
      to: REVIEW_MESSAGES.pastDay,
    });
  }
  const { trx, userId, now, today, zone } = write;
  const undo: ReviewUndo = { todos: [], taskIds: [] };
  for (const id of new Set(todoIds)) {
    const current = await ownRow(trx, 'todos', userId, id);
    const skip = to === null && current.repeat_rule !== null;
    if (skip) {
      await skipTodo(trx, userId, id, now, today, zone);
    } else {
      const { others } = await updateTodo(trx, userId, id, { dueDate: to }, now, today, zone);
      write.writtenTodoIds.push(...others);
    }
    write.writtenTodoIds.push(id);
    undo.todos.push({ id, dueDate: current.due_date, skipped: skip });
  }
  for (const id of new Set(taskIds)) {
    const task = await openTaskOfToday(write, id);
    let carried: string | null = null;
    if (to !== null) {
      const todo = await createTodo(
        trx,
        userId,
        { title: task.title, description: task.description, priority: task.priority, dueDate: to },
        now,
        today,
        zone,
      );
      carried = todo.id;
      write.writtenTodoIds.push(todo.id);
    }
    await trx
      .updateTable('daily_tasks')
      .set({ carried_todo_id: carried, dropped: to === null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    undo.taskIds.push(id);
  }
  return { moved: undo.todos.length + undo.taskIds.length, undo };
}

/**
 * Puts back a reschedule: each todo's due date as it was (a skipped occurrence un-skipped), and
 * each task open again, the todo it was carried as deleted unless it has been completed since.
 */
export async function undoReschedule(write: ReviewWrite, undo: ReviewUndo): Promise<number> {
  const { trx, userId, now, today, zone } = write;
  for (const todo of undo.todos) {
    const change = todo.skipped ? { completed: false } : { dueDate: todo.dueDate };
    const { others } = await updateTodo(trx, userId, todo.id, change, now, today, zone);
    write.writtenTodoIds.push(todo.id, ...others);
  }
  for (const id of new Set(undo.taskIds)) {
    const task = await trx
      .selectFrom('daily_tasks')
      .select(['id', 'carried_todo_id'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!task) {
      throw new ApiError('NOT_FOUND');
    }
    const carried = task.carried_todo_id
      ? await trx
          .selectFrom('todos')
          .select(['id', 'completed'])
          .where('id', '=', task.carried_todo_id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (carried && !carried.completed) {
      write.writtenTodoIds.push(carried.id, ...(await deleteTodo(trx, userId, carried.id)));
    }
    await trx
      .updateTable('daily_tasks')
      .set({ carried_todo_id: null, dropped: false, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return undo.todos.length + undo.taskIds.length;
}
