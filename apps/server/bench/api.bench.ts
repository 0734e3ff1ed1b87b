/**
 * `npm run bench` (API part): a user with 10,000 todos and two years of daily plans; the latency
 * of the common reads (a few milliseconds). Runs in process through buildApp, on
 * SQLite, or on PostgreSQL when BENCH_DATABASE_URL is set.
 */
import { performance } from 'node:perf_hooks';

import { addDays, todayIn } from '@daywise/shared';
import type { TagStat } from '@daywise/shared/schemas';
import { sql } from 'kysely';

// The test helpers read TEST_DATABASE_URL when they load, so it is set before they are imported.
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
const { accountClient } = await import('../test/account-client');
const { createTestApp } = await import('../test/helpers');

const TODOS = 10_000;
const PLAN_DAYS = 730;
const TASKS_PER_PLAN = 5;
const RUNS = 200;
const BATCH = 500;

const HABITS = [
  'Morning run',
  'Read 20 pages',
  'Inbox zero',
  'Stretch',
  'Write journal',
  'Water plants',
  'Call a friend',
  'Plan tomorrow',
  'Deep work block',
];
const TAGS = [
  { name: 'Work', color: '#3B82F6' },
  { name: 'Health', color: '#10B981' },
  { name: 'Home', color: '#F59E0B' },
  { name: 'Learning', color: '#8B5CF6' },
  null,
] as const;

/** Deterministic "random" in [0, 1), so every run seeds the same data. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * Two years of daily plans ending today, five tasks each (mixed tags, about 70% completed on the
 * plan's day), and the completion record of each, as the plans API would have kept them.
 */
function planRows(userId: string, today: string) {
  const plans = [];
  const tasks = [];
  const completions = [];
  for (let day = 0; day < PLAN_DAYS; day += 1) {
    const date = addDays(today, -day);
    const at = `${date}T07:00:00.000Z`;
    const planId = `benchplan${String(day).padStart(6, '0')}`;
    plans.push({
      id: planId,
      user_id: userId,
      plan_date: date,
      title: `Plan for ${date}`,
      created_at: at,
      updated_at: at,
    });
    const dayTasks = Array.from({ length: TASKS_PER_PLAN }, (_, position) => {
      const tag = TAGS[(day + position) % TAGS.length] ?? null;
      const completed = noise(day * TASKS_PER_PLAN + position + 1) < 0.7;
      return {
        id: `${planId}t${position}`,
        plan_id: planId,
        user_id: userId,
        position,
        title: HABITS[(day * 2 + position) % HABITS.length] ?? 'Habit',
        priority: (['low', 'medium', 'high'] as const)[position % 3] ?? 'medium',
        tag: tag?.name ?? null,
        tag_color: tag?.color ?? null,
        reminder_time: null,
        completed,
        completed_at: completed ? `${date}T18:00:00.000Z` : null,
        completed_date: completed ? date : null,
        created_at: at,
        updated_at: at,
      };
    });
    tasks.push(...dayTasks);
    const done = dayTasks.filter((task) => task.completed).length;
    const tagStats: TagStat[] = TAGS.flatMap((tag) => {
      const tagged = dayTasks.filter((task) => tag && task.tag === tag.name);
      const completed = tagged.filter((task) => task.completed).length;
      return tag && tagged.length > 0
        ? [
            {
              tag: tag.name,
              color: tag.color,
              total: tagged.length,
              completed,
              percentage: Math.round((completed / tagged.length) * 100),
            },
          ]
        : [];
    });
    completions.push({
      id: `${planId}c`,
      user_id: userId,
      plan_id: planId,
      date,
      total_tasks: dayTasks.length,
      completed_tasks: done,
      completion_percentage: Math.round((done / dayTasks.length) * 100),
      tag_stats: JSON.stringify(tagStats),
      created_at: at,
      updated_at: at,
    });
  }
  return { plans, tasks, completions };
}

async function main(): Promise<void> {
  const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';
  const ctx = await createTestApp(engine);
  const api = accountClient(ctx);
  const cookie = (await api.signUpAndVerify()) ?? '';
  const { user } = (await api.get('/api/account/session', cookie)).json<{ user: { id: string } }>();

  const start = Date.parse('2024-11-21T00:00:00Z');
  const rows = Array.from({ length: TODOS }, (_, i) => {
    const created = new Date(start + i * 60_000 * 90).toISOString();
    const done = i % 3 === 0;
    return {
      id: `bench${String(i).padStart(8, '0')}`,
      user_id: user.id,
      title: `Todo number ${i}`,
      description: i % 5 === 0 ? 'with groceries inside' : '',
      priority: (['low', 'medium', 'high'] as const)[i % 3] ?? 'medium',
      due_date: i % 4 === 0 ? null : created.slice(0, 10),
      reminder_time: null,
      completed: done,
      completed_at: done ? created : null,
      completed_date: done ? created.slice(0, 10) : null,
      created_at: created,
      updated_at: created,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    await ctx.database.db
      .insertInto('todos')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }

  const { plans, tasks, completions } = planRows(user.id, todayIn('UTC', new Date()));
  for (let i = 0; i < plans.length; i += BATCH) {
    await ctx.database.db
      .insertInto('daily_plans')
      .values(plans.slice(i, i + BATCH))
      .execute();
    await ctx.database.db
      .insertInto('daily_completions')
      .values(completions.slice(i, i + BATCH))
      .execute();
  }
  for (let i = 0; i < tasks.length; i += BATCH) {
    await ctx.database.db
      .insertInto('daily_tasks')
      .values(tasks.slice(i, i + BATCH))
      .execute();
  }
  // A live PostgreSQL has statistics from autovacuum; straight after a bulk load it has none and
  // plans every join for one row, which is no picture of production.
  if (engine === 'postgres') {
    await sql`analyze`.execute(ctx.database.db);
  }

  const measure = async (label: string, url: string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const began = performance.now();
      const response = await api.get(url, cookie);
      times.push(performance.now() - began);
      if (response.statusCode !== 200) {
        throw new Error(`${url} answered ${response.statusCode}`);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2);
    console.log(`${label.padEnd(44)} median ${at(0.5)} ms   p95 ${at(0.95)} ms`);
  };

  console.log(
    `API on ${engine}, one user with ${TODOS} todos and ${PLAN_DAYS} days of plans ` +
      `(${tasks.length} tasks), ${RUNS} requests each:`,
  );
  await measure('GET /api/todos (first page)', '/api/todos');
  await measure('GET /api/todos?status=pending', '/api/todos?status=pending');
  await measure('GET /api/todos?q=groceries', '/api/todos?q=groceries');
  await measure('GET /api/todos/stats', '/api/todos/stats');
  await measure('GET /api/analytics/dashboard', '/api/analytics/dashboard');
  for (const period of ['week', 'month', 'year']) {
    await measure(
      `GET /api/analytics/chart?period=${period}`,
      `/api/analytics/chart?period=${period}`,
    );
  }
  await measure('GET /api/analytics/plans?days=90', '/api/analytics/plans?days=90');
  await measure('GET /api/completions?days=90', '/api/completions?days=90');
  await ctx.close();
}

await main();
