import { BLOCK_MESSAGES, blockProblem, FALLBACK_TAG_COLOR } from '@daywise/shared';
import {
  type Completion,
  type Plan,
  type PlanInput,
  planSchema,
  type PlanTask,
  type PlanTaskUpdate,
  type TagStat,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable, Transaction } from 'kysely';

import type { HasEveryField } from '../db/fields';
import type { DailyCompletionTable, Database } from '../db/schema';
import { userEvent } from '../event-webhooks/events';
import { ApiError } from '../lib/errors';
import type { DomainEvent, Emitting, EventBus } from '../lib/events';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { refuseDuplicate } from '../lib/unique-violation';
import { refreshCompletion } from './completion';
import { newTaskRow, PLAN_FIELDS, type PlanRow, TASK_FIELDS, type TaskRow } from './plan-fields';
import { ownPlan, taskOfPlan } from './policy';
import { tagColors, tagNameKey } from './tags';

type CompletionRow = Selectable<DailyCompletionTable>;

export function presentTask(row: TaskRow): PlanTask {
  return TASK_FIELDS.present(row);
}
// A field of a table the contract lacks would be dropped from answers without a word.
true satisfies HasEveryField<PlanTask, typeof TASK_FIELDS.table>;
true satisfies HasEveryField<Plan, typeof PLAN_FIELDS.table>;

export function presentCompletion(row: CompletionRow | undefined, date: string): Completion {
  return {
    date,
    totalTasks: row?.total_tasks ?? 0,
    completedTasks: row?.completed_tasks ?? 0,
    completionPercentage: row?.completion_percentage ?? 0,
    tagStats: row ? (JSON.parse(row.tag_stats) as TagStat[]) : [],
  };
}

