import { addDays, startOfDayIn } from '@daywise/shared';
import type { AgendaPlanTask, Review, ReviewTask } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import { byDueThenPriority, planTasks, rangeOf } from '../agenda/agenda';
import { currentStreak } from '../analytics/streaks';
import type { Database } from '../db/schema';
import { presentTodos } from '../todos/todos';

/**
 * The end-of-day review (issue 33, ADR 0033): today in the user's time zone, as Today counts it.
 * Done: the todos completed today, the repeating ones with an occurrence done today, and today's
 * plan tasks done, and the minutes focused. Open: the open todos due today or before, and today's open plan tasks with what
 * the review did with them.
 */
export async function readReview(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
  dayEnd: string,
): Promise<Review> {
  const [doneRows, repeatRows, openRows, tasks, outcomes, streak, focus] = await Promise.all([
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('completed_date', '=', today)
      .execute(),
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('todo_occurrences')
          .select('todo_id')
          .where('user_id', '=', userId)
          .where('completed_on', '=', today)
          .where('outcome', '=', 'done'),
      )
      .execute(),
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('completed', '=', false)
      .where('due_date', '<=', today)
      .execute(),
    planTasks(db, { ...rangeOf(userId, today, today, today, zone), allDone: true }),
    db
      .selectFrom('daily_tasks as t')
      .innerJoin('daily_plans as p', 'p.id', 't.plan_id')
      .leftJoin('todos', 'todos.id', 't.carried_todo_id')
      .select(['t.id', 't.dropped', 'todos.due_date as carried_to'])
      .where('p.user_id', '=', userId)
      .where('p.plan_date', '=', today)
      .execute(),
    currentStreak(db, userId, today),
    db
      .selectFrom('focus_sessions')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>('minutes'), eb.lit(0)).as('minutes'),
      )
      .where('user_id', '=', userId)
      .where('ended_at', '>=', startOfDayIn(today, zone).toISOString())
      .where('ended_at', '<', startOfDayIn(addDays(today, 1), zone).toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  const doneIds = new Set(doneRows.map((row) => row.id));
  const [done, open] = await Promise.all([
    presentTodos(
      db,
      userId,
      [...doneRows, ...repeatRows.filter((row) => !doneIds.has(row.id))],
      today,
      zone,
    ),
    presentTodos(db, userId, openRows, today, zone),
  ]);
  const outcome = new Map(outcomes.map((row) => [row.id, row]));
  const doneTasks: AgendaPlanTask[] = tasks.filter((task) => task.completed);
  const openTasks: ReviewTask[] = tasks
    .filter((task) => !task.completed)
    .map((task) => ({
      ...task,
      carriedTo: outcome.get(task.id)?.carried_to ?? null,
      dropped: Boolean(outcome.get(task.id)?.dropped),
    }));
  return {
    date: today,
    dayEnd,
    done: { todos: done, tasks: doneTasks },
    open: { todos: open.sort(byDueThenPriority), tasks: openTasks },
    completions: done.length + doneTasks.length,
    streak,
    focusMinutes: Number(focus.minutes),
  };
}
