import type { ErrorCode } from '@daywise/shared';
import type { Kysely, Selectable } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from './errors';

/**
 * Who may read or change what (docs/ARCHITECTURE.md, "Policies"). One rule holds for every
 * resource:
 * - one the user may not read answers exactly as a missing one, 404 with the resource's
 *   not-found code, so nobody learns that another user's todo, plan or chat exists;
 * - one the user may read but not change answers 403 with the reason (PERMISSION_DENIED unless
 *   the feature has a more precise code).
 * Each feature states its rules with these two functions in its own `policy.ts`.
 */

/** `resource` if the user may read it; otherwise the 404 a missing one gets. */
export function readable<T>(resource: T | undefined, notFound: ErrorCode = 'NOT_FOUND'): T {
  if (resource === undefined) {
    throw new ApiError(notFound);
  }
  return resource;
}

/**
 * Passes when the user may make this change to a resource they can read; 403 otherwise, with the
 * code's message unless a more precise one is given.
 */
export function changeable(
  allowed: boolean,
  denied: ErrorCode = 'PERMISSION_DENIED',
  message?: string,
): void {
  if (!allowed) {
    throw new ApiError(denied, message);
  }
}

/** The tables of things a single user owns outright, by `user_id`. */
export type OwnedTable =
  | 'todos'
  | 'lists'
  | 'sections'
  | 'saved_filters'
  | 'daily_plans'
  | 'user_tags'
  | 'push_subscriptions';

/** The user's own row of `table`, or 404: another user's id answers exactly like a missing one. */
export async function ownRow<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
  id: string,
): Promise<Selectable<Database[T]>> {
  // Every owned table has these two columns; the row comes back as the table's own type.
  const owned = db as unknown as Kysely<{ owned: { id: string; user_id: string } }>;
  const row = await owned
    .selectFrom(table as unknown as 'owned')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return readable(row as Selectable<Database[T]> | undefined);
}
