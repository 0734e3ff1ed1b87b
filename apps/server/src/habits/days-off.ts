import { daysBetween, MESSAGES } from '@daywise/shared';
import {
  type DayOff,
  type DayOffCreate,
  DAYS_OFF_LIMIT,
  DAYS_OFF_MAX_SPAN,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable, Transaction } from 'kysely';

import type { Database, DayOffTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import type { DayOffRange } from './habit';

/** Days off (docs/product/todos.md, "Repeating todos and habits"): a user's own, by `user_id`. */

function presentDayOff(row: Selectable<DayOffTable>): DayOff {
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: row.created_at,
  };
}

/** The days off as the habit counts them. */
export async function daysOffOf(db: Kysely<Database>, userId: string): Promise<DayOffRange[]> {
  const rows = await db
    .selectFrom('days_off')
    .select(['start_date', 'end_date'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ start: row.start_date, end: row.end_date }));
}

/** Soonest first. */
export async function listDaysOff(db: Kysely<Database>, userId: string): Promise<DayOff[]> {
  const rows = await db
    .selectFrom('days_off')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_date')
    .orderBy('end_date')
    .orderBy('id')
    .execute();
  return rows.map(presentDayOff);
}

/** The number of days from `start` to `end`, both included (0 or less when `end` is earlier). */
export function dayOffSpan(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

export async function createDayOff(
  db: Transaction<Database>,
  userId: string,
  input: DayOffCreate,
  now: Date,
): Promise<DayOff> {
  if (
    input.endDate < input.startDate ||
    dayOffSpan(input.startDate, input.endDate) > DAYS_OFF_MAX_SPAN
  ) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.daysOffTooLong(DAYS_OFF_MAX_SPAN), {
      endDate: MESSAGES.daysOffTooLong(DAYS_OFF_MAX_SPAN),
    });
  }
  await requireUnderQuota(db, 'days_off', [
    {
      userId,
      rows: db.selectFrom('days_off').where('user_id', '=', userId),
      max: DAYS_OFF_LIMIT,
      message: MESSAGES.daysOffLimit(DAYS_OFF_LIMIT),
    },
  ]);
  const row: Selectable<DayOffTable> = {
    id: newId(),
    user_id: userId,
    start_date: input.startDate,
    end_date: input.endDate,
    created_at: now.toISOString(),
  };
  await db.insertInto('days_off').values(row).execute();
  return presentDayOff(row);
}

/** Removes one of the user's days off (404 for another's) and answers the days it covered. */
export async function removeDayOff(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<DayOffRange> {
  const row = await db
    .selectFrom('days_off')
    .select(['start_date', 'end_date'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const removed = readable(row);
  await db.deleteFrom('days_off').where('id', '=', id).where('user_id', '=', userId).execute();
  return { start: removed.start_date, end: removed.end_date };
}
