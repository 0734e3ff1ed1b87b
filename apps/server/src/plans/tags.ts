import type { Tag, TagInput } from '@daywise/shared/schemas';
import { tagSchema, type tagUpdateSchema } from '@daywise/shared/schemas';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';

import type { Database, UserTagTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { refreshCompletion } from './completion';

type TagRow = Selectable<UserTagTable>;

function presentTag(row: TagRow): Tag {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at };
}

/** The user's tags ordered by name (spec 02 §7), ignoring case. */
export async function listTags(db: Kysely<Database>, userId: string): Promise<Tag[]> {
  const rows = await db
    .selectFrom('user_tags')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(presentTag);
}

/** Tasks name their tag, so two tags of one user may not share a name, whatever the case. */
async function refuseTakenName(
  db: Kysely<Database>,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  let query = db
    .selectFrom('user_tags')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) {
    query = query.where('id', '!=', exceptId);
  }
  if (await query.executeTakeFirst()) {
    const message = 'You already have a tag with this name';
    throw new ApiError('CONFLICT', message, { name: message });
  }
}

export async function createTag(
  db: Kysely<Database>,
  userId: string,
  input: TagInput,
  now: Date,
): Promise<Tag> {
  const tag = tagSchema.parse(input);
  await refuseTakenName(db, userId, tag.name);
  const row: TagRow = {
    id: newId(),
    user_id: userId,
    name: tag.name,
    color: tag.color,
    created_at: now.toISOString(),
  };
  await db.insertInto('user_tags').values(row).execute();
  return presentTag(row);
}

async function requireTag(db: Kysely<Database>, userId: string, id: string): Promise<TagRow> {
  const row = await db
    .selectFrom('user_tags')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError('NOT_FOUND');
  }
  return row;
}

/**
 * Renames or recolours a tag. Today's and later plans follow (their tasks and completion
 * records), so what the user is working on shows the new name; past days keep what they
 * recorded.
 */
export async function updateTag(
  db: Kysely<Database>,
  userId: string,
  id: string,
  update: z.output<typeof tagUpdateSchema>,
  today: string,
  now: Date,
): Promise<Tag> {
  return db.transaction().execute(async (trx) => {
    const current = await requireTag(trx, userId, id);
    const next = { name: update.name ?? current.name, color: update.color ?? current.color };
    if (next.name.toLowerCase() !== current.name.toLowerCase()) {
      await refuseTakenName(trx, userId, next.name, id);
    }
    await trx.updateTable('user_tags').set(next).where('id', '=', id).execute();
    const affected = await trx
      .selectFrom('daily_plans')
      .select(['id', 'user_id', 'plan_date'])
      .where('user_id', '=', userId)
      .where('plan_date', '>=', today)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('daily_tasks')
            .select('daily_tasks.id')
            .whereRef('daily_tasks.plan_id', '=', 'daily_plans.id')
            .where(sql`lower(daily_tasks.tag)`, '=', current.name.toLowerCase()),
        ),
      )
      .execute();
    for (const plan of affected) {
      await trx
        .updateTable('daily_tasks')
        .set({ tag: next.name, tag_color: next.color })
        .where('plan_id', '=', plan.id)
        .where(sql`lower(tag)`, '=', current.name.toLowerCase())
        .execute();
      await refreshCompletion(trx, plan, now);
    }
    return presentTag({ ...current, ...next });
  });
}

/** Deleting a tag leaves the tasks that used it as they are (they keep its name and colour). */
export async function deleteTag(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  await requireTag(db, userId, id);
  await db.deleteFrom('user_tags').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** The colour of each of the user's tags, by lower-case name, for tasks that name them. */
export async function tagColors(
  db: Kysely<Database>,
  userId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('user_tags')
    .select(['name', 'color'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.color]));
}
