import { MESSAGES, QUOTAS } from '@daywise/shared';
import type { Tag, TagInput } from '@daywise/shared/schemas';
import { tagSchema, type tagUpdateSchema } from '@daywise/shared/schemas';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';

import type { Database, UserTagTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { requireUnderQuota } from '../lib/quota';
import { refuseDuplicate } from '../lib/unique-violation';
import { refreshCompletion } from './completion';
import { ownTag } from './policy';

type TagRow = Selectable<UserTagTable>;

/**
 * What makes two tag names the same: case and compatibility forms folded in every script, in
 * JavaScript because SQLite's lower() folds only ASCII (ADR 0016). Stored as `name_key`, whose
 * unique index settles two creations racing each other.
 */
export function tagNameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und');
}

function nameTaken(): ApiError {
  return new ApiError('CONFLICT', MESSAGES.tagNameTaken, { name: MESSAGES.tagNameTaken });
}

function presentTag(row: TagRow): Tag {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at };
}

/** The user's tags ordered by name, ignoring case. */
export async function listTags(db: Kysely<Database>, userId: string): Promise<Tag[]> {
  const rows = await db
    .selectFrom('user_tags')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .limit(QUOTAS.tags)
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
    .where('name_key', '=', tagNameKey(name));
  if (exceptId) {
    query = query.where('id', '!=', exceptId);
  }
  if (await query.executeTakeFirst()) {
    throw nameTaken();
  }
}

/** Refuses (403 QUOTA_EXCEEDED) a new tag for a user who has QUOTAS.tags of them already. */
export async function requireTagRoom(trx: Transaction<Database>, userId: string): Promise<void> {
  await requireUnderQuota(trx, 'user_tags', [
    {
      userId,
      rows: trx.selectFrom('user_tags').where('user_id', '=', userId),
      max: QUOTAS.tags,
      message: `You can have at most ${QUOTAS.tags} tags.`,
    },
  ]);
}

/**
 * Adds a tag named `name` that the caller knows the user has not, within the room it has
 * checked (a write of several tags checks once); answers its id.
 */
export async function insertTag(
  trx: Kysely<Database>,
  userId: string,
  tag: { name: string; color: string; createdAt: string },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('user_tags')
    .values({
      id,
      user_id: userId,
      name: tag.name,
      name_key: tagNameKey(tag.name),
      color: tag.color,
      created_at: tag.createdAt,
    })
    .execute();
  return id;
}

export async function createTag(
  db: Kysely<Database>,
  userId: string,
  input: TagInput,
  now: Date,
): Promise<Tag> {
  const tag = tagSchema.parse(input);
  const row: TagRow = {
    id: newId(),
    user_id: userId,
    name: tag.name,
    name_key: tagNameKey(tag.name),
    color: tag.color,
    created_at: now.toISOString(),
  };
  await refuseDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, userId, tag.name);
        await requireTagRoom(trx, userId);
        await trx.insertInto('user_tags').values(row).execute();
      }),
    nameTaken,
  );
  return presentTag(row);
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
  now: Date,
  today: string,
): Promise<Tag> {
  const write = () =>
    db.transaction().execute(async (trx) => {
      const current = await ownTag(trx, userId, id);
      const next = { name: update.name ?? current.name, color: update.color ?? current.color };
      const nextKey = tagNameKey(next.name);
      if (nextKey !== current.name_key) {
        await refuseTakenName(trx, userId, next.name, id);
      }
      await trx
        .updateTable('user_tags')
        .set({ ...next, name_key: nextKey })
        .where('id', '=', id)
        .execute();
      // Matched in JavaScript with the same key as the tag, not with SQL lower() (ASCII only on
      // SQLite), so tasks tagged in any script follow.
      const tasks = await trx
        .selectFrom('daily_tasks')
        .innerJoin('daily_plans', 'daily_plans.id', 'daily_tasks.plan_id')
        .select(['daily_tasks.id', 'daily_tasks.tag', 'daily_plans.id as plan_id'])
        .select(['daily_plans.user_id', 'daily_plans.plan_date'])
        .where('daily_plans.user_id', '=', userId)
        .where('daily_plans.plan_date', '>=', today)
        .where('daily_tasks.tag', 'is not', null)
        .execute();
      const tagged = tasks.filter((task) => task.tag && tagNameKey(task.tag) === current.name_key);
      if (tagged.length > 0) {
        await trx
          .updateTable('daily_tasks')
          .set({ tag: next.name, tag_color: next.color })
          .where(
            'id',
            'in',
            tagged.map((task) => task.id),
          )
          .execute();
      }
      const plans = new Map(
        tagged.map((task) => [
          task.plan_id,
          { id: task.plan_id, user_id: task.user_id, plan_date: task.plan_date },
        ]),
      );
      for (const plan of plans.values()) {
        await refreshCompletion(trx, plan, now);
      }
      return presentTag({ ...current, ...next });
    });
  return refuseDuplicate(write, nameTaken);
}

/** Deleting a tag leaves the tasks that used it as they are (they keep its name and colour). */
export async function deleteTag(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  await ownTag(db, userId, id);
  await db.deleteFrom('user_tags').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** The colour of each of the user's tags, by name key (tagNameKey), for tasks that name them. */
export async function tagColors(
  db: Kysely<Database>,
  userId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('user_tags')
    .select(['name', 'color'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [tagNameKey(row.name), row.color]));
}
