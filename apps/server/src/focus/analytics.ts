import { addDays, startOfDayIn, todayIn } from '@daywise/shared';
import type { FocusAnalytics } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import { daysBetween, shortDate } from '../analytics/series';
import type { Database } from '../db/schema';

/** At most this many todos in 'estimate vs actual'. */
const ESTIMATES_SHOWN = 20;

/**
 * The focus charts over the last `days` days, today included (ADR 0032): the minutes of the
 * sessions that ended on each day in the user's zone, and the todos with an estimate focused on
 * in the range, the most focused first, with every minute focused on each so far.
 */
export async function focusAnalytics(
  db: Kysely<Database>,
  userId: string,
  days: number,
  today: string,
  zone: string,
): Promise<FocusAnalytics> {
  const start = addDays(today, -(days - 1));
  const from = startOfDayIn(start, zone).toISOString();
  const to = startOfDayIn(addDays(today, 1), zone).toISOString();
  const sessions = await db
    .selectFrom('focus_sessions')
    .select(['todo_id', 'ended_at', 'minutes'])
    .where('user_id', '=', userId)
    .where('ended_at', '>=', from)
    .where('ended_at', '<', to)
    .execute();
  const range = daysBetween(start, today);
  const perDay = new Map(range.map((day) => [day, 0]));
  const focusedTodos = new Set<string>();
  let totalMinutes = 0;
  for (const session of sessions) {
    const day = todayIn(zone, new Date(session.ended_at));
    perDay.set(day, (perDay.get(day) ?? 0) + session.minutes);
    totalMinutes += session.minutes;
    if (session.todo_id !== null) {
      focusedTodos.add(session.todo_id);
    }
  }
  const estimated =
    focusedTodos.size === 0
      ? []
      : await db
          .selectFrom('todos')
          .select(['id', 'title', 'estimate_minutes', 'focus_minutes'])
          .where('user_id', '=', userId)
          .where('id', 'in', [...focusedTodos])
          .where('estimate_minutes', 'is not', null)
          .orderBy('focus_minutes', 'desc')
          .orderBy('id')
          .limit(ESTIMATES_SHOWN)
          .execute();
  return {
    perDay: {
      labels: range.map(shortDate),
      datasets: [{ label: 'Focus minutes', data: range.map((day) => perDay.get(day) ?? 0) }],
    },
    totalMinutes,
    estimates: estimated.map((todo) => ({
      todoId: todo.id,
      title: todo.title,
      estimateMinutes: todo.estimate_minutes ?? 0,
      actualMinutes: todo.focus_minutes,
    })),
  };
}
