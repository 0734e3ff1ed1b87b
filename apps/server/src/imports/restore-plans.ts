import { performance } from 'node:perf_hooks';

import {
  type ArchivePlan,
  DAYS_OFF_LIMIT,
  DAYS_OFF_MAX_SPAN,
  type ImportProblem,
  PLAN_LIMITS,
  planSchema,
  planTaskSchema,
} from '@daywise/shared/schemas';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { restoreSessions } from '../focus/sessions';
import { dayOffSpan } from '../habits/days-off';
import type { DomainEvent } from '../lib/events';
import { newId } from '../lib/ids';
import { lockQuota } from '../lib/quota';
import { slicer } from '../lib/slices';
import { refreshCompletion } from '../plans/completion';
import { newTaskRow, PLAN_FIELDS, TASK_FIELDS } from '../plans/plan-fields';
import { resettleHabits } from '../todos/habit-count';
import { sessionsBy } from './daywise-archive';
import type { ArchiveRest } from './parsed-import';
import {
  firstIssue,
  importPacer,
  plural,
  restoredId,
  type RestoreStep,
  type Restoring,
} from './restore';

/**
 * Which of these days the user has a plan for, read 500 days a query; it yields between queries
 * only, so a transaction's batch of at most 500 days never waits within it.
 */
export async function plannedDays(
  db: Kysely<Database>,
  userId: string,
  days: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const pause = slicer();
  for (let start = 0; start < days.length; start += 500) {
    if (start > 0) {
      await pause();
    }
    const rows = await db
      .selectFrom('daily_plans')
      .select('plan_date')
      .where('user_id', '=', userId)
      .where('plan_date', 'in', days.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      found.add(row.plan_date);
    }
  }
  return found;
}

/**
 * Which of these archived plans the user has already, by their archived id: a plan an earlier
 * import restored (its id derived from the user and the archived id), or the user's own plan
 * under that id, as when an archive comes back to the account it came from (ADR 0021). Read 250
 * plans a query; it yields between queries only, like plannedDays.
 */
export async function plansHere(
  db: Kysely<Database>,
  userId: string,
  plans: readonly Pick<ArchivePlan, 'id'>[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const pause = slicer();
  for (let start = 0; start < plans.length; start += 250) {
    if (start > 0) {
      await pause();
    }
    const byId = new Map<string, string>();
    for (const plan of plans.slice(start, start + 250)) {
      byId.set(plan.id, plan.id);
      byId.set(restoredId(userId, 'plan', plan.id), plan.id);
    }
    const rows = await db
      .selectFrom('daily_plans')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', [...byId.keys()])
      .execute();
    for (const row of rows) {
      found.add(byId.get(row.id) ?? '');
    }
  }
  return found;
}

/** A range of days off by its days: the same range is never added twice. */
export const rangeKey = (range: { startDate: string; endDate: string }) =>
  `${range.startDate}/${range.endDate}`;

/** The user's ranges of days off by rangeKey (at most DAYS_OFF_LIMIT). */
export async function daysOffHere(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('days_off')
    .select(['start_date', 'end_date'])
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => rangeKey({ startDate: row.start_date, endDate: row.end_date })));
}

/**
 * The archive's ranges of days off the days-off form would accept, once each; the rest go to
 * `problems`. Checked before the transaction that writes them, yielding as it goes.
 */
async function checkedDaysOff(
  ranges: ArchiveRest['daysOff'],
  problems: ImportProblem[],
): Promise<ArchiveRest['daysOff']> {
  const unique = new Map<string, ArchiveRest['daysOff'][number]>();
  const pause = slicer();
  for (const range of ranges) {
    await pause();
    const span = dayOffSpan(range.startDate, range.endDate);
    if (span < 1 || span > DAYS_OFF_MAX_SPAN) {
      problems.push({
        row: 0,
        message: `Days off ${range.startDate} to ${range.endDate} not restored: a range is 1 to ${DAYS_OFF_MAX_SPAN} days`,
      });
      continue;
    }
    const key = rangeKey(range);
    if (!unique.has(key)) {
      unique.set(key, range);
    }
  }
  return [...unique.values()];
}

