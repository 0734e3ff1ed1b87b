import type { Plan, Review, ReviewRescheduled, Todo } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  type Created,
  friendsOnClock,
  type SocialClient,
  type TestClock,
  type TestUser,
} from '../../test/social-client';

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };

describe.each(ENGINES)('the end-of-day review on %s', (engine) => {
  // The clock starts on Saturday 21 November 2026, 09:00 UTC.
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, clock: TestClock;
  let created: Created;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, clock, created } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const call: SocialClient['call'] = (...args) => social.call(...args);
  const todo = (as: TestUser, title: string, dueDate: string | null, extra: object = {}) =>
    created<Todo>(as, '/api/todos', { title, dueDate, ...extra });
  const review = async (as: TestUser = ada) => {
    const response = await call(as, 'GET', '/api/review');
    expect(response.statusCode).toBe(200);
    return response.json<Review>();
  };
  const titles = (items: { title: string }[]) => items.map((item) => item.title).sort();

  /** Ada's day: done and open todos, a daily habit done today, a plan with a task of each. */
  async function adasDay() {
    const done = await todo(ada, 'Done today', '2026-11-21');
    await call(ada, 'PATCH', `/api/todos/${done.id}`, { completed: true });
    const undated = await todo(ada, 'Done without a date', null);
    await call(ada, 'PATCH', `/api/todos/${undated.id}`, { completed: true });
    const habit = await todo(ada, 'Stretch', '2026-11-21', {
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    await call(ada, 'PATCH', `/api/todos/${habit.id}`, { completed: true });
    const overdue = await todo(ada, 'Overdue', '2026-11-19');
    const dueToday = await todo(ada, 'Due today', '2026-11-21');
    const water = await todo(ada, 'Water plants', '2026-11-20', {
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    await todo(ada, 'Next week', '2026-11-28');
    const plan = await created<Plan>(ada, '/api/plans', {
      title: 'Saturday',
      tasks: [{ title: 'Write' }, { title: 'Read', priority: 'high' }],
    });
    const [write, read] = plan.tasks;
    await call(ada, 'PATCH', `/api/plans/${plan.id}/tasks/${write?.id}`, { completed: true });
    return { overdue, dueToday, water, plan, read: read! };
  }

  it('lists what was done today and what was not, with the completions, the streak and the focus', async () => {
    const { dueToday } = await adasDay();
    expect(
      (await call(ada, 'POST', '/api/focus/start', { todoId: dueToday.id, mode: 'stopwatch' }))
        .statusCode,
    ).toBe(200);
    clock.advance(25 * 60_000);
    expect((await call(ada, 'POST', '/api/focus/stop')).statusCode).toBe(204);
    const day = await review();
    expect(day.focusMinutes).toBe(25);
    expect(day.date).toBe('2026-11-21');
    expect(day.dayEnd).toBe('20:00');
    expect(titles(day.done.todos)).toEqual(['Done today', 'Done without a date', 'Stretch']);
    expect(titles(day.done.tasks)).toEqual(['Write']);
    expect(titles(day.open.todos)).toEqual(['Due today', 'Overdue', 'Water plants']);
    expect(day.open.tasks).toMatchObject([{ title: 'Read', carriedTo: null, dropped: false }]);
    expect(day.completions).toBe(4);
    expect(day.streak).toBe(1);
    // Bob's day is his own.
    expect(await review(bob)).toMatchObject({
      done: { todos: [], tasks: [] },
      open: { todos: [], tasks: [] },
      completions: 0,
      focusMinutes: 0,
    });
  });

  it('moves every unfinished item to tomorrow in one request, and Undo puts them back', async () => {
    const { overdue, dueToday, water, read } = await adasDay();
    const before = await review();
    const moved = await call(ada, 'POST', '/api/review/reschedule', {
      to: '2026-11-22',
      todoIds: before.open.todos.map((item) => item.id),
      taskIds: before.open.tasks.map((item) => item.id),
    });
    expect(moved.statusCode).toBe(200);
    const { undo } = moved.json<ReviewRescheduled>();
    expect(moved.json()).toMatchObject({ moved: 4 });

    const after = await review();
    expect(after.open.todos).toEqual([]);
    // The task stays unfinished in today's record, carried to tomorrow as a todo.
    expect(after.open.tasks).toMatchObject([{ id: read.id, carriedTo: '2026-11-22' }]);
    const tomorrow = (await call(ada, 'GET', '/api/agenda/upcoming')).json<{
      days: { date: string; todos: Todo[] }[];
    }>().days[0];
    // Stretch, done today, was due tomorrow already.
    expect(titles(tomorrow?.todos ?? [])).toEqual([
      'Due today',
      'Overdue',
      'Read',
      'Stretch',
      'Water plants',
    ]);
    expect(tomorrow?.todos.find((item) => item.title === 'Read')?.priority).toBe('high');
    expect(after.streak).toBe(before.streak);

    expect((await call(ada, 'POST', '/api/review/undo', undo)).json()).toEqual({ restored: 4 });
    const restored = await review();
    expect(restored.open.tasks).toEqual(before.open.tasks);
    const dues = Object.fromEntries(restored.open.todos.map((item) => [item.id, item.dueDate]));
    expect(dues).toEqual({
      [overdue.id]: '2026-11-19',
      [dueToday.id]: '2026-11-21',
      [water.id]: '2026-11-20',
    });
    const all = (await call(ada, 'GET', '/api/todos?status=pending')).json<{ items: Todo[] }>();
    expect(all.items.map((item) => item.title)).not.toContain('Read');
  });

  it('drops: a todo loses its due date, a repeating one skips this occurrence, a task is let go', async () => {
    const { overdue, water, read } = await adasDay();
    const dropped = await call(ada, 'POST', '/api/review/reschedule', {
      to: null,
      todoIds: [overdue.id, water.id],
      taskIds: [read.id],
    });
    expect(dropped.statusCode).toBe(200);
    const todos = (await call(ada, 'GET', '/api/todos?status=pending')).json<{ items: Todo[] }>();
    const byId = new Map(todos.items.map((item) => [item.id, item]));
    expect(byId.get(overdue.id)?.dueDate).toBeNull();
    expect(byId.get(water.id)?.dueDate).toBe('2026-11-21');
    const day = await review();
    expect(day.open.tasks).toMatchObject([{ id: read.id, carriedTo: null, dropped: true }]);
    // A skip is not a completion.
    expect(day.completions).toBe(4);

    const { undo } = dropped.json<ReviewRescheduled>();
    expect((await call(ada, 'POST', '/api/review/undo', undo)).statusCode).toBe(200);
    const again = await review();
    expect(again.open.tasks).toMatchObject([{ id: read.id, dropped: false }]);
    expect(again.open.todos.find((item) => item.id === water.id)?.dueDate).toBe('2026-11-20');
  });

  it('refuses what is wrong with a clear 4xx and changes nothing', async () => {
    const { overdue, read } = await adasDay();
    const other = await todo(bob, 'Bob’s', '2026-11-20');
    const before = await review();
    const refusals: [object, number, string][] = [
      [{ to: '2026-11-20', todoIds: [overdue.id], taskIds: [] }, 400, 'to'],
      [{ to: '2026-11-22', todoIds: [], taskIds: [] }, 400, 'todoIds'],
      [{ to: 'tomorrow', todoIds: [overdue.id], taskIds: [] }, 400, 'to'],
      [{ to: '2026-11-22', todoIds: [overdue.id, other.id], taskIds: [] }, 404, ''],
      [{ to: '2026-11-22', todoIds: [overdue.id], taskIds: ['missing'] }, 404, ''],
      [{ to: '2026-11-22', todoIds: Array(501).fill(overdue.id), taskIds: [] }, 400, 'todoIds'],
    ];
    for (const [body, status, field] of refusals) {
      const response = await call(ada, 'POST', '/api/review/reschedule', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (field) {
        expect(Object.keys(response.json<ErrorBody>().error.fields ?? {})).toContain(field);
      }
    }
    // A task of another day's plan is not today's to move.
    const later = await created<Plan>(ada, '/api/plans', {
      title: 'Later',
      planDate: '2026-11-23',
      tasks: [{ title: 'Later task' }],
    });
    const notToday = await call(ada, 'POST', '/api/review/reschedule', {
      to: '2026-11-24',
      todoIds: [],
      taskIds: [later.tasks[0]?.id, read.id],
    });
    expect(notToday.statusCode).toBe(400);
    expect(notToday.json<ErrorBody>().error.message).toBe(
      "Only today's unfinished plan tasks can be moved or dropped",
    );
    expect((await review()).open).toEqual(before.open);
    // Bob's todo is not Ada's to restore either.
    const undo = { todos: [{ id: other.id, dueDate: null, skipped: false }], taskIds: [] };
    expect((await call(ada, 'POST', '/api/review/undo', undo)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/todos?status=pending')).json()).toMatchObject({
      items: [{ id: other.id, dueDate: '2026-11-20' }],
    });
  });
});
