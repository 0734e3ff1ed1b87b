import { type HabitItem, STREAK_LIST_SIZE } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { currentHabit } from '../todos/habit-count';
import { daysOffOf } from './days-off';
import type { DayOffRange } from './habit';

/**
 * The dashboard's habits beside the plan streaks: the user's open repeating todos with a streak,
 * longest first (then the best, then the title), at most STREAK_LIST_SIZE. One read along the
 * index of repeating todos (migration 0014), each habit as kept on its row plus the occurrences
 * since.
 */
export async function habitItems(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
): Promise<HabitItem[]> {
  // Along the index of repeating todos; filtering on `completed` in SQL would lead the database
  // through every open todo instead.
  const repeating = await db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('repeat_rule', 'is not', null)
    .execute();
  const rows = repeating.filter((row) => !row.completed);
  let daysOff: Promise<DayOffRange[]> | undefined;
  const readDaysOff = () => (daysOff ??= daysOffOf(db, userId));
  const items: HabitItem[] = [];
  for (const row of rows) {
    const habit = await currentHabit(row, today, zone, readDaysOff);
    if (habit && habit.streak > 0) {
      const { streak, best, freezes } = habit;
      items.push({ todoId: row.id, title: row.title, streak, best, freezes });
    }
  }
  items.sort(
    (a, b) =>
      b.streak - a.streak ||
      b.best - a.best ||
      (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
      (a.todoId < b.todoId ? -1 : 1),
  );
  return items.slice(0, STREAK_LIST_SIZE);
}