/** A plan with its tasks in order and its completion record. */
async function loadPlan(db: Kysely<Database>, plan: PlanRow): Promise<Plan> {
  const [tasks, completion] = await Promise.all([
    db
      .selectFrom('daily_tasks')
      .selectAll()
      .where('plan_id', '=', plan.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('daily_completions')
      .selectAll()
      .where('plan_id', '=', plan.id)
      .executeTakeFirst(),
  ]);
  return {
    ...PLAN_FIELDS.present(plan),
    tasks: tasks.map(presentTask),
    completion: presentCompletion(completion, plan.plan_date),
  };
}

export async function getPlan(db: Kysely<Database>, userId: string, id: string): Promise<Plan> {
  return loadPlan(db, await ownPlan(db, userId, id));
}

/** The plan for a date (today's plan by user and date), or null. */
export async function planOn(
  db: Kysely<Database>,
  userId: string,
  date: string,
): Promise<Plan | null> {
  const row = await db
    .selectFrom('daily_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_date', '=', date)
    .executeTakeFirst();
  return row ? loadPlan(db, row) : null;
}

type ParsedPlan = ReturnType<typeof planSchema.parse>;
type ParsedTask = ParsedPlan['tasks'][number];

/**
 * A task's columns from the form: each field it sends (TASK_FIELDS) but the id, which only names
 * the task; the tag's colour is the user's tag colour, if the tag still exists.
 */
function taskColumns(
  { id: _id, ...task }: ParsedTask,
  position: number,
  colors: Map<string, string>,
) {
  return {
    ...TASK_FIELDS.columns(task),
    position,
    tag: task.tag || null,
    tag_color: task.tag ? (colors.get(tagNameKey(task.tag)) ?? FALLBACK_TAG_COLOR) : null,
  };
}

/** A new, unticked task of a plan. */
function newTask(
  planId: string,
  userId: string,
  columns: ReturnType<typeof taskColumns>,
  stamp: string,
): TaskRow {
  return newTaskRow({
    ...columns,
    id: newId(),
    plan_id: planId,
    user_id: userId,
    created_at: stamp,
    updated_at: stamp,
  });
}

function dayTaken(): ApiError {
  return new ApiError('CONFLICT', 'You already have a plan for this day.');
}

/**
 * Tells the `plan.written` subscribers (reminder jobs) inside the write's transaction which plan
 * changed and which tasks it lost; answers the events they ask for after the commit.
 */
function planWritten(
  trx: Transaction<Database>,
  events: EventBus,
  userId: string,
  planId: string,
  removedTaskIds: string[] = [],
): Promise<DomainEvent[]> {
  return events.within(trx, {
    type: 'plan.written',
    userId,
    planId,
    removedTaskIds,
  });
}

async function emitAll(events: EventBus, followUps: DomainEvent[]): Promise<void> {
  for (const event of followUps) {
    await events.emit(event);
  }
}

/**
 * One plan per user per date: a second one for the same day is refused, also when
 * both arrive at once (the unique key decides, ADR 0016). Runs in the caller's transaction, the
 * idempotent write's (lib/idempotency.ts); its events are for after the commit.
 */
export async function createPlan(
  trx: Transaction<Database>,
  userId: string,
  input: PlanInput,
  now: Date,
  today: string,
  events: EventBus,
): Promise<Emitting<Plan>> {
  const plan = planSchema.parse(input);
  const planDate = plan.planDate ?? today;
  const stamp = now.toISOString();
  const row: PlanRow = {
    ...PLAN_FIELDS.columns(plan),
    id: newId(),
    user_id: userId,
    plan_date: planDate,
    created_at: stamp,
    updated_at: stamp,
  };
  const taken = await trx
    .selectFrom('daily_plans')
    .select('id')
    .where('user_id', '=', userId)
    .where('plan_date', '=', planDate)
    .executeTakeFirst();
  if (taken) {
    throw dayTaken();
  }
  // The 409 ends the transaction, which on PostgreSQL the violation has aborted.
  await refuseDuplicate(() => trx.insertInto('daily_plans').values(row).execute(), dayTaken);
  const colors = await tagColors(trx, userId);
  await trx
    .insertInto('daily_tasks')
    .values(
      plan.tasks.map((task, position) =>
        newTask(row.id, userId, taskColumns(task, position, colors), stamp),
      ),
    )
    .execute();
  await refreshCompletion(trx, row, now);
  const followUps = await planWritten(trx, events, userId, row.id);
  return { result: await getPlan(trx, userId, row.id), events: followUps };
}

/**
 * Edits a plan (the Edit Daily Goal Plan modal): its title and description, and its tasks —
 * those sent with their id are updated and keep their completion, the others are created, and
 * tasks left out are deleted. The date stays.
 */
export function updatePlan(
  db: Kysely<Database>,
  userId: string,
  id: string,
  input: PlanInput,
  now: Date,
  events: EventBus,
): Promise<Plan> {
  const plan = planSchema.parse(input);
  const stamp = now.toISOString();
  return changePlan(db, events, userId, id, now, async (trx) => {
    await trx
      .updateTable('daily_plans')
      .set({ title: plan.title, description: plan.description, updated_at: stamp })
      .where('id', '=', id)
      .execute();
    const existing = new Set(
      (await trx.selectFrom('daily_tasks').select('id').where('plan_id', '=', id).execute()).map(
        (task) => task.id,
      ),
    );
    const kept = new Set(
      plan.tasks.flatMap((task) => (task.id && existing.has(task.id) ? [task.id] : [])),
    );
    const removed = [...existing].filter((taskId) => !kept.has(taskId));
    if (removed.length > 0) {
      await trx.deleteFrom('daily_tasks').where('id', 'in', removed).execute();
    }
    const colors = await tagColors(trx, userId);
    for (const [position, task] of plan.tasks.entries()) {
      const columns = taskColumns(task, position, colors);
      if (task.id && kept.has(task.id)) {
        await trx
          .updateTable('daily_tasks')
          .set({ ...columns, updated_at: stamp })
          .where('id', '=', task.id)
          .execute();
      } else {
        await trx
          .insertInto('daily_tasks')
          .values(newTask(id, userId, columns, stamp))
          .execute();
      }
    }
    return removed;
  });
}

export async function deletePlan(
  db: Kysely<Database>,
  userId: string,
  id: string,
  events: EventBus,
): Promise<void> {
  const followUps = await db.transaction().execute(async (trx) => {
    await ownPlan(trx, userId, id);
    const tasks = await trx
      .selectFrom('daily_tasks')
      .select('id')
      .where('plan_id', '=', id)
      .execute();
    // Its tasks and completion record go with it (foreign keys cascade).
    await trx
      .deleteFrom('daily_plans')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return planWritten(
      trx,
      events,
      userId,
      id,
      tasks.map((task) => task.id),
    );
  });
  await emitAll(events, followUps);
}

/**
 * Runs a change to one of the user's plans in a transaction, recomputes the day's completion
 * record and tells the `plan.written` subscribers in that same transaction (the change answers
 * the ids of the tasks it removed, if any), and answers the plan as it now stands.
 */
async function changePlan(
  db: Kysely<Database>,
  events: EventBus,
  userId: string,
  planId: string,
  now: Date,
  change: (trx: Transaction<Database>) => Promise<string[] | void>,
): Promise<Plan> {
  const followUps = await db.transaction().execute(async (trx) => {
    const plan = await ownPlan(trx, userId, planId);
    const removed = await change(trx);
    await refreshCompletion(trx, plan, now);
    return planWritten(trx, events, userId, planId, removed ?? []);
  });
  await emitAll(events, followUps);
  return getPlan(db, userId, planId);
}

/**
 * The block columns an update gives a task (ADR 0031, Time blocks), or a 400 naming the field: a
 * null in either clears the block unless the other is set in the same update; otherwise the
 * start and the length it leaves must both be there and end by midnight of the plan's day.
 */
function taskBlockColumns(
  task: TaskRow,
  update: PlanTaskUpdate,
): Pick<TaskRow, 'block_start' | 'block_minutes'> | null {
  const { blockStart, blockMinutes } = update;
  if (blockStart === undefined && blockMinutes === undefined) {
    return null;
  }
  if (blockStart === null || blockMinutes === null) {
    if (blockStart || blockMinutes) {
      const field = blockStart === null ? 'blockStart' : 'blockMinutes';
      const message = blockStart === null ? BLOCK_MESSAGES.needsStart : BLOCK_MESSAGES.needsMinutes;
      throw new ApiError('VALIDATION_FAILED', message, { [field]: message });
    }
    return { block_start: null, block_minutes: null };
  }
  const start = blockStart ?? task.block_start;
  const minutes = blockMinutes ?? task.block_minutes;
  const problem = blockProblem(start, minutes);
  if (problem) {
    throw new ApiError('VALIDATION_FAILED', problem.message, { [problem.field]: problem.message });
  }
  return { block_start: start, block_minutes: minutes };
}

/**
 * Ticks a task, sets its reminder or its time block (Today's Goals). Completing records when, and on which day
 * in the user's time zone; the day's completion record follows in the same transaction.
 */
export function updateTask(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  taskId: string,
  update: PlanTaskUpdate,
  now: Date,
  today: string,
  events: EventBus,
): Promise<Plan> {
  return changePlan(db, events, userId, planId, now, async (trx) => {
    const task = await taskOfPlan(trx, planId, taskId);
    const changes: Partial<TaskRow> = { updated_at: now.toISOString() };
    if (update.reminderTime !== undefined) {
      changes.reminder_time = update.reminderTime;
    }
    Object.assign(changes, taskBlockColumns(task, update));
    if (update.completed !== undefined && update.completed !== Boolean(task.completed)) {
      changes.completed = update.completed;
      changes.completed_at = update.completed ? now.toISOString() : null;
      changes.completed_date = update.completed ? today : null;
    }
    await trx.updateTable('daily_tasks').set(changes).where('id', '=', taskId).execute();
    if (changes.completed === true) {
      const plan = await ownPlan(trx, userId, planId);
      await userEvent(trx, events, userId, 'plan.task.done', {
        plan: { id: plan.id, date: plan.plan_date, title: plan.title },
        task: { id: task.id, title: task.title, completedAt: changes.completed_at },
      });
    }
  });
}

export function deleteTask(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  taskId: string,
  now: Date,
  events: EventBus,
): Promise<Plan> {
  return changePlan(db, events, userId, planId, now, async (trx) => {
    const deleted = await trx
      .deleteFrom('daily_tasks')
      .where('id', '=', taskId)
      .where('plan_id', '=', planId)
      .executeTakeFirst();
    // A task of another plan answers as a missing one (plans/policy.ts).
    readable(Number(deleted.numDeletedRows) > 0 ? deleted : undefined);
    return [taskId];
  });
}

/** Resetting a day un-completes all its tasks. */
export function resetPlan(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  now: Date,
  events: EventBus,
): Promise<Plan> {
  return changePlan(db, events, userId, planId, now, async (trx) => {
    await trx
      .updateTable('daily_tasks')
      .set({
        completed: false,
        completed_at: null,
        completed_date: null,
        updated_at: now.toISOString(),
      })
      .where('plan_id', '=', planId)
      .where('completed', '=', true)
      .execute();
  });
}
