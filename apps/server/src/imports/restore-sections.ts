import { QUOTAS } from '@daywise/shared';
import { type ImportProblem, SECTION_LIMITS, sectionCreateSchema } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { ArchiveRest } from './parsed-import';
import { firstIssue, restoredId } from './restore';

/** A section restored for an archive's, and its list (null: the Inbox). */
export interface RestoredSection {
  id: string;
  listId: string | null;
}

/**
 * Restores an archive's sections (ADR 0027) within the caller's transaction, after its lists
 * (`listIds`: the archive's list ids to the lists restored for them): each last among its list's
 * sections in the archive's order, as a section form would accept it and within
 * QUOTAS.sectionsPerList. A section of a list that was not restored is not either (its todos go
 * to the Inbox, in no section). Like a list, a section keeps an id derived from the user and its
 * archived id, or its archived id in the account it came from. Answers the archive's section ids
 * mapped to the sections that hold their todos now, and how many were added.
 */
export async function restoreSections(
  trx: Kysely<Database>,
  userId: string,
  sections: ArchiveRest['sections'],
  listIds: ReadonlyMap<string, string>,
  problems: ImportProblem[],
): Promise<{ sectionIds: Map<string, RestoredSection>; added: number }> {
  const sectionIds = new Map<string, RestoredSection>();
  const rows = await trx
    .selectFrom('sections')
    .select(['id', 'list_id'])
    .where('user_id', '=', userId)
    .execute();
  const have = new Map(rows.map((row) => [row.id, row.list_id]));
  const perList = new Map<string | null, number>();
  for (const row of rows) {
    perList.set(row.list_id, (perList.get(row.list_id) ?? 0) + 1);
  }
  let added = 0;
  for (const section of [...sections].sort((a, b) => a.position - b.position)) {
    const id = have.has(section.id) ? section.id : restoredId(userId, 'section', section.id);
    const here = have.get(id);
    if (here !== undefined) {
      sectionIds.set(section.id, { id, listId: here });
      continue;
    }
    const name = section.name.slice(0, SECTION_LIMITS.nameMax);
    const listId = section.listId === null ? null : listIds.get(section.listId);
    if (listId === undefined) {
      problems.push({ row: 0, message: `Section "${name}" not restored: its list was not` });
      continue;
    }
    const checked = sectionCreateSchema.safeParse({ listId, name: section.name });
    if (!checked.success) {
      problems.push({
        row: 0,
        message: `Section "${name}" not restored: ${firstIssue(checked.error)}`,
      });
      continue;
    }
    const count = perList.get(listId) ?? 0;
    if (count >= QUOTAS.sectionsPerList) {
      problems.push({
        row: 0,
        message: `Section "${name}" not restored: a list can have at most ${QUOTAS.sectionsPerList} sections`,
      });
      continue;
    }
    await trx
      .insertInto('sections')
      .values({
        id,
        user_id: userId,
        list_id: listId,
        name: checked.data.name,
        position: count,
        created_at: section.createdAt,
        updated_at: section.updatedAt,
      })
      .execute();
    have.set(id, listId);
    perList.set(listId, count + 1);
    sectionIds.set(section.id, { id, listId });
    added += 1;
  }
  return { sectionIds, added };
}
