import { MESSAGES, QUOTAS } from '@daywise/shared';
import type {
  Section,
  SectionCreate,
  SectionsAnswer,
  SectionUpdate,
} from '@daywise/shared/schemas';
import { sectionCreateSchema } from '@daywise/shared/schemas';
import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
} from 'kysely';

import { fieldsOf, type HasEveryField } from '../db/fields';
import type { Database, SectionTable } from '../db/schema';
import { newId } from '../lib/ids';
import { lockQuota, requireUnderQuota } from '../lib/quota';
import { listForTodo } from '../lists/policy';
import { moveAllTodos } from '../todos/siblings';
import { ownSection } from './policy';

/*
 * A user's sections (issue 32, ADR 0027): named groups of todos within a list, or within the
 * Inbox (list_id null). Positions run from 0 without gaps within each list, as lists' do.
 */

type SectionRow = Selectable<SectionTable>;

/** A section's fields (db/fields.ts). */
const SECTION_FIELDS = fieldsOf<SectionRow>()({
  id: { column: 'id' },
  listId: { column: 'list_id' },
  name: { column: 'name' },
  position: { column: 'position' },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});
true satisfies HasEveryField<Section, typeof SECTION_FIELDS.table>;

export function presentSection(row: SectionRow): Section {
  return { ...SECTION_FIELDS.present(row), position: Number(row.position) };
}

/** The sections of one of the user's lists (null: the Inbox), as a condition. */
function inList(userId: string, listId: string | null) {
  return (eb: ExpressionBuilder<Database, 'sections'>) =>
    eb.and([
      eb('sections.user_id', '=', userId),
      eb('sections.list_id', listId === null ? 'is' : '=', listId),
    ]);
}

/** Every section of the user's: the Inbox's first, then each list's in the lists' order. */
export async function listSections(db: Kysely<Database>, userId: string): Promise<SectionsAnswer> {
  const rows = await db
    .selectFrom('sections')
    .leftJoin('lists', 'lists.id', 'sections.list_id')
    .selectAll('sections')
    .where('sections.user_id', '=', userId)
    .orderBy(sql`coalesce(lists.position, -1)`)
    .orderBy('sections.position')
    .orderBy('sections.id')
    .execute();
  return { sections: rows.map(presentSection) };
}

/** How many sections the list has: the next one's position. */
async function sectionCount(
  db: Kysely<Database>,
  userId: string,
  listId: string | null,
): Promise<number> {
  const { count } = await db
    .selectFrom('sections')
    .select(sql<number | string>`count(*)`.as('count'))
    .where(inList(userId, listId))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A new section in one of the user's lists or the Inbox (another user's list is refused on the
 * field, 400), placed last, within QUOTAS.sectionsPerList for that list.
 */
export async function createSection(
  trx: Transaction<Database>,
  userId: string,
  input: SectionCreate,
  now: Date,
): Promise<Section> {
  const section = sectionCreateSchema.parse(input);
  const listId = await listForTodo(trx, userId, section.listId);
  await requireUnderQuota(trx, 'sections', [
    {
      userId,
      rows: trx.selectFrom('sections').where(inList(userId, listId)),
      max: QUOTAS.sectionsPerList,
      message: MESSAGES.sectionQuota,
    },
  ]);
  const row: SectionRow = {
    id: newId(),
    user_id: userId,
    list_id: listId,
    name: section.name,
    position: await sectionCount(trx, userId, listId),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await trx.insertInto('sections').values(row).execute();
  return presentSection(row);
}

/**
 * Moves a section to `target` among its list's sections (clamped to the last place), shifting
 * those in between by one. Answers the position it took.
 */
async function moveSection(
  trx: Kysely<Database>,
  current: SectionRow,
  target: number,
): Promise<number> {
  const from = Number(current.position);
  const to = Math.min(target, (await sectionCount(trx, current.user_id, current.list_id)) - 1);
  const others = inList(current.user_id, current.list_id);
  if (to < from) {
    await trx
      .updateTable('sections')
      .set({ position: sql`position + 1` })
      .where(others)
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  } else if (to > from) {
    await trx
      .updateTable('sections')
      .set({ position: sql`position - 1` })
      .where(others)
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  }
  return to;
}

/** Renames or moves the user's own section (404 for any other). */
export async function updateSection(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  update: SectionUpdate,
  now: Date,
): Promise<Section> {
  // Moves and deletes of a user's sections take turns, as their creations do (lib/quota.ts),
  // each reading the positions the one before it wrote.
  await lockQuota(trx, 'sections', [userId]);
  const current = await ownSection(trx, userId, id);
  const changes: Partial<SectionRow> = { updated_at: now.toISOString() };
  if (update.name !== undefined) {
    changes.name = update.name;
  }
  if (update.position !== undefined) {
    changes.position = await moveSection(trx, current, update.position);
  }
  await trx
    .updateTable('sections')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return presentSection({ ...current, ...changes });
}

/**
 * Deletes the user's own section. Its todos stay in its list, in no section: the top-level ones
 * go last among the list's todos in no section, in their order. Answers whether it held todos.
 */
export async function deleteSection(
  trx: Transaction<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  await lockQuota(trx, 'sections', [userId]);
  const current = await ownSection(trx, userId, id);
  const held = await trx
    .selectFrom('todos')
    .select('id')
    .where('user_id', '=', userId)
    .where('list_id', current.list_id === null ? 'is' : '=', current.list_id)
    .where('section_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (held) {
    await moveAllTodos(trx, userId, { listId: current.list_id, sectionId: id }, current.list_id);
  }
  await trx.deleteFrom('sections').where('id', '=', id).where('user_id', '=', userId).execute();
  await trx
    .updateTable('sections')
    .set({ position: sql`position - 1` })
    .where(inList(userId, current.list_id))
    .where('position', '>', current.position)
    .execute();
  return held !== undefined;
}
