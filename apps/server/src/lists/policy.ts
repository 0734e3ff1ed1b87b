import { MESSAGES } from '@daywise/shared';
import type { Kysely, Selectable } from 'kysely';

import type { Database, ListTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { ownRow } from '../lib/policy';

/** The user's own list, or 404: another user's list answers exactly like a missing one. */
export function ownList(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Selectable<ListTable>> {
  return ownRow(db, 'lists', userId, id);
}

/**
 * The list a todo may be put in: null (the Inbox) or one of the user's own lists. Any other id,
 * another user's list included, is refused like an unknown tag (400, on the field).
 */
export async function listForTodo(
  db: Kysely<Database>,
  userId: string,
  listId: string | null,
): Promise<string | null> {
  if (listId === null) {
    return null;
  }
  const row = await db
    .selectFrom('lists')
    .select('id')
    .where('id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.todoListUnknown, {
      listId: MESSAGES.todoListUnknown,
    });
  }
  return row.id;
}
