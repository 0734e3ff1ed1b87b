import { QUOTAS, SOCIAL_LIMITS } from '@daywise/shared';
import type {
  SharedPlan,
  sharedPlanCreateSchema,
  SharedPlanTask,
  sharedPlanUpdateSchema,
  sharedTaskUpdateSchema,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';

import type { Database, SharedPlanTable, SharedPlanTaskTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { requireUnderQuota } from '../lib/quota';
import { requireFriend, type SocialServices } from './social';

type PlanRow = Selectable<SharedPlanTable>;
type TaskRow = Selectable<SharedPlanTaskTable>;
export type SharedPlanCreate = z.output<typeof sharedPlanCreateSchema>;
export type SharedPlanUpdate = z.output<typeof sharedPlanUpdateSchema>;
export type SharedTaskUpdate = z.output<typeof sharedTaskUpdateSchema>;

function participants(plan: PlanRow): [string, string] {
  return [plan.creator_id, plan.shared_with_id];
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
  if (!presented) {
    throw new ApiError('SHARED_PLAN_NOT_FOUND');
  }
  return presented;
}

/**
 * A plan `userId` takes part in. A missing plan and someone else's get the same 404 'Shared plan
 * not found', so an outsider cannot tell them apart (ADR 0016, replacing ADR 0011's 403).
 */
async function requirePlan(db: Kysely<Database>, userId: string, planId: string): Promise<PlanRow> {
  const plan = await db
    .selectFrom('shared_plans')
    .selectAll()
    .where('id', '=', planId)
    .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
    .executeTakeFirst();
  if (!plan) {
    throw new ApiError('SHARED_PLAN_NOT_FOUND');
  }
  return plan;
}

/**
 * Runs a change to a plan in a transaction that first bumps its updated_at: the plan moves to
 * the top of both lists, and the row lock makes concurrent task writes take turns without losing
 * any. Both participants hear of it once the change has committed.
 *
 * Changes need the two to still be friends: once the friendship ends, the plan stays readable
 * and either of them may delete it, but neither can change it (ADR 0016).
 */
async function changePlan<T>(
  services: SocialServices,
  userId: string,
  planId: string,
  change: (trx: Kysely<Database>, plan: PlanRow, stamp: string) => Promise<T>,
): Promise<{ plan: PlanRow; result: T }> {
  const stamp = services.now.toISOString();
  const outcome = await services.db.transaction().execute(async (trx) => {
    const current = await requirePlan(trx, userId, planId);
    await requireFriend(trx, current.creator_id, current.shared_with_id);
    const plan = await trx
      .updateTable('shared_plans')
      .set({ updated_at: stamp })
      .where('id', '=', planId)
      .returningAll()
      .executeTakeFirst();
    // Deleted by the other participant meanwhile.
    if (!plan) {
      throw new ApiError('SHARED_PLAN_NOT_FOUND');
    }
    return { plan, result: await change(trx, plan, stamp) };
  });
  services.publish(participants(outcome.plan), {
    type: 'shared-plan.changed',
    planId: outcome.plan.id,
  });
  return outcome;
}

/** How many shared plans `userId` takes part in. */
async function sharedPlanCount(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('shared_plans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(count);
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
  return presentPlan(db, userId, await requirePlan(db, userId, planId));
}

/** A plan with a friend: no tasks and an empty description at first. */
export async function createSharedPlan(
  services: SocialServices,
  userId: string,
  input: SharedPlanCreate,
): Promise<SharedPlan> {
  await requireFriend(services.db, userId, input.friendId);
  // Both sides count: a friend must not be able to fill someone else's list.
  requireUnderQuota(
    await sharedPlanCount(services.db, userId),
    QUOTAS.sharedPlans,
    `You can take part in at most ${QUOTAS.sharedPlans} shared plans.`,
  );
  requireUnderQuota(
    await sharedPlanCount(services.db, input.friendId),
    QUOTAS.sharedPlans,
    `Your friend already takes part in ${QUOTAS.sharedPlans} shared plans.`,
  );
  const stamp = services.now.toISOString();
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
  await services.db.insertInto('shared_plans').values(plan).execute();
  services.publish(participants(plan), { type: 'shared-plan.changed', planId: plan.id });
  return presentPlan(services.db, userId, plan);
}

/** Either participant changes the title, description or date (equal rights). */
export async function updateSharedPlan(
  services: SocialServices,
  userId: string,
  planId: string,
  update: SharedPlanUpdate,
): Promise<SharedPlan> {
  const { plan } = await changePlan(services, userId, planId, async (trx) => {
    await trx.updateTable('shared_plans').set(update).where('id', '=', planId).execute();
  });
  return getSharedPlan(services.db, userId, plan.id);
}

/** Either participant deletes the plan for both, with its tasks. */
export async function deleteSharedPlan(
  services: SocialServices,
  userId: string,
  planId: string,
): Promise<void> {
  const plan = await requirePlan(services.db, userId, planId);
  // Its tasks go with it (the foreign key cascades).
  await services.db.deleteFrom('shared_plans').where('id', '=', plan.id).execute();
  services.publish(participants(plan), { type: 'shared-plan.deleted', planId: plan.id });
}

async function loadTask(db: Kysely<Database>, taskId: string): Promise<SharedPlanTask> {
  return presentTask(
    await taskQuery(db).where('shared_plan_tasks.id', '=', taskId).executeTakeFirstOrThrow(),
  );
}

/** Adds a task, not completed. Each task is its own row, so concurrent adds all stay. */
export async function addSharedTask(
  services: SocialServices,
  userId: string,
  planId: string,
  title: string,
): Promise<SharedPlanTask> {
  const { result: taskId } = await changePlan(
    services,
    userId,
    planId,
    async (trx, plan, stamp) => {
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
      return id;
    },
  );
  return loadTask(services.db, taskId);
}

/**
 * Renames or ticks a task. Completing records who and when; un-completing clears both
 *. An id that is not one of the plan's tasks is 'Task not found'.
 */
export async function updateSharedTask(
  services: SocialServices,
  userId: string,
  planId: string,
  taskId: string,
  update: SharedTaskUpdate,
): Promise<SharedPlanTask> {
  await changePlan(services, userId, planId, async (trx, plan, stamp) => {
    const task = await trx
      .selectFrom('shared_plan_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('plan_id', '=', plan.id)
      .executeTakeFirst();
    if (!task) {
      throw new ApiError('TASK_NOT_FOUND');
    }
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
  return loadTask(services.db, taskId);
}

export async function deleteSharedTask(
  services: SocialServices,
  userId: string,
  planId: string,
  taskId: string,
): Promise<void> {
  await changePlan(services, userId, planId, async (trx, plan) => {
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
