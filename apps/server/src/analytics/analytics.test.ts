import type {
  ChartData,
  CompletionDay,
  DashboardSummary,
  PlanAnalytics,
  StreakItem,
  TagStat,
} from '@daywise/shared/schemas';
import { beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs, type TestClock } from '../../test/signed-in';

/** A task to seed: completed ones count on `completedDate`, the plan's own date unless given. */
interface SeedTask {
  title: string;
  tag?: string;
  /** The colour copied on the task; #3B82F6 for a tagged task unless given (null: none). */
  color?: string | null;
  completed?: boolean;
  completedDate?: string;
  priority?: 'low' | 'medium' | 'high';
}

const HOUR = 60 * 60 * 1000;
const WEEK_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A series of `length` zeros with the given values at the given indexes. */
function series(length: number, values: Record<number, number> = {}): number[] {
  return Array.from({ length }, (_, index) => values[index] ?? 0);
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

describe.each(ENGINES)('analytics on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;
  let userId: string;
  let clock: TestClock;
  let seq = 0;

  // From Saturday 21 November 2026, 09:00 UTC.
  eachSignedIn(engine, (app) => ({ ctx, api, cookie, clock } = app));
  beforeEach(async () => {
    userId = await idOf(cookie);
  });

  const idOf = async (as: string) =>
    (await api.get('/api/account/session', as)).json<{ user: { id: string } }>().user.id;
  const signUp = async (email: string) => {
    const as = (await api.signUpAndVerify(email)) ?? '';
    return { cookie: as, id: await idOf(as) };
  };
  const read = async <T>(url: string, as = cookie): Promise<T> => {
    const response = await api.get(url, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const dashboard = (as = cookie) => read<DashboardSummary>('/api/analytics/dashboard', as);
  const chart = (period: string, as = cookie) =>
    read<ChartData>(`/api/analytics/chart?period=${period}`, as);
  const planAnalytics = (days: number, as = cookie) =>
    read<PlanAnalytics>(`/api/analytics/plans?days=${days}`, as);
  const completions = async (days: number, as = cookie) =>
    (await read<{ days: CompletionDay[] }>(`/api/completions?days=${days}`, as)).days;
  const setTimezone = async (timezone: string, as = cookie) => {
    const response = await sendAs(ctx, as, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: timezone,
    });
    expect(response.statusCode).toBe(200);
  };

  /**
   * A plan with its tasks and a completion record that agrees with them, written straight to the
   * tables. Tasks are inserted last position first, so only an ORDER BY gives them back in order.
   */
  const seedPlan = async (date: string, tasks: SeedTask[], owner = userId) => {
    seq += 1;
    const planId = `plan${seq}`;
    const at = `${date}T08:00:00.000Z`;
    const { db } = ctx.database;
    await db
      .insertInto('daily_plans')
      .values({
        id: planId,
        user_id: owner,
        plan_date: date,
        title: `Plan for ${date}`,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const rows = tasks.map((task, position) => ({
      id: `${planId}-task${position}`,
      plan_id: planId,
      user_id: owner,
      position,
      title: task.title,
      priority: task.priority ?? 'medium',
      tag: task.tag ?? null,
      tag_color: task.tag ? (task.color === undefined ? '#3B82F6' : task.color) : null,
      reminder_time: null,
      completed: Boolean(task.completed),
      completed_at: task.completed ? at : null,
      completed_date: task.completed ? (task.completedDate ?? date) : null,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('daily_tasks').values(rows.toReversed()).execute();
    const done = tasks.filter((task) => task.completed).length;
    const tags = [...new Set(tasks.flatMap((task) => (task.tag ? [task.tag] : [])))].sort();
    const tagStats: TagStat[] = tags.map((tag) => {
      const tagged = tasks.filter((task) => task.tag === tag);
      const completed = tagged.filter((task) => task.completed).length;
      return {
        tag,
        color: tagged[0]?.color ?? '#3B82F6',
        total: tagged.length,
        completed,
        percentage: percent(completed, tagged.length),
      };
    });
    await db
      .insertInto('daily_completions')
      .values({
        id: `${planId}-completion`,
        user_id: owner,
        plan_id: planId,
        date,
        total_tasks: tasks.length,
        completed_tasks: done,
        completion_percentage: percent(done, tasks.length),
        tag_stats: JSON.stringify(tagStats),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return planId;
  };

  /** A todo created at `createdAt`, completed on `completedDate` when given. */
  const seedTodo = async (
    createdAt: string,
    completedDate: string | null,
    owner = userId,
    dueDate: string | null = null,
  ) => {
    seq += 1;
    await ctx.database.db
      .insertInto('todos')
      .values({
        id: `todo${seq}`,
        user_id: owner,
        title: `Todo ${seq}`,
        due_date: dueDate,
        reminder_time: null,
        completed: completedDate !== null,
        completed_at: completedDate ? `${completedDate}T12:00:00.000Z` : null,
        completed_date: completedDate,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  };

  /** A todo made and ticked through the todos API, at the test clock's time. */
  const completeTodoNow = async (title: string) => {
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      sendAs(ctx, cookie, method, url, payload);
    const created = await send('POST', '/api/todos', { title });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await send('PATCH', `/api/todos/${id}`, { completed: true })).statusCode).toBe(200);
  };

  /** Four plans over two months: tags recoloured, one tag without a colour, untagged tasks. */
  const seedPlanHistory = async (owner = userId) => {
    await seedPlan(
      '2026-11-21',
      [
        { title: 'Write', tag: 'Work', completed: true, priority: 'high' },
        { title: 'Review', tag: 'Work' },
        { title: 'Run', tag: 'Health', color: '#10B981', completed: true, priority: 'low' },
        { title: 'Call' },
      ],
      owner,
    );
    await seedPlan(
      '2026-11-19',
      [
        { title: 'Plan', tag: 'Work', color: '#EF4444', completed: true },
        { title: 'Tidy', tag: 'Home', color: null, completed: true },
        { title: 'Shop', completed: true },
      ],
      owner,
    );
    await seedPlan(
      '2026-11-10',
      [
        { title: 'Yoga', tag: 'Health', color: '#84CC16' },
        { title: 'Swim', tag: 'Health', color: '#84CC16' },
      ],
      owner,
    );
    await seedPlan('2026-10-01', [{ title: 'Old', tag: 'Work', completed: true }], owner);
  };

  describe('dashboard', () => {
    it('counts today’s plan, this week, this month and the todos created today', async () => {
      await seedPlan('2026-11-21', [
        { title: 'A', completed: true },
        { title: 'B', completed: true },
        { title: 'C', completed: true },
        { title: 'D' },
      ]);
      // Ticked this morning, on yesterday's plan: it counts on the day it was done.
      await seedPlan('2026-11-20', [{ title: 'J', completed: true, completedDate: '2026-11-21' }]);
      await seedPlan('2026-11-15', [{ title: 'E', completed: true }, { title: 'F' }]);
      await seedPlan('2026-11-14', [{ title: 'G', completed: true }]);
      await seedPlan('2026-11-01', [{ title: 'H', completed: true }]);
      await seedPlan('2026-10-31', [{ title: 'I', completed: true }]);
      await seedTodo('2026-11-20T23:59:59.999Z', '2026-11-21');
      await seedTodo('2026-11-21T00:00:00.000Z', null);
      await seedTodo('2026-11-21T08:00:00.000Z', '2026-11-21');
      await seedTodo('2026-11-21T08:30:00.000Z', null);
      await seedTodo('2026-11-10T10:00:00.000Z', '2026-11-15');
      await seedTodo('2026-11-10T10:00:00.000Z', '2026-11-14');
      await seedTodo('2026-10-20T10:00:00.000Z', '2026-11-01');
      await seedTodo('2026-10-20T10:00:00.000Z', '2026-10-31');
      // Due: two today (one of them done), one overdue, one tomorrow.
      await seedTodo('2026-11-19T10:00:00.000Z', null, userId, '2026-11-21');
      await seedTodo('2026-09-19T10:00:00.000Z', '2026-10-01', userId, '2026-11-21');
      await seedTodo('2026-11-19T10:00:00.000Z', null, userId, '2026-11-20');
      await seedTodo('2026-11-19T10:00:00.000Z', null, userId, '2026-11-22');

      expect(await dashboard()).toEqual({
        today: { completed: 3, total: 4, percentage: 75 },
        // Sunday 15 to Saturday 21 November: A, B, C, J, E and three todos.
        week: { completed: 8 },
        // 1 to 30 November: the week's eight plus G, H and two todos.
        month: { completed: 12 },
        // Created since midnight UTC: three todos, one of them done.
        dailyTodos: { completed: 1, total: 3, percentage: 33 },
        // Unfinished, due Saturday 21 November (today) and before it.
        dueToday: { dueToday: 1, overdue: 1 },
        currentStreak: 2,
        streaks: expect.any(Array) as StreakItem[],
        habits: [],
      });
    });

    it('reads what the plans API writes when a task is ticked', async () => {
      const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
        sendAs(ctx, cookie, method, url, payload);
      expect(
        (await send('POST', '/api/tags', { name: 'Health', color: '#10B981' })).statusCode,
      ).toBe(201);
      const created = await send('POST', '/api/plans', {
        title: 'Saturday',
        tasks: [{ title: 'Run 5k', tag: 'Health' }, { title: 'Call grandma' }],
      });
      expect(created.statusCode).toBe(201);
      const plan = created.json<{ id: string; tasks: { id: string }[] }>();
      const ticked = await send('PATCH', `/api/plans/${plan.id}/tasks/${plan.tasks[0]?.id}`, {
        completed: true,
      });
      expect(ticked.statusCode).toBe(200);

      expect(await dashboard()).toMatchObject({
        today: { completed: 1, total: 2, percentage: 50 },
        week: { completed: 1 },
        month: { completed: 1 },
        currentStreak: 1,
        streaks: [
          { title: 'Run 5k', totalCompletions: 1, streak: 1, lastCompletedDate: '2026-11-21' },
        ],
      });
      expect((await chart('week')).datasets[1]).toEqual({
        label: 'Daily Goals',
        data: series(7, { 6: 1 }),
      });
      expect(await completions(7)).toEqual([
        expect.objectContaining({
          planId: plan.id,
          completedTasks: 1,
          totalTasks: 2,
          completionPercentage: 50,
          tagStats: [{ tag: 'Health', color: '#10B981', total: 1, completed: 1, percentage: 100 }],
        }),
      ]);
      expect((await planAnalytics(7)).categories).toEqual([
        { tag: 'Health', color: '#10B981', total: 1, completed: 1, percentage: 100 },
      ]);
    });

    it('gives zeros to a day without a plan or todos', async () => {
      await seedPlan('2026-11-20', [{ title: 'Yesterday', completed: true }]);
      expect(await dashboard()).toEqual({
        today: { completed: 0, total: 0, percentage: 0 },
        week: { completed: 1 },
        month: { completed: 1 },
        dailyTodos: { completed: 0, total: 0, percentage: 0 },
        dueToday: { dueToday: 0, overdue: 0 },
        currentStreak: 0,
        streaks: [
          {
            id: expect.any(String) as string,
            title: 'Yesterday',
            totalCompletions: 1,
            streak: 1,
            lastCompletedDate: '2026-11-20',
          },
        ],
        habits: [],
      });
    });

    it('counts days in New York: Saturday 23:59 ends the week, a minute later starts the next', async () => {
      await setTimezone('America/New_York');
      // Saturday 14 November, 23:30 in New York (already Sunday in UTC).
      clock.advance(Date.parse('2026-11-15T04:30:00.000Z') - clock.now().getTime());
      await seedPlan('2026-11-14', [{ title: 'Read', completed: true }, { title: 'Walk' }]);
      await seedPlan('2026-11-15', [{ title: 'Cook' }]);
      clock.advance(29 * 60 * 1000);
      await completeTodoNow('Saturday 23:59');

      expect(await dashboard()).toMatchObject({
        today: { completed: 1, total: 2, percentage: 50 },
        week: { completed: 2 },
        month: { completed: 2 },
        dailyTodos: { completed: 1, total: 1, percentage: 100 },
        currentStreak: 1,
      });
      expect((await chart('week')).datasets).toEqual([
        { label: 'Todos', data: series(7, { 6: 1 }) },
        { label: 'Daily Goals', data: series(7, { 6: 1 }) },
      ]);

      // 00:01 on Sunday 15 November in New York: a new day and a new week.
      clock.advance(2 * 60 * 1000);
      await completeTodoNow('Sunday 00:01');
      expect(await dashboard()).toMatchObject({
        today: { completed: 0, total: 1, percentage: 0 },
        week: { completed: 1 },
        month: { completed: 3 },
        dailyTodos: { completed: 1, total: 1, percentage: 100 },
        currentStreak: 2,
      });
      expect((await chart('week')).datasets).toEqual([
        { label: 'Todos', data: series(7, { 0: 1 }) },
        { label: 'Daily Goals', data: series(7) },
      ]);
    });

    it('counts the todos created today by New York’s midnights across the spring change', async () => {
      await setTimezone('America/New_York');
      // Sunday 8 March 2026 lasts 23 hours in New York: 05:00 UTC (EST) to 04:00 UTC (EDT) next day.
      clock.advance(Date.parse('2026-03-09T03:30:00.000Z') - clock.now().getTime());
      await seedTodo('2026-03-08T04:59:59.999Z', '2026-03-07'); // Saturday 23:59:59 EST
      await seedTodo('2026-03-08T05:00:00.000Z', '2026-03-08'); // Sunday 00:00 EST
      await seedTodo('2026-03-09T03:59:59.999Z', null); // Sunday 23:59:59 EDT
      await seedTodo('2026-03-09T04:00:00.000Z', null); // Monday 00:00 EDT
      expect((await dashboard()).dailyTodos).toEqual({ completed: 1, total: 2, percentage: 50 });

      clock.advance(HOUR);
      expect((await dashboard()).dailyTodos).toEqual({ completed: 0, total: 1, percentage: 0 });
    });

    it('counts the current streak back from today; a gap ends it, no plan today is 0', async () => {
      for (const date of ['2026-11-17', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-23']) {
        await seedPlan(date, [{ title: 'Anything' }]);
      }
      expect((await dashboard()).currentStreak).toBe(3);
      expect((await planAnalytics(7)).stats.currentStreak).toBe(3);

      clock.advance(24 * HOUR); // Sunday 22nd: no plan.
      expect((await dashboard()).currentStreak).toBe(0);
      expect((await planAnalytics(7)).stats.currentStreak).toBe(0);

      clock.advance(24 * HOUR); // Monday 23rd: a plan, but none the day before.
      expect((await dashboard()).currentStreak).toBe(1);
    });

    it('keeps a streak that ended yesterday, and gives 0 to one that ended two days ago', async () => {
      await seedPlan('2026-11-18', [{ title: 'Read', completed: true }]);
      await seedPlan('2026-11-19', [
        { title: '  READ ', completed: true },
        { title: 'Stretch', completed: true },
      ]);
      await seedPlan('2026-11-20', [{ title: 'Read', completed: true }, { title: 'Nap' }]);
      await seedPlan('2026-11-21', [{ title: 'Read' }]);

      const { streaks } = await dashboard();
      expect(streaks).toEqual([
        {
          id: expect.any(String) as string,
          title: 'Read',
          totalCompletions: 3,
          streak: 3,
          lastCompletedDate: '2026-11-20',
        },
        {
          id: expect.any(String) as string,
          title: 'Stretch',
          totalCompletions: 1,
          streak: 0,
          lastCompletedDate: '2026-11-19',
        },
      ]);
      expect(streaks[0]?.id).not.toBe(streaks[1]?.id);
      expect((await dashboard()).streaks.map((item) => item.id)).toEqual(
        streaks.map((item) => item.id),
      );
    });

    it('ranks streak items by streak, completions and title, matching titles loosely, five at most', async () => {
      await seedPlan('2026-11-15', [{ title: 'Morning run', completed: true }]);
      await seedPlan('2026-11-18', [
        { title: 'Read', completed: true },
        { title: 'Stretch', completed: true },
      ]);
      await seedPlan('2026-11-19', [
        { title: 'morning run', completed: true },
        { title: 'Read', completed: true },
        { title: 'Stretch', completed: true },
      ]);
      await seedPlan('2026-11-20', [
        { title: '  MORNING RUN  ', completed: true },
        { title: 'Morning run', completed: true },
        { title: 'Read', completed: true },
        { title: 'Water plants', completed: true },
      ]);
      await seedPlan('2026-11-21', [
        { title: 'Journal', completed: true },
        { title: 'Morning Run', completed: true },
        { title: 'journal', completed: true },
        { title: 'Call mum', completed: true },
        { title: 'Meditate' },
      ]);

      const { streaks } = await dashboard();
      expect(streaks.map(({ id: _id, ...item }) => item)).toEqual([
        { title: 'Morning Run', totalCompletions: 5, streak: 3, lastCompletedDate: '2026-11-21' },
        { title: 'Read', totalCompletions: 3, streak: 3, lastCompletedDate: '2026-11-20' },
        { title: 'Journal', totalCompletions: 2, streak: 1, lastCompletedDate: '2026-11-21' },
        { title: 'Call mum', totalCompletions: 1, streak: 1, lastCompletedDate: '2026-11-21' },
        { title: 'Water plants', totalCompletions: 1, streak: 1, lastCompletedDate: '2026-11-20' },
      ]);
      // Stretch (streak 0, two completions) is sixth: left out by the five-item cap.
      expect(new Set(streaks.map((item) => item.id)).size).toBe(5);
    });
  });

  describe('chart', () => {
    const seedChartData = async () => {
      for (const date of [
        '2026-11-15',
        '2026-11-21',
        '2026-11-21',
        '2026-11-14',
        '2026-11-01',
        '2026-10-31',
        '2026-01-01',
        '2025-12-31',
      ]) {
        await seedTodo('2025-12-01T10:00:00.000Z', date);
      }
      await seedTodo('2026-11-21T08:00:00.000Z', null);
      await seedPlan('2026-11-16', [{ title: 'Monday', completed: true }]);
      await seedPlan('2026-11-20', [
        { title: 'Late', completed: true, completedDate: '2026-11-21' },
        { title: 'Undone' },
      ]);
      await seedPlan('2026-03-15', [{ title: 'March', completed: true }]);
    };

    it('counts todos and plan tasks by completion day over this week, Sunday first', async () => {
      await seedChartData();
      const expected = {
        labels: WEEK_LABELS,
        datasets: [
          { label: 'Todos', data: [1, 0, 0, 0, 0, 0, 2] },
          { label: 'Daily Goals', data: [0, 1, 0, 0, 0, 0, 1] },
        ],
      };
      expect(await chart('week')).toEqual(expected);
      expect(await read<ChartData>('/api/analytics/chart')).toEqual(expected);
    });

    it('counts by day of the month and by month of the year', async () => {
      await seedChartData();
      expect(await chart('month')).toEqual({
        labels: Array.from({ length: 30 }, (_, index) => String(index + 1)),
        datasets: [
          { label: 'Todos', data: series(30, { 0: 1, 13: 1, 14: 1, 20: 2 }) },
          { label: 'Daily Goals', data: series(30, { 15: 1, 20: 1 }) },
        ],
      });
      expect(await chart('year')).toEqual({
        labels: MONTHS,
        datasets: [
          { label: 'Todos', data: series(12, { 0: 1, 9: 1, 10: 5 }) },
          { label: 'Daily Goals', data: series(12, { 2: 1, 10: 2 }) },
        ],
      });
    });

    it('handles month ends and the leap day of 2028', async () => {
      // Tuesday 29 February 2028; its week runs Sunday 27 February to Saturday 4 March.
      clock.advance(Date.parse('2028-02-29T12:00:00.000Z') - clock.now().getTime());
      for (const date of ['2028-01-31', '2028-02-01', '2028-02-27', '2028-02-29', '2028-02-29']) {
        await seedTodo('2028-01-01T10:00:00.000Z', date);
      }
      await seedPlan('2028-02-29', [{ title: 'Leap', completed: true }]);
      await seedPlan('2028-02-26', [{ title: 'Saturday', completed: true }]);
      await seedPlan('2027-12-31', [{ title: 'New Year’s Eve', completed: true }]);

      expect(await dashboard()).toMatchObject({ week: { completed: 4 }, month: { completed: 6 } });
      expect(await chart('month')).toEqual({
        labels: Array.from({ length: 29 }, (_, index) => String(index + 1)),
        datasets: [
          { label: 'Todos', data: series(29, { 0: 1, 26: 1, 28: 2 }) },
          { label: 'Daily Goals', data: series(29, { 25: 1, 28: 1 }) },
        ],
      });
      const week = {
        labels: WEEK_LABELS,
        datasets: [
          { label: 'Todos', data: [1, 0, 2, 0, 0, 0, 0] },
          { label: 'Daily Goals', data: [0, 0, 1, 0, 0, 0, 0] },
        ],
      };
      expect(await chart('week')).toEqual(week);
      expect((await chart('year')).datasets).toEqual([
        { label: 'Todos', data: series(12, { 0: 1, 1: 4 }) },
        { label: 'Daily Goals', data: series(12, { 1: 2 }) },
      ]);

      // Wednesday 1 March: a new month of 31 days, the same week.
      clock.advance(24 * HOUR);
      expect(await dashboard()).toMatchObject({ week: { completed: 4 }, month: { completed: 0 } });
      expect(await chart('month')).toEqual({
        labels: Array.from({ length: 31 }, (_, index) => String(index + 1)),
        datasets: [
          { label: 'Todos', data: series(31) },
          { label: 'Daily Goals', data: series(31) },
        ],
      });
      expect(await chart('week')).toEqual(week);
    });
  });

  describe('plan analytics', () => {
    it('gives all-time stats, the daily trend, categories and recent performance', async () => {
      await seedPlanHistory();
      const stats = {
        totalPlans: 4,
        totalTasks: 10,
        completedTasks: 6,
        overallCompletionRate: 60,
        currentStreak: 1,
        averageTasksPerDay: 2.5,
      };
      const recent = [
        { date: '2026-11-21', completedTasks: 2, totalTasks: 4, percentage: 50 },
        { date: '2026-11-19', completedTasks: 3, totalTasks: 3, percentage: 100 },
      ];
      const week: PlanAnalytics = {
        stats,
        trend: {
          labels: ['Nov 15', 'Nov 16', 'Nov 17', 'Nov 18', 'Nov 19', 'Nov 20', 'Nov 21'],
          datasets: [{ label: 'Completion %', data: [0, 0, 0, 0, 100, 0, 50] }],
        },
        categories: [
          // Work's colour is the one on its latest task, not the older red.
          { tag: 'Work', color: '#3B82F6', total: 3, completed: 2, percentage: 67 },
          { tag: 'Health', color: '#10B981', total: 1, completed: 1, percentage: 100 },
          { tag: 'Home', color: '#6B7280', total: 1, completed: 1, percentage: 100 },
        ],
        recent,
      };
      expect(await planAnalytics(7)).toEqual(week);
      expect(await read<PlanAnalytics>('/api/analytics/plans')).toEqual(week);

      const month = await planAnalytics(30);
      expect(month.stats).toEqual(stats);
      expect(month.trend.labels).toHaveLength(30);
      expect([month.trend.labels[0], month.trend.labels[9], month.trend.labels[29]]).toEqual([
        'Oct 23',
        'Nov 1',
        'Nov 21',
      ]);
      expect(month.trend.datasets).toEqual([
        { label: 'Completion %', data: series(30, { 27: 100, 29: 50 }) },
      ]);
      expect(month.categories).toEqual([
        { tag: 'Health', color: '#10B981', total: 3, completed: 1, percentage: 33 },
        { tag: 'Work', color: '#3B82F6', total: 3, completed: 2, percentage: 67 },
        { tag: 'Home', color: '#6B7280', total: 1, completed: 1, percentage: 100 },
      ]);
      expect(month.recent).toEqual(recent);

      const quarter = await planAnalytics(90);
      expect(quarter.trend.labels[0]).toBe('Aug 24');
      expect(quarter.trend.datasets[0]?.data[38]).toBe(100); // 1 October
      expect(quarter.categories[0]).toEqual({
        tag: 'Work',
        color: '#3B82F6',
        total: 4,
        completed: 3,
        percentage: 75,
      });
    });

    it('rounds the average tasks per day to one decimal', async () => {
      await seedPlan('2026-11-19', [{ title: 'One' }]);
      await seedPlan('2026-11-20', [{ title: 'One' }, { title: 'Two', completed: true }]);
      await seedPlan('2026-11-21', [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]);
      await seedPlan('2026-11-22', [{ title: 'Tomorrow' }]);
      expect((await planAnalytics(7)).stats).toEqual({
        totalPlans: 4,
        totalTasks: 7,
        completedTasks: 1,
        overallCompletionRate: 14,
        currentStreak: 3,
        averageTasksPerDay: 1.8,
      });
    });
  });

  describe('completions', () => {
    it('lists the range’s plans newest first with their record and ordered tasks', async () => {
      await seedPlanHistory();
      const week = await completions(7);
      expect(week.map((day) => day.date)).toEqual(['2026-11-21', '2026-11-19']);
      expect(week[0]).toEqual({
        planId: expect.any(String) as string,
        title: 'Plan for 2026-11-21',
        date: '2026-11-21',
        totalTasks: 4,
        completedTasks: 2,
        completionPercentage: 50,
        tagStats: [
          { tag: 'Health', color: '#10B981', total: 1, completed: 1, percentage: 100 },
          { tag: 'Work', color: '#3B82F6', total: 2, completed: 1, percentage: 50 },
        ],
        tasks: [
          {
            id: expect.any(String) as string,
            title: 'Write',
            completed: true,
            tag: 'Work',
            tagColor: '#3B82F6',
            priority: 'high',
          },
          {
            id: expect.any(String) as string,
            title: 'Review',
            completed: false,
            tag: 'Work',
            tagColor: '#3B82F6',
            priority: 'medium',
          },
          {
            id: expect.any(String) as string,
            title: 'Run',
            completed: true,
            tag: 'Health',
            tagColor: '#10B981',
            priority: 'low',
          },
          {
            id: expect.any(String) as string,
            title: 'Call',
            completed: false,
            tag: null,
            tagColor: null,
            priority: 'medium',
          },
        ],
      });
      expect(week[1]?.tasks.map((task) => task.title)).toEqual(['Plan', 'Tidy', 'Shop']);
      expect(week[1]).toMatchObject({
        completedTasks: 3,
        totalTasks: 3,
        completionPercentage: 100,
      });

      const month = await completions(30);
      expect(month.map((day) => [day.date, day.completionPercentage, day.tasks.length])).toEqual([
        ['2026-11-21', 50, 4],
        ['2026-11-19', 100, 3],
        ['2026-11-10', 0, 2],
      ]);
      expect((await completions(90)).map((day) => day.date)).toEqual([
        '2026-11-21',
        '2026-11-19',
        '2026-11-10',
        '2026-10-01',
      ]);
      expect(await read('/api/completions')).toEqual({ days: week });
    });
  });

  describe('access', () => {
    it.each([
      ['/api/analytics/plans?days=8', 'days'],
      ['/api/analytics/plans?days=week', 'days'],
      ['/api/completions?days=8', 'days'],
      ['/api/analytics/chart?period=decade', 'period'],
    ])('refuses %s with 400', async (url, field) => {
      const response = await api.get(url, cookie);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{
        error: { code: string; fields: Record<string, string> };
      }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toContain(field);
    });

    it.each([
      '/api/analytics/dashboard',
      '/api/analytics/chart?period=week',
      '/api/analytics/plans?days=7',
      '/api/completions?days=7',
    ])('answers %s with 401 without a session', async (url) => {
      expect((await api.get(url)).statusCode).toBe(401);
    });

    it('never shows one user’s data to another', async () => {
      await seedPlanHistory();
      await seedPlan('2026-11-20', [{ title: 'Read', tag: 'Work', completed: true }]);
      await seedTodo('2026-11-21T08:00:00.000Z', '2026-11-21');
      await seedTodo('2026-11-21T08:10:00.000Z', null);
      const urls = [
        '/api/analytics/dashboard',
        '/api/analytics/chart?period=week',
        '/api/analytics/chart?period=month',
        '/api/analytics/chart?period=year',
        '/api/analytics/plans?days=90',
        '/api/completions?days=90',
      ];
      const before = await Promise.all(urls.map((url) => read(url)));
      expect((before[0] as DashboardSummary).streaks).not.toEqual([]);

      const grace = await signUp('grace@example.com');
      expect(await dashboard(grace.cookie)).toEqual({
        today: { completed: 0, total: 0, percentage: 0 },
        week: { completed: 0 },
        month: { completed: 0 },
        dailyTodos: { completed: 0, total: 0, percentage: 0 },
        dueToday: { dueToday: 0, overdue: 0 },
        currentStreak: 0,
        streaks: [],
        habits: [],
      });
      for (const [period, length] of [
        ['week', 7],
        ['month', 30],
        ['year', 12],
      ] as const) {
        expect((await chart(period, grace.cookie)).datasets).toEqual([
          { label: 'Todos', data: series(length) },
          { label: 'Daily Goals', data: series(length) },
        ]);
      }
      const graceAnalytics = await planAnalytics(90, grace.cookie);
      expect(graceAnalytics).toEqual({
        stats: {
          totalPlans: 0,
          totalTasks: 0,
          completedTasks: 0,
          overallCompletionRate: 0,
          currentStreak: 0,
          averageTasksPerDay: 0,
        },
        trend: {
          labels: expect.any(Array) as string[],
          datasets: [{ label: 'Completion %', data: series(90) }],
        },
        categories: [],
        recent: [],
      });
      expect(await completions(90, grace.cookie)).toEqual([]);

      // Grace's own data, on the same days and with the same titles, leaves Ada's numbers alone.
      await seedPlanHistory(grace.id);
      await seedPlan('2026-11-18', [{ title: 'Read', completed: true }], grace.id);
      await seedTodo('2026-11-21T08:20:00.000Z', '2026-11-21', grace.id);
      expect(await Promise.all(urls.map((url) => read(url)))).toEqual(before);
      expect((await dashboard(grace.cookie)).today).toEqual({
        completed: 2,
        total: 4,
        percentage: 50,
      });
      expect((await completions(90, grace.cookie)).map((day) => day.date)).toHaveLength(5);
    });
  });
});
