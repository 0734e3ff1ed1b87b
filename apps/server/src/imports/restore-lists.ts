import { QUOTAS } from '@daywise/shared';
import { type ImportProblem, LIST_LIMITS, listCreateSchema } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { ArchiveRest } from './parsed-import';
import { firstIssue } from './restore';
import { restoreOrdered } from './restore-ordered';

/**
 * Restores an archive's lists (ADR 0026) within the caller's transaction, as restoreOrdered does:
 * in order, each as a list form would accept it, within QUOTAS.lists. Answers the archive's list
 * ids mapped to the lists that hold their todos now, and how many were added.
 */
export async function restoreLists(
  trx: Kysely<Database>,
  userId: string,
  lists: ArchiveRest['lists'],
  problems: ImportProblem[],
): Promise<{ listIds: Map<string, string>; added: number }> {
  const { ids, added } = await restoreOrdered(
    trx,
    userId,
    {
      table: 'lists',
      kind: 'list',
      noun: 'List',
      plural: 'lists',
      quota: QUOTAS.lists,
      nameMax: LIST_LIMITS.nameMax,
      check: (list) => {
        const checked = listCreateSchema.safeParse(list);
        return checked.success
          ? { ok: true, values: checked.data }
          : { ok: false, reason: firstIssue(checked.error) };
      },
      insert: async (id, values, list, position) => {
        await trx
          .insertInto('lists')
          .values({
            id,
            user_id: userId,
            name: values.name,
            color: values.color,
            position,
            archived: list.archived,
            created_at: list.createdAt,
            updated_at: list.updatedAt,
          })
          .execute();
      },
    },
    lists,
    problems,
  );
  return { listIds: ids, added };
}
