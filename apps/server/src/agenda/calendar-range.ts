import { addDays } from '@daywise/shared';
import type { CalendarRange, CalendarRangeQuery, Todo } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { daysOffOf } from '../habits/days-off';
import {
  excludedBefore,
  occurrencesBetween,
  type RepeatSeries,
  ruleDaysBetween,
  seriesOf,
} from '../todos/repeats';
import type { TodoRow } from '../todos/todo-fields';
import { presentTodos } from '../todos/todos';
import { byDueThenPriority, planTasks, rangeOf, sharedTasks } from './agenda';
import { blocksInRange } from './calendar-blocks';

/**
 * The calendar's read (issue 33, ADR 0031): what falls on each day from `from` to `to`, done or
 * not, so a past week shows what was done and a later one what is coming. A repeating todo is one
 * row due on its next occurrence; its later occurrences are projected from its rule here, never
 * stored, so a month a year ahead costs what this month does.
 */

/** Todos due in the range, open and done: a range on the (user, due date) index. */
function dueInRange(db: Kysely<Database>, userId: string, { from, to }: CalendarRangeQuery) {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .execute();
}

/**
 * Open repeating todos due before the range ends: the ones that may occur in it again. A series
 * counted from completion is left out, since its next day is known only once it is done.
 */
function openSeries(db: Kysely<Database>, userId: string, to: string) {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('completed', '=', false)
    .where('due_date', '<', to)
    .where('repeat_rule', 'is not', null)
    .where('repeat_from', '=', 'due')
    .execute();
}

/** How many occurrences each series with COUNT has used up (done or skipped). */
async function usedOccurrences(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('todo_occurrences')
    .select(['todo_id', (eb) => eb.fn.countAll<number>().as('used')])
    .where('todo_id', 'in', ids)
    .groupBy('todo_id')
    .execute();
  return new Map(rows.map((row) => [row.todo_id, Number(row.used)]));
}

/**
 * The days after a series' due date on which it falls in the range: its current occurrence is the
 * todo itself, its excluded dates are none (moved on their own), and COUNT leaves
 * `count - used - 1` more, an excluded date using one up as a skip does.
 */
function laterDays(
  series: RepeatSeries,
  due: string,
  { from, to }: CalendarRangeQuery,
  used: number,
): string[] {
  const dayAfter = addDays(due, 1);
  const first = dayAfter > from ? dayAfter : from;
  if (first > to) {
    return [];
  }
  if (series.rule.count === null) {
    return occurrencesBetween(series, first, to);
  }
  // The rule's days between the due date and the range use up the count too, excluded or not.
  const before = first > dayAfter ? ruleDaysBetween(series, dayAfter, addDays(first, -1)) : [];
  const passed = used + excludedBefore(series, due);
  const left = Math.max(0, series.rule.count - passed - 1 - before.length);
  const excluded = series.excluded ?? [];
  return ruleDaysBetween(series, first, to)
    .slice(0, left)
    .filter((day) => !excluded.includes(day));
}

/** The days of the range that fall within one of the user's days off. */
async function daysOffIn(db: Kysely<Database>, userId: string, range: CalendarRangeQuery) {
  const offs = await daysOffOf(db, userId);
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    if (offs.some((off) => off.start <= day && day <= off.end)) {
      days.push(day);
    }
  }
  return days;
}

export async function calendarRange(
  db: Kysely<Database>,
  userId: string,
  query: CalendarRangeQuery,
  today: string,
  zone: string,
): Promise<CalendarRange> {
  const range = { ...rangeOf(userId, query.from, query.to, today, zone), allDone: true };
  const [due, repeating, tasks, shared, daysOff, blocks] = await Promise.all([
    dueInRange(db, userId, query),
    openSeries(db, userId, query.to),
    planTasks(db, range),
    sharedTasks(db, range),
    daysOffIn(db, userId, query),
    blocksInRange(db, userId, query),
  ]);
  const series = repeating.map((row) => ({ row, series: seriesOf(row, zone) }));
  const used = await usedOccurrences(
    db,
    series.filter((each) => (each.series?.rule.count ?? null) !== null).map(({ row }) => row.id),
  );
  const projected = series.flatMap(({ row, series: rule }) => {
    const dates =
      rule && row.due_date ? laterDays(rule, row.due_date, query, used.get(row.id) ?? 0) : [];
    return dates.length > 0 ? [{ row, dates }] : [];
  });
  // Each row presented once: a series due in the range is both a todo there and a repeat.
  const rows = new Map<string, TodoRow>();
  for (const row of [...due, ...projected.map(({ row }) => row)]) {
    rows.set(row.id, row);
  }
  const presented = await presentTodos(db, userId, [...rows.values()], today, zone);
  const todos = new Map<string, Todo>(presented.map((todo) => [todo.id, todo]));
  const present = (row: TodoRow) => todos.get(row.id) as Todo;
  return {
    from: query.from,
    to: query.to,
    todos: due.map(present).sort(byDueThenPriority),
    repeats: projected.map(({ row, dates }) => ({ todo: present(row), dates })),
    planTasks: tasks,
    sharedTasks: shared,
    daysOff,
    blocks,
  };
}
