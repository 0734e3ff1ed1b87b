/**
 * The heavy user the benchmarks share (issue 12): 10,000 todos over two years, and two years of
 * daily plans with five tasks each and their completion records, written straight into the
 * database as the APIs would have kept them. Deterministic: every run seeds the same data.
 */
import { addDays, todayIn } from '@daywise/shared';
import type { TagStat } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../src/db/schema';
import { newTodoRow } from '../src/todos/todo-fields';

export const PLAN_DAYS = 730;
const TASKS_PER_PLAN = 5;
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

/**
 * `count` todos, one every 90 minutes from 21 November 2024; every fifth mentions groceries, and
 * three in ten are subtasks of the one made just before them whose number ends in 0 (issue 32:
 * 3,000 subtasks in 10,000 todos).
 */
export function todoRows(userId: string, count: number, idPrefix = 'bench') {
  const start = Date.parse('2024-11-21T00:00:00Z');
  const idOf = (i: number) => `${idPrefix}${String(i).padStart(8, '0')}`;
  let topLevel = 0;
  return Array.from({ length: count }, (_, i) => {
    const created = new Date(start + i * 60_000 * 90).toISOString();
    const done = i % 3 === 0;
    const subtask = i % 10 >= 1 && i % 10 <= 3;
    return newTodoRow({
      id: idOf(i),
      parent_id: subtask ? idOf(i - (i % 10)) : null,
      position: subtask ? (i % 10) - 1 : topLevel++,
      user_id: userId,
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
    });
  });
}

/** Writes `todos` todos and two years of plans for the user; returns how many tasks. */
export async function seedHeavyUser(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  userId: string,
  {
    todos,
    plans: withPlans = true,
    idPrefix = 'bench',
  }: { todos: number; plans?: boolean; idPrefix?: string },
): Promise<number> {
  const rows = todoRows(userId, todos, idPrefix);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('todos')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
  const tasks = withPlans ? await seedPlans(db, userId) : 0;
  await statisticsAfterGrowth(db, engine);
  return tasks;
}

/**
 * The planner's statistics as a running server has them once its data has grown: PostgreSQL's
 * from autovacuum, SQLite's from the server's hourly `PRAGMA optimize` (db/database.ts). Straight
 * after a bulk load there are none, and the plans are no picture of production.
 */
export async function statisticsAfterGrowth(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
): Promise<void> {
  await sql.raw(engine === 'postgres' ? 'analyze' : 'pragma optimize').execute(db);
}

/** Two years of daily plans for the user; answers how many tasks they hold. */
async function seedPlans(db: Kysely<Database>, userId: string): Promise<number> {
  const { plans, tasks, completions } = planRows(userId, todayIn('UTC', new Date()));
  for (let i = 0; i < plans.length; i += BATCH) {
    await db
      .insertInto('daily_plans')
      .values(plans.slice(i, i + BATCH))
      .execute();
    await db
      .insertInto('daily_completions')
      .values(completions.slice(i, i + BATCH))
      .execute();
  }
  for (let i = 0; i < tasks.length; i += BATCH) {
    await db
      .insertInto('daily_tasks')
      .values(tasks.slice(i, i + BATCH))
      .execute();
  }
  return tasks.length;
}
