import type { Plan, Tag } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs, type TestClock } from '../../test/signed-in';

describe.each(ENGINES)('daily plans and tags on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;
  let clock: TestClock;

  // From Saturday 21 November 2026, 09:00 UTC.
  eachSignedIn(engine, (app) => ({ ctx, api, cookie, clock } = app));

  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as = cookie,
  ) => sendAs(ctx, as, method, url, payload);
  const createTag = async (name: string, color?: string) => {
    const response = await send('POST', '/api/tags', { name, ...(color ? { color } : {}) });
    expect(response.statusCode).toBe(201);
    return response.json<Tag>();
  };
  const today = async (as = cookie) =>
    (await api.get('/api/plans/today', as)).json<{ plan: Plan | null }>().plan;
  const createPlan = async (body: object) => {
    const response = await send('POST', '/api/plans', body);
    expect(response.statusCode).toBe(201);
    return response.json<Plan>();
  };
  const morning = () =>
    createPlan({
      title: ' Deep work Saturday ',
      tasks: [
        { title: ' Write chapter ', tag: 'work', priority: 'high', reminderTime: '10:00' },
        { title: 'Review notes', tag: 'Work' },
        { title: 'Run 5k', tag: 'Health', description: 'Easy pace' },
        { title: 'Call grandma' },
      ],
    });

  it('creates today’s plan with ordered tasks, tag colours and a completion record', async () => {
    await createTag('Work', '#ef4444');
    await createTag('Health');
    expect(await today()).toBeNull();
    const plan = await morning();
    expect(plan).toMatchObject({
      title: 'Deep work Saturday',
      description: '',
      planDate: '2026-11-21',
    });
    expect(plan.tasks.map((task) => [task.title, task.tag, task.tagColor, task.priority])).toEqual([
      ['Write chapter', 'work', '#EF4444', 'high'],
      ['Review notes', 'Work', '#EF4444', 'medium'],
      ['Run 5k', 'Health', '#3B82F6', 'medium'],
      ['Call grandma', null, null, 'medium'],
    ]);
    expect(plan.completion).toEqual({
      date: '2026-11-21',
      totalTasks: 4,
      completedTasks: 0,
      completionPercentage: 0,
      tagStats: [
        { tag: 'Health', color: '#3B82F6', total: 1, completed: 0, percentage: 0 },
        { tag: 'Work', color: '#EF4444', total: 1, completed: 0, percentage: 0 },
        { tag: 'work', color: '#EF4444', total: 1, completed: 0, percentage: 0 },
      ],
    });
    expect((await today())?.id).toBe(plan.id);

    // One plan per user per date.
    const again = await send('POST', '/api/plans', { title: 'Second', tasks: [{ title: 'x' }] });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a plan without a title or tasks, and a task without a title', async () => {
    const cases: [object, string, string][] = [
      [{ title: '  ', tasks: [{ title: 'a' }] }, 'title', 'Plan title is required'],
      [{ title: 'Plan', tasks: [] }, 'tasks', 'At least one task is required'],
      [{ title: 'Plan', tasks: [{ title: ' ' }] }, 'tasks.0.title', 'Task title is required'],
      [
        { title: 'Plan', tasks: [{ title: 'a', reminderTime: '25:00' }] },
        'tasks.0.reminderTime',
        'Please enter a valid time in HH:MM format',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('POST', '/api/plans', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { [field]: message } } });
    }
    expect(await today()).toBeNull();
  });

  it('ticking tasks keeps the completion record right, and reset un-ticks the day', async () => {
    await createTag('Work');
    const plan = await morning();
    const [write, review, run] = plan.tasks;
    const tick = async (taskId: string, completed: boolean) => {
      const response = await send('PATCH', `/api/plans/${plan.id}/tasks/${taskId}`, { completed });
      expect(response.statusCode).toBe(200);
      return response.json<Plan>();
    };
    let after = await tick(write?.id ?? '', true);
    expect(after.tasks[0]).toMatchObject({
      completed: true,
      completedAt: clock.now().toISOString(),
    });
    after = await tick(run?.id ?? '', true);
    expect(after.completion).toMatchObject({
      totalTasks: 4,
      completedTasks: 2,
      completionPercentage: 50,
    });
    expect(after.completion.tagStats.find((stat) => stat.tag === 'Health')).toMatchObject({
      completed: 1,
      percentage: 100,
    });
    after = await tick(write?.id ?? '', false);
    expect(after.tasks[0]).toMatchObject({ completed: false, completedAt: null });
    expect(after.completion.completedTasks).toBe(1);

    // Deleting a task recounts the day.
    const deleted = await send('DELETE', `/api/plans/${plan.id}/tasks/${review?.id}`);
    expect(deleted.json<Plan>().completion).toMatchObject({
      totalTasks: 3,
      completedTasks: 1,
      completionPercentage: 33,
    });

    await tick(write?.id ?? '', true);
    const reset = await send('POST', `/api/plans/${plan.id}/reset`);
    expect(reset.json<Plan>().tasks.every((task) => !task.completed)).toBe(true);
    expect(reset.json<Plan>().completion.completedTasks).toBe(0);
  });

  it('sets and removes a task reminder', async () => {
    const plan = await morning();
    const taskId = plan.tasks[3]?.id ?? '';
    const set = await send('PATCH', `/api/plans/${plan.id}/tasks/${taskId}`, {
      reminderTime: '17:45',
    });
    expect(set.json<Plan>().tasks[3]?.reminderTime).toBe('17:45');
    const bad = await send('PATCH', `/api/plans/${plan.id}/tasks/${taskId}`, {
      reminderTime: '5pm',
    });
    expect(bad.statusCode).toBe(400);
    const removed = await send('PATCH', `/api/plans/${plan.id}/tasks/${taskId}`, {
      reminderTime: null,
    });
    expect(removed.json<Plan>().tasks[3]?.reminderTime).toBeNull();
  });

  it('edits a plan: kept tasks keep their ticks, new ones are added, missing ones go', async () => {
    const plan = await morning();
    const [write, , run] = plan.tasks;
    await send('PATCH', `/api/plans/${plan.id}/tasks/${write?.id}`, { completed: true });
    const response = await send('PUT', `/api/plans/${plan.id}`, {
      title: 'Lighter Saturday',
      description: 'Rest too',
      tasks: [
        { id: run?.id, title: 'Run 3k', tag: 'Health' },
        { id: write?.id, title: 'Write chapter', tag: 'work' },
        { title: 'Nap' },
        { id: 'not-a-task-of-this-plan', title: 'Stray' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<Plan>();
    expect(edited).toMatchObject({ title: 'Lighter Saturday', description: 'Rest too' });
    expect(edited.tasks.map((task) => [task.title, task.completed])).toEqual([
      ['Run 3k', false],
      ['Write chapter', true],
      ['Nap', false],
      ['Stray', false],
    ]);
    expect(edited.tasks[0]?.id).toBe(run?.id);
    expect(edited.completion).toMatchObject({ totalTasks: 4, completedTasks: 1 });

    expect((await send('DELETE', `/api/plans/${plan.id}`)).statusCode).toBe(204);
    expect(await today()).toBeNull();
    expect((await api.get(`/api/plans/${plan.id}`, cookie)).statusCode).toBe(404);
  });

  it('plans for another day; "today" follows the user’s time zone', async () => {
    const tomorrow = await createPlan({
      title: 'Sunday',
      planDate: '2026-11-22',
      tasks: [{ title: 'Brunch' }],
    });
    expect(tomorrow.planDate).toBe('2026-11-22');
    expect(await today()).toBeNull();
    await send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Pacific/Kiritimati',
    });
    // 09:00 UTC is 23:00 on the 21st in Kiritimati; an hour later it is Sunday there.
    clock.advance(60 * 60 * 1000);
    expect((await today())?.id).toBe(tomorrow.id);
  });

  it('keeps tags by name: ordered, unique whatever the case, renames reach today’s tasks', async () => {
    const work = await createTag('  Work ');
    await createTag('errands', '#10b981');
    await createTag('Health');
    expect(work).toMatchObject({ name: 'Work', color: '#3B82F6' });
    expect((await api.get('/api/tags', cookie)).json<Tag[]>().map((tag) => tag.name)).toEqual([
      'errands',
      'Health',
      'Work',
    ]);
    const duplicate = await send('POST', '/api/tags', { name: 'WORK' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'You already have a tag with this name' },
    });
    expect((await send('POST', '/api/tags', { name: 'work' })).statusCode).toBe(409);
    expect((await send('POST', '/api/tags', { name: ' ' })).statusCode).toBe(400);
    expect((await send('POST', '/api/tags', { name: 'X', color: 'red' })).statusCode).toBe(400);

    // Yesterday's plan, made yesterday.
    clock.advance(-24 * 60 * 60 * 1000);
    const past = await createPlan({ title: 'Yesterday', tasks: [{ title: 'Old', tag: 'Work' }] });
    clock.advance(24 * 60 * 60 * 1000);
    const plan = await createPlan({ title: 'Today', tasks: [{ title: 'New', tag: 'work' }] });
    const renamed = await send('PATCH', `/api/tags/${work.id}`, {
      name: 'Office',
      color: '#8b5cf6',
    });
    expect(renamed.json<Tag>()).toMatchObject({ name: 'Office', color: '#8B5CF6' });
    const current = (await api.get(`/api/plans/${plan.id}`, cookie)).json<Plan>();
    expect(current.tasks[0]).toMatchObject({ tag: 'Office', tagColor: '#8B5CF6' });
    expect(current.completion.tagStats).toEqual([
      { tag: 'Office', color: '#8B5CF6', total: 1, completed: 0, percentage: 0 },
    ]);
    const history = (await api.get(`/api/plans/${past.id}`, cookie)).json<Plan>();
    expect(history.tasks[0]).toMatchObject({ tag: 'Work', tagColor: '#3B82F6' });
    expect((await send('PATCH', `/api/tags/${work.id}`, { name: 'Health' })).statusCode).toBe(409);

    expect((await send('DELETE', `/api/tags/${work.id}`)).statusCode).toBe(204);
    expect((await api.get('/api/tags', cookie)).json<Tag[]>()).toHaveLength(2);
    // Tasks keep the name and colour of a deleted tag.
    const kept = (await api.get(`/api/plans/${plan.id}`, cookie)).json<Plan>();
    expect(kept.tasks[0]).toMatchObject({ tag: 'Office', tagColor: '#8B5CF6' });
  });

  it('answers 404 for another user’s plan, task or tag on every verb, and 401 without a session', async () => {
    const tag = await createTag('Mine');
    const plan = await morning();
    const taskId = plan.tasks[0]?.id ?? '';
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    const attempts = [
      await api.get(`/api/plans/${plan.id}`, grace),
      await send('PUT', `/api/plans/${plan.id}`, { title: 'x', tasks: [{ title: 'y' }] }, grace),
      await send('DELETE', `/api/plans/${plan.id}`, undefined, grace),
      await send('POST', `/api/plans/${plan.id}/reset`, undefined, grace),
      await send('PATCH', `/api/plans/${plan.id}/tasks/${taskId}`, { completed: true }, grace),
      await send('DELETE', `/api/plans/${plan.id}/tasks/${taskId}`, undefined, grace),
      await send('PATCH', `/api/tags/${tag.id}`, { name: 'Theirs' }, grace),
      await send('DELETE', `/api/tags/${tag.id}`, undefined, grace),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([
      404, 404, 404, 404, 404, 404, 404, 404,
    ]);
    expect(await today(grace)).toBeNull();
    expect((await api.get('/api/tags', grace)).json()).toEqual([]);
    // A task id of one plan used under another plan of the same user is not found either.
    const other = await createPlan({
      title: 'Other',
      planDate: '2026-11-23',
      tasks: [{ title: 'z' }],
    });
    expect(
      (await send('PATCH', `/api/plans/${other.id}/tasks/${taskId}`, { completed: true }))
        .statusCode,
    ).toBe(404);
    expect((await api.get('/api/plans/today')).statusCode).toBe(401);
    expect((await api.get('/api/tags')).statusCode).toBe(401);

    const mine = (await api.get(`/api/plans/${plan.id}`, cookie)).json<Plan>();
    expect(mine.tasks.every((task) => !task.completed)).toBe(true);
    expect((await api.get('/api/tags', cookie)).json<Tag[]>()[0]?.name).toBe('Mine');
  });

  it('goes with the account when it is deleted', async () => {
    await createTag('Work');
    await morning();
    const deleted = await send('DELETE', '/api/account');
    expect(deleted.statusCode).toBe(200);
    const db = ctx.database.db;
    for (const table of ['daily_plans', 'daily_tasks', 'daily_completions', 'user_tags'] as const) {
      const { count } = await db
        .selectFrom(table)
        .select(db.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count), table).toBe(0);
    }
  });
});
