import { QUOTAS } from '@daywise/shared';
import { type ImportProblem, LIST_LIMITS, listCreateSchema } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import type { ArchiveRest } from './parsed-import';
import { firstIssue, restoredId } from './restore';

/**
 * Restores an archive's lists (ADR 0026) within the caller's transaction, after the user's own
 * and in the archive's order, each as a list form would accept it and within QUOTAS.lists (at
 * most that many inserts, so the transaction never needs to yield). A list keeps an id derived
 * from the user and its archived id, so importing the archive again finds it and adds nothing;
 * in the account the archive came from, the list with the archived id is already here.
 * Answers the archive's list ids mapped to the lists that hold their todos now, and how many
 * were added.
 */
export async function restoreLists(
  trx: Kysely<Database>,
  userId: string,
  lists: ArchiveRest['lists'],
  problems: ImportProblem[],
): Promise<{ listIds: Map<string, string>; added: number }> {
  const listIds = new Map<string, string>();
  const rows = await trx.selectFrom('lists').select('id').where('user_id', '=', userId).execute();
  const have = new Set(rows.map((row) => row.id));
  let added = 0;
  for (const list of [...lists].sort((a, b) => a.position - b.position)) {
    const id = have.has(list.id) ? list.id : restoredId(userId, 'list', list.id);
    if (have.has(id)) {
      listIds.set(list.id, id);
      continue;
    }
    const name = list.name.slice(0, LIST_LIMITS.nameMax);
    const checked = listCreateSchema.safeParse(list);
    if (!checked.success) {
      problems.push({
        row: 0,
        message: `List "${name}" not restored: ${firstIssue(checked.error)}`,
      });
      continue;
    }
    if (have.size >= QUOTAS.lists) {
      problems.push({
        row: 0,
        message: `List "${name}" not restored: you can have at most ${QUOTAS.lists} lists`,
      });
      continue;
    }
    await trx
      .insertInto('lists')
      .values({
        id,
        user_id: userId,
        name: checked.data.name,
        color: checked.data.color,
        position: sql<number>`(select count(*) from lists where user_id = ${userId})`,
        archived: list.archived,
        created_at: list.createdAt,
        updated_at: list.updatedAt,
      })
      .execute();
    have.add(id);
    listIds.set(list.id, id);
    added += 1;
  }
  return { listIds, added };
}
