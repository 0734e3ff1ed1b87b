import { MESSAGES } from '@daywise/shared';
import type { Kysely, Selectable } from 'kysely';

import type { Database, SectionTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { ownRow } from '../lib/policy';

/** The user's own section, or 404: another user's section answers exactly like a missing one. */
export function ownSection(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Selectable<SectionTable>> {
  return ownRow(db, 'sections', userId, id);
}

/**
 * The section a top-level todo in `listId` (null: the Inbox) may be put in: null (none) or a
 * section of that list of the user's own. Any other id, another user's section included, is
 * refused on the field (400), as another user's list is.
 */
export async function sectionForTodo(
  db: Kysely<Database>,
  userId: string,
  sectionId: string | null,
  listId: string | null,
): Promise<string | null> {
  if (sectionId === null) {
    return null;
  }
  const row = await db
    .selectFrom('sections')
    .select('id')
    .where('id', '=', sectionId)
    .where('user_id', '=', userId)
    .where('list_id', listId === null ? 'is' : '=', listId)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.todoSectionUnknown, {
      sectionId: MESSAGES.todoSectionUnknown,
    });
  }
  return row.id;
}