/** A plan's fields and tasks checked as the plan form's would be, or the first problem. */
function checkedPlan(plan: ArchivePlan): { ok: true } | { ok: false; message: string } {
  const fields = planSchema.pick({ title: true, description: true }).safeParse(plan);
  if (!fields.success) {
    return { ok: false, message: firstIssue(fields.error) };
  }
  if (plan.tasks.length > PLAN_LIMITS.tasksMax) {
    return { ok: false, message: `A plan can have at most ${PLAN_LIMITS.tasksMax} tasks` };
  }
  for (const task of plan.tasks) {
    const checked = planTaskSchema.safeParse(task);
    if (!checked.success) {
      return { ok: false, message: firstIssue(checked.error) };
    }
    if (task.tagColor !== null && !/^#[0-9a-fA-F]{6}$/.test(task.tagColor)) {
      return { ok: false, message: 'A task’s tag colour is not a colour like #3B82F6' };
    }
  }
  return { ok: true };
}

/** What restoring the plans counts as it goes. */
interface PlanCounts {
  created: number;
  /** Plans the user has already: restored by an earlier import, or their own (plansHere). */
  before: number;
}

/** A plan's tasks in their order, as they were: ticked or not, with their times. */
async function restoreTasks(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  archived: ArchivePlan['tasks'],
  sessions: ArchiveRest['focusSessions'],
): Promise<void> {
  const tasks = [...archived].sort((a, b) => a.position - b.position);
  if (tasks.length === 0) {
    return;
  }
  const ids = tasks.map(() => newId());
  await trx
    .insertInto('daily_tasks')
    .values(
      tasks.map((task, position) =>
        newTaskRow({
          ...TASK_FIELDS.columns({ ...task, focusMinutes: 0 }),
          id: ids[position] ?? newId(),
          plan_id: id,
          user_id: userId,
          position,
          title: task.title.trim(),
          description: task.description.trim(),
          tag: task.tag?.trim() || null,
          tag_color: task.tag?.trim() ? (task.tagColor?.toUpperCase() ?? null) : null,
          completed_at: task.completed ? task.completedAt : null,
          completed_date: task.completed ? task.completedDate : null,
          updated_at: task.updatedAt,
        }),
      ),
    )
    .execute();
  // Its focus sessions (ADR 0032) onto the task it became; its focus minutes are their sum.
  const byTask = sessionsBy(sessions, 'taskId');
  for (const [position, task] of tasks.entries()) {
    await restoreSessions(
      trx,
      userId,
      { kind: 'task', id: ids[position] ?? '' },
      byTask.get(task.id) ?? [],
      (sessionId) => restoredId(userId, 'focus', sessionId),
    );
  }
}

/**
 * Restores one plan of the batch with its tasks as they were (ticked or not, with their times),
 * unless the user has it already (plansHere) or already planned its day, and counts its day's
 * completion record again from them, with the record's own times.
 */
async function restorePlan(
  trx: Transaction<Database>,
  { events, userId }: Restoring,
  plan: ArchivePlan,
  record: ArchiveRest['completions'][number] | undefined,
  seen: { here: Set<string>; planned: Set<string> },
  counts: PlanCounts,
  problems: ImportProblem[],
  sessions: ArchiveRest['focusSessions'],
): Promise<DomainEvent[]> {
  const id = restoredId(userId, 'plan', plan.id);
  if (seen.here.has(plan.id)) {
    counts.before += 1;
    return [];
  }
  if (seen.planned.has(plan.planDate)) {
    problems.push({
      row: 0,
      message: `Plan for ${plan.planDate} not restored: you already have a plan that day`,
    });
    return [];
  }
  const checked = checkedPlan(plan);
  if (!checked.ok) {
    problems.push({
      row: 0,
      message: `Plan for ${plan.planDate} not restored: ${checked.message}`,
    });
    return [];
  }
  const row = {
    ...PLAN_FIELDS.columns(plan),
    id,
    user_id: userId,
    title: plan.title.trim(),
    description: plan.description.trim(),
  };
  await trx.insertInto('daily_plans').values(row).execute();
  seen.here.add(plan.id);
  seen.planned.add(plan.planDate);
  await restoreTasks(trx, userId, id, plan.tasks, sessions);
  await refreshCompletion(trx, row, new Date(record?.updatedAt ?? plan.updatedAt));
  if (record) {
    await trx
      .updateTable('daily_completions')
      .set({ created_at: record.createdAt })
      .where('plan_id', '=', id)
      .execute();
  }
  counts.created += 1;
  return events.within(trx, {
    type: 'plan.written',
    userId,
    planId: id,
    removedTaskIds: [],
  });
}

