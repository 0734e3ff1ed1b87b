import type {
  AgendaCounts,
  AgendaToday,
  AgendaUpcoming,
  Plan,
  SharedPlan,
  SharedPlanTask,
  Todo,
} from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  type Created,
  friendsOnClock,
  type SocialClient,
  type TestClock,
  type TestUser,
} from '../../test/social-client';

describe.each(ENGINES)('agenda on %s', (engine) => {
  // The clock starts on Saturday 21 November 2026, 09:00 UTC.
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, clock: TestClock;
  let created: Created;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, clock, created } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const todo = (as: TestUser, title: string, dueDate: string | null, extra: object = {}) =>
    created<Todo>(as, '/api/todos', { title, dueDate, ...extra });
  const plan = (as: TestUser, planDate: string, ...tasks: string[]) =>
    created<Plan>(as, '/api/plans', {
      title: `Plan ${planDate}`,
      planDate,
      tasks: tasks.map((title) => ({ title })),
    });
  const sharedPlan = async (as: TestUser, friend: TestUser, date: string, ...tasks: string[]) => {
    const shared = await created<SharedPlan>(as, '/api/shared-plans', {
      title: `Together ${date}`,
      date,
      friendId: friend.id,
    });
    const added: SharedPlanTask[] = [];
    for (const title of tasks) {
      added.push(
        await created<SharedPlanTask>(as, `/api/shared-plans/${shared.id}/tasks`, { title }),
      );
    }
    return { ...shared, tasks: added };
  };
  const completeTodo = async (as: TestUser, id: string) =>
    expect(
      (await social.call(as, 'PATCH', `/api/todos/${id}`, { completed: true })).statusCode,
    ).toBe(200);
  const read = async <T>(as: TestUser, url: string) => {
    const response = await social.call(as, 'GET', url);
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const today = (as: TestUser) => read<AgendaToday>(as, '/api/agenda/today');
  const upcoming = (as: TestUser) => read<AgendaUpcoming>(as, '/api/agenda/upcoming');
  const counts = (as: TestUser) => read<AgendaCounts>(as, '/api/agenda/counts');
  const titles = (items: readonly { title: string }[]) => items.map((item) => item.title);
  const setZone = async (as: TestUser, value: string) =>
    expect(
      (
        await social.call(as, 'PATCH', '/api/settings', {
          group: 'preferences',
          key: 'timezone',
          value,
        })
      ).statusCode,
    ).toBe(200);

  it('answers 401 without a session', async () => {
    for (const url of ['/api/agenda/today', '/api/agenda/upcoming', '/api/agenda/counts']) {
      expect((await social.call(null, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('lists overdue, due-today and today’s tasks apart from later, undated and done ones', async () => {
    await todo(ada, 'Last week', '2026-11-14', { priority: 'low' });
    await todo(ada, 'Yesterday', '2026-11-20', { priority: 'high' });
    await todo(ada, 'Today, low', '2026-11-21', { priority: 'low' });
    await todo(ada, 'Today, high', '2026-11-21', { priority: 'high' });
    await todo(ada, 'Tomorrow', '2026-11-22');
    await todo(ada, 'Someday', null);
    const doneBefore = await todo(ada, 'Done on Friday', '2026-11-20');
    clock.advance(-86_400_000);
    await completeTodo(ada, doneBefore.id);
    await plan(ada, '2026-11-20', 'Yesterday’s task');
    clock.advance(86_400_000);
    const todayPlan = await plan(ada, '2026-11-21', 'Stretch', 'Read');
    await plan(ada, '2026-11-23', 'Monday’s task');

    const agenda = await today(ada);
    expect(agenda.date).toBe('2026-11-21');
    expect(titles(agenda.overdue)).toEqual(['Last week', 'Yesterday']);
    expect(titles(agenda.todos)).toEqual(['Today, high', 'Today, low']);
    expect(agenda.planTasks).toEqual([
      expect.objectContaining({
        title: 'Stretch',
        completed: false,
        planId: todayPlan.id,
        planTitle: 'Plan 2026-11-21',
        date: '2026-11-21',
      }),
      expect.objectContaining({ title: 'Read', planId: todayPlan.id }),
    ]);
    expect(agenda.sharedTasks).toEqual([]);
    expect(await counts(ada)).toEqual({ today: 6, upcoming: 2 });
  });

  it('keeps what was completed today, struck through, and counts only open items', async () => {
    const overdue = await todo(ada, 'Yesterday', '2026-11-20');
    const due = await todo(ada, 'Today', '2026-11-21');
    const todayPlan = await plan(ada, '2026-11-21', 'Stretch', 'Read');
    const [stretch] = todayPlan.tasks;
    await completeTodo(ada, overdue.id);
    await completeTodo(ada, due.id);
    const ticked = await social.call(
      ada,
      'PATCH',
      `/api/plans/${todayPlan.id}/tasks/${stretch?.id}`,
      { completed: true },
    );
    expect(ticked.statusCode).toBe(200);

    const agenda = await today(ada);
    expect(agenda.overdue).toEqual([
      expect.objectContaining({ title: 'Yesterday', completed: true }),
    ]);
    expect(agenda.todos).toEqual([expect.objectContaining({ title: 'Today', completed: true })]);
    expect(agenda.planTasks.map(({ title, completed }) => ({ title, completed }))).toEqual([
      { title: 'Stretch', completed: true },
      { title: 'Read', completed: false },
    ]);
    expect(await counts(ada)).toEqual({ today: 1, upcoming: 0 });

    // The next day, yesterday's completions are gone.
    clock.advance(86_400_000);
    const nextDay = await today(ada);
    expect(nextDay.overdue).toEqual([]);
    expect(nextDay.todos).toEqual([]);
    expect(nextDay.planTasks).toEqual([]);
  });

  it('shows the shared plans of either participant, dated today, to both and nobody else', async () => {
    const carol = await social.signUp('carol@example.com', 'Carol Stranger');
    await social.befriend(carol, bob);
    const adas = await sharedPlan(ada, bob, '2026-11-21', 'Buy rope');
    const bobs = await sharedPlan(bob, ada, '2026-11-21', 'Book the hut');
    await sharedPlan(ada, bob, '2026-11-22', 'Pack');
    await sharedPlan(carol, bob, '2026-11-21', 'Carol and Bob only');

    const forAda = (await today(ada)).sharedTasks;
    expect(forAda).toEqual([
      {
        id: adas.tasks[0]?.id,
        title: 'Buy rope',
        completed: false,
        planId: adas.id,
        planTitle: 'Together 2026-11-21',
        date: '2026-11-21',
        otherUser: { id: bob.id, name: 'Bob Builder' },
      },
      expect.objectContaining({
        title: 'Book the hut',
        planId: bobs.id,
        otherUser: { id: bob.id, name: 'Bob Builder' },
      }),
    ]);
    const forBob = (await today(bob)).sharedTasks;
    expect(titles(forBob)).toEqual(['Buy rope', 'Book the hut', 'Carol and Bob only']);
    expect(forBob[0]?.otherUser).toEqual({ id: ada.id, name: 'Ada Lovelace' });
    expect(forBob[2]?.otherUser).toEqual({ id: carol.id, name: 'Carol Stranger' });
    expect(titles((await today(carol)).sharedTasks)).toEqual(['Carol and Bob only']);
    expect(await counts(ada)).toEqual({ today: 2, upcoming: 1 });
    expect(await counts(bob)).toEqual({ today: 3, upcoming: 1 });

    // A task either of them ticks today stays on both lists, no longer counted.
    const ticked = await social.call(
      bob,
      'PATCH',
      `/api/shared-plans/${adas.id}/tasks/${adas.tasks[0]?.id}`,
      { completed: true },
    );
    expect(ticked.statusCode).toBe(200);
    expect((await today(ada)).sharedTasks[0]).toMatchObject({ title: 'Buy rope', completed: true });
    expect(await counts(ada)).toEqual({ today: 1, upcoming: 1 });
  });

  it('never shows another user’s todos or plans', async () => {
    await todo(bob, 'Bob overdue', '2026-11-01');
    await todo(bob, 'Bob today', '2026-11-21');
    await todo(bob, 'Bob tomorrow', '2026-11-22');
    await plan(bob, '2026-11-21', 'Bob’s task');
    await plan(bob, '2026-11-22', 'Bob’s later task');

    expect(await today(ada)).toEqual({
      date: '2026-11-21',
      overdue: [],
      todos: [],
      planTasks: [],
      sharedTasks: [],
    });
    const days = (await upcoming(ada)).days;
    expect(days.every((day) => [...day.todos, ...day.planTasks].length === 0)).toBe(true);
    expect(await counts(ada)).toEqual({ today: 0, upcoming: 0 });
  });

  it('groups the next seven days from tomorrow, each day listed', async () => {
    await todo(ada, 'Today', '2026-11-21');
    await todo(ada, 'Tomorrow', '2026-11-22');
    await todo(ada, 'In a week', '2026-11-28');
    await todo(ada, 'In eight days', '2026-11-29');
    const done = await todo(ada, 'Done early', '2026-11-24');
    await completeTodo(ada, done.id);
    await plan(ada, '2026-11-25', 'Wednesday task');
    await sharedPlan(bob, ada, '2026-11-27', 'Friday together');

    const { days } = await upcoming(ada);
    expect(days.map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const shown = days.map((day) => [
      day.date,
      ...titles(day.todos),
      ...titles(day.planTasks),
      ...titles(day.sharedTasks),
    ]);
    expect(shown).toEqual([
      ['2026-11-22', 'Tomorrow'],
      ['2026-11-23'],
      ['2026-11-24', 'Done early'],
      ['2026-11-25', 'Wednesday task'],
      ['2026-11-26'],
      ['2026-11-27', 'Friday together'],
      ['2026-11-28', 'In a week'],
    ]);
    expect(days[2]?.todos[0]?.completed).toBe(true);
    expect(await counts(ada)).toEqual({ today: 1, upcoming: 4 });
  });

  it('counts days in the user’s time zone: Auckland’s today while UTC is still yesterday', async () => {
    await setZone(ada, 'Pacific/Auckland');
    // 21 November, 12:00 UTC is 22 November, 01:00 in Auckland (UTC+13).
    clock.advance(3 * 3_600_000);
    await todo(ada, 'Due on the 21st', '2026-11-21');
    await todo(ada, 'Due on the 22nd', '2026-11-22');
    await todo(ada, 'Due on the 29th', '2026-11-29');
    await plan(ada, '2026-11-22', 'Auckland morning');

    const agenda = await today(ada);
    expect(agenda.date).toBe('2026-11-22');
    expect(titles(agenda.overdue)).toEqual(['Due on the 21st']);
    expect(titles(agenda.todos)).toEqual(['Due on the 22nd']);
    expect(titles(agenda.planTasks)).toEqual(['Auckland morning']);
    const { days } = await upcoming(ada);
    expect(days[0]?.date).toBe('2026-11-23');
    expect(days.at(-1)).toMatchObject({
      date: '2026-11-29',
      todos: [{ title: 'Due on the 29th' }],
    });
    expect(await counts(ada)).toEqual({ today: 3, upcoming: 1 });

    // Bob, in UTC, is still on the 21st.
    expect((await today(bob)).date).toBe('2026-11-21');
  });
});
