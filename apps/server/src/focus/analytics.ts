import { addDays, startOfDayIn, todayIn } from '@daywise/shared';
import type { FocusAnalytics } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import { daysBetween, shortDate } from '../analytics/series';
import type { Database } from '../db/schema';

/** At most this many todos in 'estimate vs actual'. */
const ESTIMATES_SHOWN = 20;

/** The focus of a range of days: what the analytics and the PDF report both show. */
export interface FocusOverRange {
  /** Each day of the range, oldest first, with the minutes of the sessions that ended on it. */
  perDay: { day: string; minutes: number }[];
  totalMinutes: number;
  estimates: FocusAnalytics['estimates'];
}

/**
 * The focus of the days `start` to `end` in the user's zone (ADR 0032): the minutes of the
 * sessions that ended on each day, and the todos with an estimate focused on in the range, the
 * most focused first, with every minute focused on each so far.
 */
export async function focusOverRange(
  db: Kysely<Database>,
  userId: string,
  range: { start: string; end: string },
  zone: string,
): Promise<FocusOverRange> {
  const from = startOfDayIn(range.start, zone).toISOString();
  const to = startOfDayIn(addDays(range.end, 1), zone).toISOString();
  const inRange = db
    .selectFrom('focus_sessions')
    .where('user_id', '=', userId)
    .where('ended_at', '>=', from)
    .where('ended_at', '<', to);
  const [sessions, estimated] = await Promise.all([
    inRange.select(['ended_at', 'minutes']).execute(),
    db
      .selectFrom('todos')
      .select(['id', 'title', 'estimate_minutes', 'focus_minutes'])
      .where('user_id', '=', userId)
      .where('estimate_minutes', 'is not', null)
      .where('id', 'in', inRange.select('todo_id').where('todo_id', 'is not', null))
      .orderBy('focus_minutes', 'desc')
      .orderBy('id')
      .limit(ESTIMATES_SHOWN)
      .execute(),
  ]);
  const perDay = new Map(daysBetween(range.start, range.end).map((day) => [day, 0]));
  let totalMinutes = 0;
  for (const session of sessions) {
    const day = todayIn(zone, new Date(session.ended_at));
    perDay.set(day, (perDay.get(day) ?? 0) + session.minutes);
    totalMinutes += session.minutes;
  }
  return {
    perDay: [...perDay].map(([day, minutes]) => ({ day, minutes })),
    totalMinutes,
    estimates: estimated.map((todo) => ({
      todoId: todo.id,
      title: todo.title,
      estimateMinutes: todo.estimate_minutes ?? 0,
      actualMinutes: todo.focus_minutes,
    })),
  };
}

/** The focus charts over the last `days` days, today included (ADR 0032). */
export async function focusAnalytics(
  db: Kysely<Database>,
  userId: string,
  days: number,
  today: string,
  zone: string,
): Promise<FocusAnalytics> {
  const focus = await focusOverRange(
    db,
    userId,
    { start: addDays(today, -(days - 1)), end: today },
    zone,
  );
  return {
    perDay: {
      labels: focus.perDay.map(({ day }) => shortDate(day)),
      datasets: [{ label: 'Focus minutes', data: focus.perDay.map(({ minutes }) => minutes) }],
    },
    totalMinutes: focus.totalMinutes,
    estimates: focus.estimates,
  };
}
