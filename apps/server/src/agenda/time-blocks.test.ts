import { BLOCK_MESSAGES } from '@daywise/shared';
import type { CalendarFeed, CalendarRange, Plan, Todo } from '@daywise/shared/schemas';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { sendAs } from '../../test/signed-in';
import {
  type Created,
  friendsOnClock,
  type SocialClient,
  type TestUser,
} from '../../test/social-client';

/** Time blocks on plan tasks and todos (issue 33, ADR 0031 "Time blocks"). */
describe.each(ENGINES)('time blocks on %s', (engine) => {
  // The clock starts on Saturday 21 November 2026, 09:00 UTC.
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, created: Created;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, created } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const plan = (as: TestUser, tasks: object[], planDate = '2026-11-21') =>
    created<Plan>(as, '/api/plans', { title: 'Saturday', planDate, tasks });
  const todo = (as: TestUser, body: object) =>
    created<Todo>(as, '/api/todos', { title: 'Write', ...body });
  const patchTask = (as: TestUser, planId: string, taskId: string, body: object) =>
    social.call(as, 'PATCH', `/api/plans/${planId}/tasks/${taskId}`, body);
  const getPlan = async (as: TestUser, id: string) =>
    (await social.call(as, 'GET', `/api/plans/${id}`)).json<Plan>();
  const getTodo = async (as: TestUser, id: string) =>
    (await social.call(as, 'GET', '/api/todos?limit=100'))
      .json<{ items: Todo[] }>()
      .items.find((item) => item.id === id);
  const refusal = (response: { statusCode: number; json: <T>() => T }) => ({
    status: response.statusCode,
    fields: response.json<{ error: { fields?: Record<string, string> } }>().error.fields,
  });

  it('gives a plan task a block, moves, resizes and clears it', async () => {
    const made = await plan(ada, [
      { title: 'Deep work', blockStart: '09:00', blockMinutes: 90 },
      { title: 'Emails' },
    ]);
    const [deep, emails] = made.tasks;
    expect(deep).toMatchObject({ blockStart: '09:00', blockMinutes: 90 });
    expect(emails).toMatchObject({ blockStart: null, blockMinutes: null });

    const moved = await patchTask(ada, made.id, deep?.id ?? '', { blockStart: '10:15' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Plan>().tasks[0]).toMatchObject({ blockStart: '10:15', blockMinutes: 90 });
    await patchTask(ada, made.id, emails?.id ?? '', { blockStart: '13:00', blockMinutes: 30 });
    await patchTask(ada, made.id, emails?.id ?? '', { blockMinutes: 45 });
    expect((await getPlan(ada, made.id)).tasks[1]).toMatchObject({
      blockStart: '13:00',
      blockMinutes: 45,
    });

    await patchTask(ada, made.id, emails?.id ?? '', { blockStart: null });
    expect((await getPlan(ada, made.id)).tasks[1]).toMatchObject({
      blockStart: null,
      blockMinutes: null,
    });

    // Editing the plan without the blocks keeps them.
    const edited = await sendAs(ctx, ada.cookie, 'PUT', `/api/plans/${made.id}`, {
      title: 'Saturday!',
      tasks: [{ id: deep?.id, title: 'Deep work' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Plan>().tasks[0]).toMatchObject({ blockStart: '10:15', blockMinutes: 90 });
  });

  it('refuses a wrong block with a 400 naming the field, changing nothing', async () => {
    const made = await plan(ada, [{ title: 'Deep work', blockStart: '22:00', blockMinutes: 60 }]);
    const taskId = made.tasks[0]?.id ?? '';
    const cases: [object, string, string?][] = [
      // A 30-hour block.
      [{ blockMinutes: 1800 }, 'blockMinutes', BLOCK_MESSAGES.minutesInvalid],
      [{ blockMinutes: 4 }, 'blockMinutes', BLOCK_MESSAGES.minutesInvalid],
      [{ blockMinutes: 12.5 }, 'blockMinutes', BLOCK_MESSAGES.minutesInvalid],
      [{ blockStart: '24:00' }, 'blockStart', BLOCK_MESSAGES.startInvalid],
      [{ blockStart: '9:00' }, 'blockStart', BLOCK_MESSAGES.startInvalid],
      // 22:00 for 2 hours and 23:30 for the kept 60 minutes end after midnight.
      [{ blockMinutes: 121 }, 'blockMinutes', BLOCK_MESSAGES.endsAfterMidnight],
      [{ blockStart: '23:30' }, 'blockMinutes', BLOCK_MESSAGES.endsAfterMidnight],
      [{ blockStart: null, blockMinutes: 30 }, 'blockStart', BLOCK_MESSAGES.needsStart],
    ];
    for (const [body, field, message] of cases) {
      const response = await patchTask(ada, made.id, taskId, body);
      expect(refusal(response), JSON.stringify(body)).toEqual({
        status: 400,
        fields: { [field]: message },
      });
    }
    expect((await getPlan(ada, made.id)).tasks[0]).toMatchObject({
      blockStart: '22:00',
      blockMinutes: 60,
    });

    // The plan form sends a block whole and ending by midnight.
    for (const [task, field] of [
      [{ blockStart: '09:00' }, 'tasks.0.blockMinutes'],
      [{ blockStart: '20:00', blockMinutes: 300 }, 'tasks.0.blockMinutes'],
    ] as const) {
      const response = await social.call(ada, 'POST', '/api/plans', {
        title: 'Sunday',
        planDate: '2026-11-22',
        tasks: [{ title: 'Run', ...task }],
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(refusal(response).fields ?? {})).toEqual([field]);
    }
    const sunday = await social.call(ada, 'GET', '/api/plans/by-date/2026-11-22');
    expect(sunday.json<{ plan: Plan | null }>().plan).toBeNull();
  });

  it('answers 404 for another user’s task or todo, and leaves it as it was', async () => {
    const made = await plan(ada, [{ title: 'Deep work', blockStart: '09:00', blockMinutes: 60 }]);
    const task = await patchTask(bob, made.id, made.tasks[0]?.id ?? '', { blockStart: '11:00' });
    expect(task.statusCode).toBe(404);
    const write = await todo(ada, {
      blockDate: '2026-11-23',
      blockStart: '08:00',
      blockMinutes: 30,
    });
    const other = await social.call(bob, 'PATCH', `/api/todos/${write.id}`, {
      blockStart: '12:00',
    });
    expect(other.statusCode).toBe(404);
    expect((await getPlan(ada, made.id)).tasks[0]?.blockStart).toBe('09:00');
    expect((await getTodo(ada, write.id))?.blockStart).toBe('08:00');
  });

  it('gives a todo a block on its own day, keeping its due date', async () => {
    const write = await todo(ada, {
      dueDate: '2026-11-27',
      blockDate: '2026-11-23',
      blockStart: '08:00',
      blockMinutes: 30,
    });
    expect(write).toMatchObject({
      dueDate: '2026-11-27',
      blockDate: '2026-11-23',
      blockStart: '08:00',
      blockMinutes: 30,
    });
    const moved = await social.call(ada, 'PATCH', `/api/todos/${write.id}`, {
      blockDate: '2026-11-24',
      blockStart: '16:45',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Todo>()).toMatchObject({
      dueDate: '2026-11-27',
      blockDate: '2026-11-24',
      blockStart: '16:45',
      blockMinutes: 30,
    });

    const refused: [object, string, string][] = [
      [{ blockMinutes: 30 * 60 }, 'blockMinutes', BLOCK_MESSAGES.minutesInvalid],
      [{ blockStart: '23:45' }, 'blockMinutes', BLOCK_MESSAGES.endsAfterMidnight],
      [{ blockDate: null, blockStart: '10:00' }, 'blockDate', BLOCK_MESSAGES.needsDate],
      [{ blockDate: '2026-02-30' }, 'blockDate', 'Please enter a valid date'],
    ];
    for (const [body, field, message] of refused) {
      const response = await social.call(ada, 'PATCH', `/api/todos/${write.id}`, body);
      expect(refusal(response), JSON.stringify(body)).toEqual({
        status: 400,
        fields: { [field]: message },
      });
    }
    expect(await getTodo(ada, write.id)).toMatchObject({
      blockDate: '2026-11-24',
      blockStart: '16:45',
      blockMinutes: 30,
    });

    // A block needs its day; a new todo without one is refused and not made.
    const dayless = await social.call(ada, 'POST', '/api/todos', {
      title: 'Dayless',
      blockStart: '09:00',
      blockMinutes: 30,
    });
    expect(refusal(dayless)).toEqual({
      status: 400,
      fields: { blockDate: BLOCK_MESSAGES.needsDate },
    });
    const titles = (await social.call(ada, 'GET', '/api/todos?limit=100'))
      .json<{ items: Todo[] }>()
      .items.map((item) => item.title);
    expect(titles).toEqual(['Write']);

    const cleared = await social.call(ada, 'PATCH', `/api/todos/${write.id}`, { blockDate: null });
    expect(cleared.json<Todo>()).toMatchObject({
      dueDate: '2026-11-27',
      blockDate: null,
      blockStart: null,
      blockMinutes: null,
    });
  });

  it('lists the range’s blocks in the calendar, todos by their block day, no one else’s', async () => {
    const made = await plan(
      ada,
      [{ title: 'Deep work', blockStart: '09:00', blockMinutes: 90 }, { title: 'No block' }],
      '2026-11-23',
    );
    const write = await todo(ada, {
      dueDate: '2026-12-31',
      blockDate: '2026-11-24',
      blockStart: '07:30',
      blockMinutes: 45,
    });
    await todo(ada, {
      title: 'Later',
      blockDate: '2026-12-01',
      blockStart: '07:30',
      blockMinutes: 45,
    });
    await todo(bob, {
      title: 'Bob’s',
      blockDate: '2026-11-24',
      blockStart: '07:30',
      blockMinutes: 45,
    });

    const response = await social.call(
      ada,
      'GET',
      '/api/agenda/calendar?from=2026-11-23&to=2026-11-29',
    );
    expect(response.statusCode).toBe(200);
    const range = response.json<CalendarRange>();
    expect(range.blocks).toEqual([
      {
        kind: 'task',
        id: made.tasks[0]?.id,
        title: 'Deep work',
        priority: 'medium',
        completed: false,
        date: '2026-11-23',
        start: '09:00',
        minutes: 90,
        planId: made.id,
        tagColor: null,
      },
      {
        kind: 'todo',
        id: write.id,
        title: 'Write',
        priority: 'medium',
        completed: false,
        date: '2026-11-24',
        start: '07:30',
        minutes: 45,
        planId: null,
        tagColor: null,
      },
    ]);
    // Due outside the range, the todo is not among the range's todos; its block is.
    expect(range.todos).toEqual([]);
  });

  it('puts each block in the calendar feed as a timed event beside the todos', async () => {
    const zone = { group: 'preferences', key: 'timezone', value: 'Europe/Paris' };
    expect((await social.call(ada, 'PATCH', '/api/settings', zone)).statusCode).toBe(200);
    const made = await plan(ada, [{ title: 'Deep work', blockStart: '09:00', blockMinutes: 90 }]);
    const write = await todo(ada, {
      dueDate: '2026-11-27',
      blockDate: '2026-11-24',
      blockStart: '23:00',
      blockMinutes: 60,
    });
    const rotated = await social.call(ada, 'POST', '/api/calendar-feed/rotate');
    const url = new URL(rotated.json<CalendarFeed>().url ?? '');
    const feed = await ctx.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);

    const events = new Map(
      ICAL.Component.fromString(feed.body)
        .getAllSubcomponents('vevent')
        .map((component) => {
          const event = new ICAL.Event(component);
          return [
            event.uid,
            {
              summary: event.summary,
              start: event.startDate.toJSDate().toISOString(),
              end: event.endDate.toJSDate().toISOString(),
              allDay: event.startDate.isDate,
            },
          ];
        }),
    );
    // 09:00 in Paris is 08:00 UTC; 23:00 to midnight is 22:00 to 23:00 UTC.
    expect(events.get(`block-task-${made.tasks[0]?.id}@daywise.test`)).toEqual({
      summary: 'Deep work',
      start: '2026-11-21T08:00:00.000Z',
      end: '2026-11-21T09:30:00.000Z',
      allDay: false,
    });
    expect(events.get(`block-todo-${write.id}@daywise.test`)).toEqual({
      summary: 'Write',
      start: '2026-11-24T22:00:00.000Z',
      end: '2026-11-24T23:00:00.000Z',
      allDay: false,
    });
    // The todo itself stays an all-day event on its due date.
    expect(events.get(`todo-${write.id}@daywise.test`)).toMatchObject({ allDay: true });
  });
});
