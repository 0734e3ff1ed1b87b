import type { CalendarRange, Plan, SharedPlan, Todo } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  type Created,
  friendsOnClock,
  type SocialClient,
  type TestClock,
  type TestUser,
} from '../../test/social-client';

describe.each(ENGINES)('the calendar on %s', (engine) => {
  // The clock starts on Saturday 21 November 2026, 09:00 UTC.
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, clock: TestClock;
  let created: Created;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, clock, created } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const todo = (as: TestUser, title: string, dueDate: string | null, extra: object = {}) =>
    created<Todo>(as, '/api/todos', { title, dueDate, ...extra });
  const weekly = (rule: string, from = 'due') => ({ repeat: { rule, from } });
  const calendar = async (as: TestUser, from: string, to: string) => {
    const response = await social.call(as, 'GET', `/api/agenda/calendar?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    return response.json<CalendarRange>();
  };
  const placed = (range: CalendarRange) => [
    ...range.todos.map((item) => `${item.dueDate} ${item.title}${item.completed ? ' (done)' : ''}`),
    ...range.repeats.flatMap(({ todo: item, dates }) =>
      dates.map((date) => `${date} ${item.title} (repeat)`),
    ),
  ];

  it('shows the todos due in the range, open and done, and no one else’s', async () => {
    await todo(ada, 'Before', '2026-11-29');
    await todo(ada, 'First day', '2026-11-30');
    const done = await todo(ada, 'Done last', '2027-01-10');
    await social.call(ada, 'PATCH', `/api/todos/${done.id}`, { completed: true });
    await todo(ada, 'After', '2027-01-11');
    await todo(ada, 'No date', null);
    await todo(bob, 'Bob’s', '2026-12-01');

    expect(placed(await calendar(ada, '2026-11-30', '2027-01-10'))).toEqual([
      '2026-11-30 First day',
      '2027-01-10 Done last (done)',
    ]);
  });

  it('projects a repeating todo’s later occurrences, a year ahead as well, without rows', async () => {
    const gym = await todo(ada, 'Gym', '2026-11-23', weekly('FREQ=WEEKLY;BYDAY=MO,FR'));
    await todo(ada, 'From completion', '2026-11-23', weekly('FREQ=DAILY', 'completion'));

    const month = await calendar(ada, '2026-11-23', '2026-12-06');
    expect(placed(month)).toEqual([
      '2026-11-23 Gym',
      '2026-11-23 From completion',
      '2026-11-27 Gym (repeat)',
      '2026-11-30 Gym (repeat)',
      '2026-12-04 Gym (repeat)',
    ]);
    expect(month.repeats[0]?.todo).toMatchObject({ id: gym.id, dueDate: '2026-11-23' });

    expect(placed(await calendar(ada, '2027-11-22', '2027-11-28'))).toEqual([
      '2027-11-22 Gym (repeat)',
      '2027-11-26 Gym (repeat)',
    ]);
    const rows = await social.call(ada, 'GET', '/api/todos?q=Gym');
    expect(rows.json<{ items: Todo[] }>().items).toHaveLength(1);
  });

  it('stops a counted series where its count ends, counting what was done or skipped', async () => {
    const three = await todo(ada, 'Three times', '2026-11-23', weekly('FREQ=WEEKLY;COUNT=3'));
    expect(placed(await calendar(ada, '2026-11-23', '2027-01-03'))).toEqual([
      '2026-11-23 Three times',
      '2026-11-30 Three times (repeat)',
      '2026-12-07 Three times (repeat)',
    ]);
    // One before the range uses up the count too.
    expect(placed(await calendar(ada, '2026-12-01', '2027-01-03'))).toEqual([
      '2026-12-07 Three times (repeat)',
    ]);

    expect((await social.call(ada, 'POST', `/api/todos/${three.id}/skip`)).statusCode).toBe(200);
    expect(placed(await calendar(ada, '2026-11-23', '2027-01-03'))).toEqual([
      '2026-11-30 Three times',
      '2026-12-07 Three times (repeat)',
    ]);
  });

  it('shows the plan tasks and shared-plan tasks dated in the range, done too, and days off', async () => {
    const plan = await created<Plan>(ada, '/api/plans', {
      title: 'Monday',
      planDate: '2026-11-23',
      tasks: [{ title: 'Write' }, { title: 'Read' }],
    });
    const write = plan.tasks[0];
    await social.call(ada, 'PATCH', `/api/plans/${plan.id}/tasks/${write?.id}`, {
      completed: true,
    });
    await created<Plan>(ada, '/api/plans', {
      title: 'Later',
      planDate: '2027-02-01',
      tasks: [{ title: 'Outside' }],
    });
    const shared = await created<SharedPlan>(bob, '/api/shared-plans', {
      title: 'Together',
      date: '2026-11-25',
      friendId: ada.id,
    });
    await created(bob, `/api/shared-plans/${shared.id}/tasks`, { title: 'Hike' });
    await created(ada, '/api/days-off', { startDate: '2026-11-20', endDate: '2026-11-24' });
    // Read days later: what was done is shown on its day, not only on the day it was done.
    clock.advance(5 * 24 * 3600_000);

    const range = await calendar(ada, '2026-11-23', '2026-11-29');
    expect(range.planTasks.map((task) => `${task.date} ${task.title} ${task.completed}`)).toEqual([
      '2026-11-23 Write true',
      '2026-11-23 Read false',
    ]);
    expect(range.sharedTasks).toMatchObject([
      { date: '2026-11-25', title: 'Hike', otherUser: { id: bob.id } },
    ]);
    expect(range.daysOff).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('refuses a range it cannot show with a clear 400', async () => {
    const refused = async (query: string, message: RegExp) => {
      const response = await social.call(ada, 'GET', `/api/agenda/calendar?${query}`);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toMatch(message);
    };
    await refused('from=2026-12-10&to=2026-12-01', /on or after the first/);
    await refused('from=2026-11-01&to=2026-12-13', /at most 42 days/);
    await refused('from=2026-02-30&to=2026-03-01', /valid date/);
    await refused('from=2026-11-01', /to/);
    await refused('from=2026-11-01&to=2026-11-02&list=inbox', /list/);
    expect((await calendar(ada, '2026-11-01', '2026-12-12')).from).toBe('2026-11-01');
    expect(
      (await ctx.app.inject({ url: '/api/agenda/calendar?from=2026-11-01&to=2026-11-02' }))
        .statusCode,
    ).toBe(401);
  });
});
