import { addDays, MESSAGES, PLAN_DAY_REACH } from '@daywise/shared';
import type { Plan } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { planOn } from './plans';

/** Whether `date` lies within PLAN_DAY_REACH days of `today` (YYYY-MM-DD compare as strings). */
function withinReach(date: string, today: string): boolean {
  return date >= addDays(today, -PLAN_DAY_REACH) && date <= addDays(today, PLAN_DAY_REACH);
}

/**
 * The user's plan of a day near today, or null: the Daily Goals page steps through days with
 * it. A day further than a year from today is refused like a malformed date (400), so the read
 * stays a lookup of one bounded key and never a walk through years of empty days.
 */
export function planOfDay(
  db: Kysely<Database>,
  userId: string,
  date: string,
  today: string,
): Promise<Plan | null> {
  if (!withinReach(date, today)) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.planDayOutOfReach, {
      date: MESSAGES.planDayOutOfReach,
    });
  }
  return planOn(db, userId, date);
}

/**
 * Refuses the day of a new plan before the user's today or further than PLAN_DAY_REACH days
 * ahead: the plan dialog's own bounds (docs/product/daily-goals.md), kept for every API client.
 */
export function assertPlannableDay(date: string, today: string): void {
  if (date < today) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.planDayPast, {
      planDate: MESSAGES.planDayPast,
    });
  }
  if (date > addDays(today, PLAN_DAY_REACH)) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.planDayOutOfReach, {
      planDate: MESSAGES.planDayOutOfReach,
    });
  }
}
