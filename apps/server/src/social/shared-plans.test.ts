import { MESSAGES, type RealtimeEvent } from '@daywise/shared';
import type { SharedPlan, SharedPlanTask } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  friendsOnClock,
  type SocialClient,
  type TestClock,
  type TestUser,
} from '../../test/social-client';

describe.each(ENGINES)('shared plans on %s', (engine) => {
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, clock: TestClock;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, clock } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const create = async (as: TestUser, body: object) => {
    const response = await social.call(as, 'POST', '/api/shared-plans', body);
    expect(response.statusCode).toBe(201);
    return response.json<SharedPlan>();
  };
  const plans = async (as: TestUser) =>
    (await social.call(as, 'GET', '/api/shared-plans')).json<{ plans: SharedPlan[] }>().plans;
  const getPlan = async (as: TestUser, id: string) => {
    const response = await social.call(as, 'GET', `/api/shared-plans/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<SharedPlan>();
  };
  const addTask = async (as: TestUser, planId: string, title: string) => {
    const response = await social.call(as, 'POST', `/api/shared-plans/${planId}/tasks`, { title });
    expect(response.statusCode).toBe(201);
    return response.json<SharedPlanTask>();
  };
  const storedPlans = () => ctx.database.db.selectFrom('shared_plans').selectAll().execute();

  it('creates a plan with a friend: no tasks, empty description, seen by both', async () => {
    const plan = await create(ada, {
      title: '  Saturday hike ',
      date: '2026-11-28',
      friendId: bob.id,
    });
    const stamp = clock.now().toISOString();
    expect(plan).toEqual({
      id: plan.id,
      creatorId: ada.id,
      sharedWithId: bob.id,
      title: 'Saturday hike',
      description: '',
      date: '2026-11-28',
      status: 'active',
      tasks: [],
      otherUser: { id: bob.id, name: 'Bob Builder' },
      createdAt: stamp,
      updatedAt: stamp,
    });
    expect(await plans(ada)).toEqual([plan]);
    expect(await plans(bob)).toEqual([
      { ...plan, otherUser: { id: ada.id, name: 'Ada Lovelace' } },
    ]);
  });

  it('creates plans only with friends and refuses bad input, storing nothing', async () => {
    const carol = await social.signUp('carol@example.com', 'Carol Stranger');
    const stranger = await social.call(ada, 'POST', '/api/shared-plans', {
      title: 'Plan',
      date: '2026-11-28',
      friendId: carol.id,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ error: { code: 'NOT_FRIENDS' } });

    const bad: [object, string][] = [
      [{ title: '  ', date: '2026-11-28', friendId: bob.id }, MESSAGES.planTitleRequired],
      [{ title: 'Plan', date: '2026-02-30', friendId: bob.id }, 'Please enter a valid date'],
      [{ title: 'Plan', friendId: bob.id }, 'Target date is required'],
      [{ title: 'Plan', date: '2026-11-28' }, 'Please choose a friend'],
    ];
    for (const [body, message] of bad) {
      const response = await social.call(ada, 'POST', '/api/shared-plans', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
    }
    expect(await storedPlans()).toEqual([]);
  });

  it('lets both participants add, complete, rename and delete tasks, recording who', async () => {
    const plan = await create(ada, { title: 'Move day', date: '2026-11-28', friendId: bob.id });
    clock.advance(1000);
    const boxes = await addTask(ada, plan.id, ' Pack boxes ');
    expect(boxes).toEqual({
      id: boxes.id,
      title: 'Pack boxes',
      completed: false,
      createdBy: ada.id,
      createdByName: 'Ada Lovelace',
      createdAt: clock.now().toISOString(),
      updatedBy: null,
      updatedAt: clock.now().toISOString(),
      completedBy: null,
      completedAt: null,
    });
    clock.advance(1000);
    const van = await addTask(bob, plan.id, 'Rent a van');
    expect(van.createdByName).toBe('Bob Builder');

    clock.advance(1000);
    const done = await social.call(bob, 'PATCH', `/api/shared-plans/${plan.id}/tasks/${boxes.id}`, {
      completed: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      completed: true,
      completedBy: bob.id,
      completedAt: clock.now().toISOString(),
      updatedBy: bob.id,
    });
    const seen = await getPlan(ada, plan.id);
    expect(seen.updatedAt).toBe(clock.now().toISOString());
    expect(seen.tasks.map((task) => [task.title, task.completed])).toEqual([
      ['Pack boxes', true],
      ['Rent a van', false],
    ]);

    clock.advance(1000);
    const undone = await social.call(
      ada,
      'PATCH',
      `/api/shared-plans/${plan.id}/tasks/${boxes.id}`,
      { completed: false, title: 'Pack all boxes' },
    );
    expect(undone.json()).toMatchObject({
      title: 'Pack all boxes',
      completed: false,
      completedBy: null,
      completedAt: null,
      updatedBy: ada.id,
    });

    const removed = await social.call(
      bob,
      'DELETE',
      `/api/shared-plans/${plan.id}/tasks/${van.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await getPlan(ada, plan.id)).tasks.map((task) => task.title)).toEqual([
      'Pack all boxes',
    ]);
  });

  it('answers Task not found for an id that is not one of the plan’s tasks', async () => {
    const plan = await create(ada, { title: 'One', date: '2026-11-28', friendId: bob.id });
    const other = await create(bob, { title: 'Two', date: '2026-11-29', friendId: ada.id });
    const task = await addTask(ada, other.id, 'Elsewhere');
    const notFound = { error: { code: 'TASK_NOT_FOUND', message: 'Task not found' } };
    for (const taskId of ['missing', task.id]) {
      const url = `/api/shared-plans/${plan.id}/tasks/${taskId}`;
      const patched = await social.call(ada, 'PATCH', url, { completed: true });
      expect(patched.statusCode).toBe(404);
      expect(patched.json()).toEqual(notFound);
      const deleted = await social.call(bob, 'DELETE', url);
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual(notFound);
    }
    expect((await getPlan(ada, other.id)).tasks[0]?.completed).toBe(false);
  });

  it('refuses blank and empty task changes', async () => {
    const plan = await create(ada, { title: 'One', date: '2026-11-28', friendId: bob.id });
    const blank = await social.call(ada, 'POST', `/api/shared-plans/${plan.id}/tasks`, {
      title: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { message: MESSAGES.taskTitleRequired } });
    const task = await addTask(ada, plan.id, 'Real');
    const url = `/api/shared-plans/${plan.id}/tasks/${task.id}`;
    expect((await social.call(ada, 'PATCH', url, {})).statusCode).toBe(400);
    expect((await social.call(ada, 'PATCH', url, { completed: 'yes' })).statusCode).toBe(400);
    expect((await getPlan(ada, plan.id)).tasks).toEqual([task]);
  });

  it('lets either participant edit the plan, newest change first in the list', async () => {
    const older = await create(ada, { title: 'Older', date: '2026-11-28', friendId: bob.id });
    clock.advance(1000);
    const newer = await create(bob, { title: 'Newer', date: '2026-11-29', friendId: ada.id });
    expect((await plans(ada)).map((plan) => plan.id)).toEqual([newer.id, older.id]);

    clock.advance(1000);
    const edited = await social.call(bob, 'PATCH', `/api/shared-plans/${older.id}`, {
      title: ' Older, renamed ',
      description: 'Bring snacks',
      date: '2026-12-01',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Older, renamed',
      description: 'Bring snacks',
      date: '2026-12-01',
      updatedAt: clock.now().toISOString(),
      otherUser: { id: ada.id },
    });
    expect((await plans(ada)).map((plan) => plan.id)).toEqual([older.id, newer.id]);

    clock.advance(1000);
    await addTask(ada, newer.id, 'Task moves it up');
    expect((await plans(bob)).map((plan) => plan.id)).toEqual([newer.id, older.id]);

    for (const body of [{}, { title: ' ' }, { date: 'soon' }]) {
      expect(
        (await social.call(ada, 'PATCH', `/api/shared-plans/${older.id}`, body)).statusCode,
      ).toBe(400);
    }
    expect((await getPlan(ada, older.id)).title).toBe('Older, renamed');
  });

  it('lets either participant delete the plan for both, with its tasks', async () => {
    const plan = await create(ada, { title: 'Gone', date: '2026-11-28', friendId: bob.id });
    await addTask(ada, plan.id, 'One');
    const deleted = await social.call(bob, 'DELETE', `/api/shared-plans/${plan.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await plans(ada)).toEqual([]);
    expect((await social.call(ada, 'GET', `/api/shared-plans/${plan.id}`)).statusCode).toBe(404);
    expect(await ctx.database.db.selectFrom('shared_plan_tasks').selectAll().execute()).toEqual([]);
  });

  it('keeps every task when both participants add at the same moment', async () => {
    const plan = await create(ada, { title: 'Busy', date: '2026-11-28', friendId: bob.id });
    const rounds = 5;
    for (let round = 0; round < rounds; round += 1) {
      const responses = await Promise.all([
        social.call(ada, 'POST', `/api/shared-plans/${plan.id}/tasks`, { title: `Ada ${round}` }),
        social.call(bob, 'POST', `/api/shared-plans/${plan.id}/tasks`, { title: `Bob ${round}` }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    }
    const titles = (await getPlan(bob, plan.id)).tasks.map((task) => task.title);
    expect(titles).toHaveLength(rounds * 2);
    for (let round = 0; round < rounds; round += 1) {
      expect(titles).toContain(`Ada ${round}`);
      expect(titles).toContain(`Bob ${round}`);
    }
  });

  it('tells both participants about every change', async () => {
    const toBob: RealtimeEvent[] = [];
    const toAda: RealtimeEvent[] = [];
    ctx.app.realtime.subscribe(bob.id, (event) => toBob.push(event));
    ctx.app.realtime.subscribe(ada.id, (event) => toAda.push(event));

    const plan = await create(ada, { title: 'Live', date: '2026-11-28', friendId: bob.id });
    const task = await addTask(bob, plan.id, 'Task');
    await social.call(ada, 'PATCH', `/api/shared-plans/${plan.id}/tasks/${task.id}`, {
      completed: true,
    });
    await social.call(ada, 'PATCH', `/api/shared-plans/${plan.id}`, { title: 'Renamed' });
    await social.call(bob, 'DELETE', `/api/shared-plans/${plan.id}/tasks/${task.id}`);
    await social.call(bob, 'DELETE', `/api/shared-plans/${plan.id}`);

    const changed = { type: 'shared-plan.changed', planId: plan.id };
    const expected = [
      changed,
      changed,
      changed,
      changed,
      changed,
      { type: 'shared-plan.deleted', planId: plan.id },
    ];
    expect(toBob).toEqual(expected);
    expect(toAda).toEqual(expected);
  });

  it('needs a session and, for changes, our own Origin', async () => {
    expect((await social.call(null, 'GET', '/api/shared-plans')).statusCode).toBe(401);
    expect(
      (
        await social.call(null, 'POST', '/api/shared-plans', {
          title: 'Plan',
          date: '2026-11-28',
          friendId: bob.id,
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/shared-plans',
      payload: { title: 'Plan', date: '2026-11-28', friendId: bob.id },
      headers: { origin: 'https://elsewhere.example', cookie: ada.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await storedPlans()).toEqual([]);
  });
});