/** Restores the archive's plans a batch a transaction (restorePlan), yielding between batches. */
async function restorePlans(restoring: Restoring, rest: ArchiveRest): Promise<RestoreStep> {
  const { db, userId, heartbeat } = restoring;
  const problems: ImportProblem[] = [];
  const restored: string[] = [];
  const followUps: DomainEvent[] = [];
  const completions = new Map(rest.completions.map((record) => [record.planId, record]));
  const counts: PlanCounts = { created: 0, before: 0 };
  const pause = slicer();
  const pace = importPacer(db);
  for (let start = 0; start < rest.plans.length;) {
    const batch = rest.plans.slice(start, start + pace.size());
    start += batch.length;
    // Between transactions, never within one: see importPacer.
    await pause();
    const began = performance.now();
    await db.transaction().execute(async (trx) => {
      await heartbeat(trx);
      const planned = await plannedDays(
        trx,
        userId,
        batch.map((plan) => plan.planDate),
      );
      const here = await plansHere(trx, userId, batch);
      for (const plan of batch) {
        const record = completions.get(plan.id);
        followUps.push(
          ...(await restorePlan(
            trx,
            restoring,
            plan,
            record,
            { here, planned },
            counts,
            problems,
            rest.focusSessions,
          )),
        );
      }
    });
    pace.took(batch.length, performance.now() - began);
  }
  if (rest.plans.length > 0) {
    restored.push(
      `${plural(counts.created, 'daily plan')} restored` +
        (counts.before > 0 ? `, ${plural(counts.before, 'plan')} restored before` : ''),
    );
    followUps.push({ type: 'plans.changed', userId });
  }
  return { restored, problems, followUps };
}

/**
 * Adds the archive's ranges of days off the user does not have, within their limit, in one
 * transaction. Answers how many were added.
 */
async function restoreDaysOff(
  { db, userId, heartbeat }: Restoring,
  rest: ArchiveRest,
  problems: ImportProblem[],
): Promise<number> {
  const ranges = await checkedDaysOff(rest.daysOff, problems);
  return db.transaction().execute(async (trx) => {
    await heartbeat(trx);
    await lockQuota(trx, 'days_off', [userId]);
    const have = await daysOffHere(trx, userId);
    let added = 0;
    for (const range of ranges) {
      const key = rangeKey(range);
      if (have.has(key)) {
        continue;
      }
      if (have.size >= DAYS_OFF_LIMIT) {
        problems.push({
          row: 0,
          message: `Days off ${range.startDate} to ${range.endDate} not restored: you can have at most ${DAYS_OFF_LIMIT} ranges`,
        });
        continue;
      }
      await trx
        .insertInto('days_off')
        .values({
          id: newId(),
          user_id: userId,
          start_date: range.startDate,
          end_date: range.endDate,
          created_at: range.createdAt,
        })
        .execute();
      have.add(key);
      added += 1;
    }
    return added;
  });
}

/**
 * Restores the plans with their tasks and completion records; then the days off, and every habit
 * counted again over them.
 */
export async function restorePlansAndDaysOff(
  restoring: Restoring,
  rest: ArchiveRest,
  today: string,
  zone: string,
): Promise<RestoreStep> {
  const { db, userId } = restoring;
  const { restored, problems, followUps } = await restorePlans(restoring, rest);
  const daysOff = await restoreDaysOff(restoring, rest, problems);
  // Days off and restored occurrences change every habit: count them all again, after the commit.
  await resettleHabits(db, userId, today, zone);
  if (daysOff > 0) {
    restored.push(`${plural(daysOff, 'range of days off', 'ranges of days off')} restored`);
  }
  followUps.push({ type: 'todos.changed', userId });
  return { restored, problems, followUps };
}
