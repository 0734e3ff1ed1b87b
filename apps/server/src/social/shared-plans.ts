import { QUOTAS, SOCIAL_LIMITS } from '@daywise/shared';
import type {
  SharedPlan,
  sharedPlanCreateSchema,
  SharedPlanTask,
  sharedPlanUpdateSchema,
  sharedTaskUpdateSchema,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';

import type { Database, SharedPlanTable, SharedPlanTaskTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { DomainEvent } from '../lib/events';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import type { Emitting } from './events';
import { changeablePlan, readablePlan, requireFriend } from './policy';

type PlanRow = Selectable<SharedPlanTable>;
type TaskRow = Selectable<SharedPlanTaskTable>;
export type SharedPlanCreate = z.output<typeof sharedPlanCreateSchema>;
export type SharedPlanUpdate = z.output<typeof sharedPlanUpdateSchema>;
export type SharedTaskUpdate = z.output<typeof sharedTaskUpdateSchema>;

function participants(plan: PlanRow): [string, string] {
  return [plan.creator_id, plan.shared_with_id];
}

/** Both participants hear of a change to the plan or its tasks. */
function planChanged(plan: PlanRow): DomainEvent {
  return { type: 'shared-plan.changed', userIds: participants(plan), planId: plan.id };
}

/** Tasks with their creator's name, oldest first (the detail modal's "by {creator}"). */
function taskQuery(db: Kysely<Database>) {
  return db
    .selectFrom('shared_plan_tasks')
    .innerJoin('users', 'users.id', 'shared_plan_tasks.created_by')
    .selectAll('shared_plan_tasks')
    .select('users.name as created_by_name')
    .orderBy('shared_plan_tasks.created_at')
    .orderBy('shared_plan_tasks.id');
}

function presentTask(row: TaskRow & { created_by_name: string }): SharedPlanTask {
  return {
    id: row.id,
    title: row.title,
    completed: Boolean(row.completed),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    completedBy: row.completed_by,
    completedAt: row.completed_at,
  };
}

/** Plans as `userId` sees them: their tasks, and the other participant. */
async function presentPlans(
  db: Kysely<Database>,
  userId: string,
  plans: PlanRow[],
): Promise<SharedPlan[]> {
  if (plans.length === 0) {
    return [];
  }
  const others = plans.map((plan) =>
    plan.creator_id === userId ? plan.shared_with_id : plan.creator_id,
  );
  const [tasks, users] = await Promise.all([
    taskQuery(db)
      .where(
        'shared_plan_tasks.plan_id',
        'in',
        plans.map((plan) => plan.id),
      )
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(others)])
      .execute(),
  ]);
  const names = new Map(users.map((user) => [user.id, user.name]));
  return plans.map((plan, index) => {
    const otherId = others[index] ?? '';
    return {
      id: plan.id,
      creatorId: plan.creator_id,
      sharedWithId: plan.shared_with_id,
      title: plan.title,
      description: plan.description,
      date: plan.date,
      status: plan.status,
      tasks: tasks.filter((task) => task.plan_id === plan.id).map(presentTask),
      otherUser: { id: otherId, name: names.get(otherId) ?? '' },
      createdAt: plan.created_at,
      updatedAt: plan.updated_at,
    };
  });
}

async function presentPlan(
  db: Kysely<Database>,
  userId: string,
  plan: PlanRow,
): Promise<SharedPlan> {
  const [presented] = await presentPlans(db, userId, [plan]);
  return readable(presented, 'SHARED_PLAN_NOT_FOUND');
}

/**
 * Starts a change to a plan, inside the caller's transaction, by bumping its updated_at: the plan
 * moves to the top of both lists, and the row lock makes concurrent task writes take turns without
 * losing any. Changes need the two to still be friends (social/policy.ts).
 */
async function lockPlan(
  trx: Transaction<Database>,
  userId: string,
  planId: string,
  stamp: string,
): Promise<PlanRow> {
  await changeablePlan(trx, await readablePlan(trx, userId, planId));
  // Missing when the other participant deleted it meanwhile.
  return readable(
    await trx
      .updateTable('shared_plans')
      .set({ updated_at: stamp })
      .where('id', '=', planId)
      .returningAll()
      .executeTakeFirst(),
    'SHARED_PLAN_NOT_FOUND',
  );
}

/**
 * Runs a change to a plan in a transaction that first locks it (`lockPlan`). Both participants
 * hear of it once the change has committed.
 */
async function changePlan<T>(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  now: Date,
  change: (trx: Kysely<Database>, plan: PlanRow, stamp: string) => Promise<T>,
): Promise<Emitting<T>> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, userId, planId, stamp);
    return { result: await change(trx, plan, stamp), events: [planChanged(plan)] };
  });
}

/** The shared plans `userId` takes part in. */
function plansOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('shared_plans')
    .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]));
}

/**
 * Plans the user created or was shared, newest change first; at most the quota,
 * which bounds the answer without paging it (ADR 0016).
 */
export async function listSharedPlans(db: Kysely<Database>, userId: string): Promise<SharedPlan[]> {
  const rows = await db
    .selectFrom('shared_plans')
    .selectAll()
    .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(QUOTAS.sharedPlans)
    .execute();
  return presentPlans(db, userId, rows);
}

export async function getSharedPlan(
  db: Kysely<Database>,
  userId: string,
  planId: string,
): Promise<SharedPlan> {
  return presentPlan(db, userId, await readablePlan(db, userId, planId));
}

