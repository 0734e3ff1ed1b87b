import { QUOTAS } from '@daywise/shared';
import {
  type ImportProblem,
  SAVED_FILTER_LIMITS,
  savedFilterCreateSchema,
} from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { checkedFilterQuery } from '../filters/compile';
import type { ArchiveRest } from './parsed-import';
import { firstIssue } from './restore';
import { restoreOrdered } from './restore-ordered';

/**
 * Restores an archive's saved filters (ADR 0028) within the caller's transaction, as
 * restoreOrdered does: in order, each as the filter form would accept it (its query read by the
 * parser, a query that does not parse named in a problem line), within QUOTAS.savedFilters.
 * Answers how many were added.
 */
export async function restoreSavedFilters(
  trx: Kysely<Database>,
  userId: string,
  filters: ArchiveRest['savedFilters'],
  problems: ImportProblem[],
): Promise<number> {
  const { added } = await restoreOrdered(
    trx,
    userId,
    {
      table: 'saved_filters',
      kind: 'saved-filter',
      noun: 'Saved filter',
      plural: 'saved filters',
      quota: QUOTAS.savedFilters,
      nameMax: SAVED_FILTER_LIMITS.nameMax,
      check: (filter) => {
        const checked = savedFilterCreateSchema.safeParse(filter);
        if (!checked.success) {
          return { ok: false, reason: firstIssue(checked.error) };
        }
        const refusal = checkedFilterQuery(checked.data.query);
        return refusal === undefined
          ? { ok: true, values: checked.data }
          : { ok: false, reason: refusal.message };
      },
      insert: async (id, values, filter, position) => {
        await trx
          .insertInto('saved_filters')
          .values({
            id,
            user_id: userId,
            name: values.name,
            color: values.color,
            query: values.query,
            position,
            created_at: filter.createdAt,
            updated_at: filter.updatedAt,
          })
          .execute();
      },
    },
    filters,
    problems,
  );
  return added;
}
