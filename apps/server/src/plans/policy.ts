import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ownRow, readable } from '../lib/policy';

/**
 * Who may read or change plans and tags (docs/ARCHITECTURE.md, "Policies"): a user's plans and
 * tags are theirs alone, so another user's id answers exactly like a missing one (404).
 */

/** The user's own plan, or 404. */
export function ownPlan(db: Kysely<Database>, userId: string, id: string) {
  return ownRow(db, 'daily_plans', userId, id);
}

/** The user's own tag, or 404. */
export function ownTag(db: Kysely<Database>, userId: string, id: string) {
  return ownRow(db, 'user_tags', userId, id);
}

/** A task of a plan already known to be the user's, or 404 when it is not on that plan. */
export async function taskOfPlan(db: Kysely<Database>, planId: string, taskId: string) {
  return readable(
    await db
      .selectFrom('daily_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('plan_id', '=', planId)
      .executeTakeFirst(),
  );
}