/**
 * A plan with a friend: no tasks and an empty description at first. Runs in the caller's
 * transaction, the idempotent write's (lib/idempotency.ts).
 */
export async function createSharedPlan(
  trx: Transaction<Database>,
  userId: string,
  input: SharedPlanCreate,
  now: Date,
): Promise<Emitting<SharedPlan>> {
  await requireFriend(trx, userId, input.friendId);
  // Both sides count: a friend must not be able to fill someone else's list.
  await requireUnderQuota(trx, 'shared_plans', [
    {
      userId,
      rows: plansOf(trx, userId),
      max: QUOTAS.sharedPlans,
      message: `You can take part in at most ${QUOTAS.sharedPlans} shared plans.`,
    },
    {
      userId: input.friendId,
      rows: plansOf(trx, input.friendId),
      max: QUOTAS.sharedPlans,
      message: `Your friend already takes part in ${QUOTAS.sharedPlans} shared plans.`,
    },
  ]);
  const stamp = now.toISOString();
  const plan: PlanRow = {
    id: newId(),
    creator_id: userId,
    shared_with_id: input.friendId,
    title: input.title,
    description: '',
    date: input.date,
    status: 'active',
    created_at: stamp,
    updated_at: stamp,
  };
  await trx.insertInto('shared_plans').values(plan).execute();
  return { result: await presentPlan(trx, userId, plan), events: [planChanged(plan)] };
}

/** Either participant changes the title, description or date (equal rights). */
export async function updateSharedPlan(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  update: SharedPlanUpdate,
  now: Date,
): Promise<Emitting<SharedPlan>> {
  const { events } = await changePlan(db, userId, planId, now, async (trx) => {
    await trx.updateTable('shared_plans').set(update).where('id', '=', planId).execute();
  });
  return { result: await getSharedPlan(db, userId, planId), events };
}

/** Either participant deletes the plan for both, with its tasks. */
export async function deleteSharedPlan(
  db: Kysely<Database>,
  userId: string,
  planId: string,
): Promise<Emitting<void>> {
  const plan = await readablePlan(db, userId, planId);
  // Its tasks go with it (the foreign key cascades).
  await db.deleteFrom('shared_plans').where('id', '=', plan.id).execute();
  return {
    result: undefined,
    events: [{ type: 'shared-plan.deleted', userIds: participants(plan), planId: plan.id }],
  };
}

async function loadTask(db: Kysely<Database>, taskId: string): Promise<SharedPlanTask> {
  return presentTask(
    await taskQuery(db).where('shared_plan_tasks.id', '=', taskId).executeTakeFirstOrThrow(),
  );
}

/**
 * Adds a task, not completed, in the caller's transaction (the idempotent write's). Each task is
 * its own row, so concurrent adds all stay; the plan's lock keeps them within the cap.
 */
export async function addSharedTask(
  trx: Transaction<Database>,
  userId: string,
  planId: string,
  title: string,
  now: Date,
): Promise<Emitting<SharedPlanTask>> {
  const stamp = now.toISOString();
  const plan = await lockPlan(trx, userId, planId, stamp);
  const { count } = await trx
    .selectFrom('shared_plan_tasks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('plan_id', '=', plan.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= SOCIAL_LIMITS.sharedTasksMax) {
    throw new ApiError(
      'VALIDATION_FAILED',
      `A plan can have at most ${SOCIAL_LIMITS.sharedTasksMax} tasks`,
    );
  }
  const id = newId();
  await trx
    .insertInto('shared_plan_tasks')
    .values({
      id,
      plan_id: plan.id,
      title,
      completed: false,
      created_by: userId,
      created_at: stamp,
      updated_by: null,
      updated_at: stamp,
      completed_by: null,
      completed_at: null,
    })
    .execute();
  return { result: await loadTask(trx, id), events: [planChanged(plan)] };
}

/**
 * Renames or ticks a task. Completing records who and when; un-completing clears both. An id
 * that is not one of the plan's tasks is 'Task not found'.
 */
export async function updateSharedTask(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  taskId: string,
  update: SharedTaskUpdate,
  now: Date,
): Promise<Emitting<SharedPlanTask>> {
  const { events } = await changePlan(db, userId, planId, now, async (trx, plan, stamp) => {
    const task = readable(
      await trx
        .selectFrom('shared_plan_tasks')
        .selectAll()
        .where('id', '=', taskId)
        .where('plan_id', '=', plan.id)
        .executeTakeFirst(),
      'TASK_NOT_FOUND',
    );
    const changes: Partial<TaskRow> = { updated_by: userId, updated_at: stamp };
    if (update.title !== undefined) {
      changes.title = update.title;
    }
    if (update.completed !== undefined && update.completed !== Boolean(task.completed)) {
      changes.completed = update.completed;
      changes.completed_by = update.completed ? userId : null;
      changes.completed_at = update.completed ? stamp : null;
    }
    await trx.updateTable('shared_plan_tasks').set(changes).where('id', '=', task.id).execute();
  });
  return { result: await loadTask(db, taskId), events };
}

export async function deleteSharedTask(
  db: Kysely<Database>,
  userId: string,
  planId: string,
  taskId: string,
  now: Date,
): Promise<Emitting<void>> {
  return changePlan(db, userId, planId, now, async (trx, plan) => {
    const deleted = await trx
      .deleteFrom('shared_plan_tasks')
      .where('id', '=', taskId)
      .where('plan_id', '=', plan.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      throw new ApiError('TASK_NOT_FOUND');
    }
  });
}
