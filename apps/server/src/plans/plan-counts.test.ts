import { addDays } from '@daywise/shared';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createTestDatabase, ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';
import * as planCountsMigration from '../db/migrations/0020-plan-counts';
import type { Database } from '../db/schema';

/**
 * A step of the run: plan a day, edit a plan (keep, drop, reorder and add tasks), tick or delete a
 * task, reset or delete a plan, or rename the tag some tasks carry.
 */
type Step =
  | { kind: 'create'; day: number; tasks: number }
  | { kind: 'edit'; pick: number; keep: boolean[]; add: number; reverse: boolean }
  | { kind: 'toggle' | 'deleteTask'; pick: number; task: number }
  | { kind: 'reset' | 'delete'; pick: number }
  | { kind: 'retag' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    day: fc.nat(14),
    tasks: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    keep: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    add: fc.nat(2),
    reverse: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('toggle' as const, 'deleteTask' as const),
    pick: fc.nat(),
    task: fc.nat(),
  }),
  fc.record({ kind: fc.constantFrom('reset' as const, 'delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('retag' as const) }),
);

/** The test clock's today: plans can be made for it and the days after. */
const FIRST_DAY = '2026-11-21';

interface PlanJson {
  id: string;
  tasks: { id: string; title: string; completed: boolean }[];
}

/** Everyone's plan counts as kept, and as counted afresh from the plans and tasks. */
async function keptAndCounted(db: Kysely<Database>) {
  const kept = await db
    .selectFrom('plan_counts')
    .select(['user_id', 'plans', 'tasks', 'completed_tasks'])
    .where((eb) => eb.or([eb('plans', '<>', 0), eb('tasks', '<>', 0)]))
    .orderBy('user_id')
    .execute();
  const { rows: counted } = await sql<(typeof kept)[number]>`
    select user_id, sum(plans) as plans, sum(tasks) as tasks, sum(completed) as completed_tasks
    from (
      select user_id, 1 as plans, 0 as tasks, 0 as completed from daily_plans
      union all
      select user_id, 0, 1, case when completed then 1 else 0 end from daily_tasks
    ) as counted
    group by user_id
    order by user_id
  `.execute(db);
  const numbers = (rows: typeof kept) =>
    rows.map((row) => ({
      user_id: row.user_id,
      plans: Number(row.plans),
      tasks: Number(row.tasks),
      completed_tasks: Number(row.completed_tasks),
    }));
  return { kept: numbers(kept), counted: numbers(counted) };
}

describe.each(ENGINES)('the kept plan counts on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    sendAs(app.ctx, app.cookie, method, url, body);
  const expectOk = async (response: ReturnType<typeof send>) => {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBeLessThan(300);
    return answered;
  };
  /** The kept counts equal a fresh count, and plan analytics answers Ada's. */
  const expectInStep = async (adaId: string) => {
    const { kept, counted } = await keptAndCounted(app.ctx.database.db);
    expect(kept).toEqual(counted);
    const ada = counted.find((row) => row.user_id === adaId);
    const { stats } = (await app.api.get('/api/analytics/plans?days=7', app.cookie)).json<{
      stats: { totalPlans: number; totalTasks: number; completedTasks: number };
    }>();
    expect(stats).toMatchObject({
      totalPlans: ada?.plans ?? 0,
      totalTasks: ada?.tasks ?? 0,
      completedTasks: ada?.completed_tasks ?? 0,
    });
  };
  const planIds: string[] = [];
  const planAt = async (pick: number) => {
    const id = planIds[pick % planIds.length];
    return id ? (await app.api.get(`/api/plans/${id}`, app.cookie)).json<PlanJson>() : undefined;
  };

  async function apply(next: Step, tagId: string, names: string[]): Promise<void> {
    if (next.kind === 'create') {
      const created = await send('POST', '/api/plans', {
        title: `Day ${next.day}`,
        planDate: addDays(FIRST_DAY, next.day),
        tasks: Array.from({ length: next.tasks }, (_, i) => ({
          title: `Task ${i}`,
          tag: i % 2 === 0 ? names[0] : null,
        })),
      });
      // A day already planned is refused, and changes nothing.
      expect([201, 409], created.body).toContain(created.statusCode);
      if (created.statusCode === 201) {
        planIds.push(created.json<{ id: string }>().id);
      }
      return;
    }
    if (next.kind === 'retag') {
      names.reverse();
      await expectOk(send('PATCH', `/api/tags/${tagId}`, { name: names[0] }));
      return;
    }
    const plan = await planAt(next.pick);
    if (!plan) {
      return;
    }
    const task = 'task' in next ? plan.tasks[next.task % plan.tasks.length] : undefined;
    const taskUrl = `/api/plans/${plan.id}/tasks/${task?.id}`;
    switch (next.kind) {
      case 'edit': {
        const kept = plan.tasks
          .filter((_, i) => next.keep[i])
          .map(({ id, title }) => ({ id, title }));
        // A plan keeps at least one task.
        const adding = Math.max(next.add, kept.length === 0 ? 1 : 0);
        const added = Array.from({ length: adding }, (_, i) => ({ title: `Added ${i}` }));
        const tasks = [...kept, ...added];
        await expectOk(
          send('PUT', `/api/plans/${plan.id}`, {
            title: 'Edited',
            tasks: next.reverse ? tasks.reverse() : tasks,
          }),
        );
        return;
      }
      case 'toggle':
        if (task) {
          await expectOk(send('PATCH', taskUrl, { completed: !task.completed }));
        }
        return;
      case 'deleteTask':
        if (task) {
          await expectOk(send('DELETE', taskUrl));
        }
        return;
      case 'reset':
        await expectOk(send('POST', `/api/plans/${plan.id}/reset`));
        return;
      case 'delete':
        await expectOk(send('DELETE', `/api/plans/${plan.id}`));
        planIds.splice(planIds.indexOf(plan.id), 1);
        return;
    }
  }

  /** Grace plans two days (one of them a day Ada may have planned) and exports her archive. */
  async function gracesArchive(): Promise<Buffer> {
    const grace = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    for (const day of [3, 30]) {
      const created = await sendAs(app.ctx, grace, 'POST', '/api/plans', {
        title: `Grace ${day}`,
        planDate: addDays(FIRST_DAY, day),
        tasks: [{ title: 'One' }, { title: 'Two' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const plan = created.json<PlanJson>();
      const done = `/api/plans/${plan.id}/tasks/${plan.tasks[0]?.id}`;
      expect((await sendAs(app.ctx, grace, 'PATCH', done, { completed: true })).statusCode).toBe(
        200,
      );
    }
    return Buffer.from((await app.api.get('/api/exports/archive', grace)).body);
  }

  /** Imports an archive into Ada's account and waits for it, as the page polls it. */
  async function importArchive(file: Buffer): Promise<void> {
    const body = multipartFile('file', 'daywise-archive.json', 'application/json', file);
    const started = await app.ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...SAME_ORIGIN, cookie: app.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<{ id: string }>();
    const status = async () =>
      (await app.api.get(`/api/imports/${id}`, app.cookie)).json<{ status: string }>().status;
    while ((await status()) === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await status()).toBe('done');
  }

  it('always match counting the plans and tasks, whatever the writes', async () => {
    planIds.length = 0;
    const adaId = (await app.api.get('/api/account/session', app.cookie)).json<{
      user: { id: string };
    }>().user.id;
    const archive = await gracesArchive();
    const tag = (await expectOk(send('POST', '/api/tags', { name: 'Work' }))).json<{
      id: string;
    }>();
    const names = ['Work', 'Play'];
    const [before, after] = fc.sample(fc.array(step, { minLength: 30, maxLength: 30 }), {
      seed: 18,
      numRuns: 2,
    });
    for (const next of before ?? []) {
      await apply(next, tag.id, names);
      await expectInStep(adaId);
    }
    await importArchive(archive);
    await expectInStep(adaId);
    for (const next of after ?? []) {
      await apply(next, tag.id, names);
      await expectInStep(adaId);
    }
    expect(planIds.length).toBeGreaterThan(0);

    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const { kept, counted } = await keptAndCounted(app.ctx.database.db);
    expect(kept).toEqual(counted);
    // Grace's plans are still counted; Ada has none left.
    expect(kept.map((row) => row.user_id)).not.toContain(adaId);
    expect(kept).toHaveLength(1);
  });
});

describe.each(ENGINES)('the plan counts migration on %s', (engine) => {
  it('counts the plans and tasks already there, and its down removes the counts', async () => {
    const test = await createTestDatabase(engine);
    const db = test.database.db;
    await planCountsMigration.down(db as Kysely<unknown>);
    const stamp = '2026-11-21T09:00:00.000Z';
    for (const id of ['ada', 'grace', 'alan']) {
      await db
        .insertInto('users')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          email_verified: true,
          is_deleted: false,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    const plan = (id: string, userId: string, day: number) => ({
      id,
      user_id: userId,
      plan_date: addDays(FIRST_DAY, day),
      title: id,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto('daily_plans')
      .values([plan('p1', 'ada', 0), plan('p2', 'ada', 1), plan('p3', 'grace', 0)])
      .execute();
    const tasks: [string, string, boolean][] = [
      ['p1', 'ada', true],
      ['p1', 'ada', false],
      ['p2', 'ada', true],
      ['p3', 'grace', false],
    ];
    await db
      .insertInto('daily_tasks')
      .values(
        tasks.map(([planId, userId, completed], position) => ({
          id: `t${position}`,
          plan_id: planId,
          user_id: userId,
          position,
          title: 'Task',
          completed,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();

    await planCountsMigration.up(db as Kysely<unknown>);
    const { kept, counted } = await keptAndCounted(db);
    expect(kept).toEqual(counted);
    expect(kept).toEqual([
      { user_id: 'ada', plans: 2, tasks: 3, completed_tasks: 2 },
      { user_id: 'grace', plans: 1, tasks: 1, completed_tasks: 0 },
    ]);

    // Down leaves the plans writable without the counts.
    await planCountsMigration.down(db as Kysely<unknown>);
    await db.deleteFrom('daily_plans').where('id', '=', 'p1').execute();
    const { rows } = await sql`select id from daily_tasks`.execute(db);
    expect(rows).toHaveLength(2);
    await test.drop();
  });
});
