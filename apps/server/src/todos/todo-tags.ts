import { MESSAGES } from '@daywise/shared';
import type { TodoTag } from '@daywise/shared/schemas';
import { type Kysely, sql, type SqlBool } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';

/* A todo's tags: read for the lists and answers, checked and set by the writes. */

/**
 * Whether the user has any tag. Most people have none, and then none of their todos carries one:
 * one look at their own tags spares reading every todo's (ADR 0018, Tags only for users who have
 * them). SQL, so that a list can ask it within its own query.
 */
export const hasAnyTag = (userId: string) =>
  sql<SqlBool>`exists (select 1 from user_tags where user_id = ${userId})`;

export async function hasTags(db: Kysely<Database>, userId: string): Promise<boolean> {
  const { any } = await db.selectNoFrom(hasAnyTag(userId).as('any')).executeTakeFirstOrThrow();
  return Boolean(any);
}

/** The tags of each of these todos, ordered by name, read in a few queries whatever their number. */
export async function tagsOf(
  db: Kysely<Database>,
  todoIds: readonly string[],
): Promise<Map<string, TodoTag[]>> {
  const tags = new Map<string, TodoTag[]>();
  for (let start = 0; start < todoIds.length; start += 1000) {
    const rows = await db
      .selectFrom('todo_tags')
      .innerJoin('user_tags', 'user_tags.id', 'todo_tags.tag_id')
      .select(['todo_tags.todo_id', 'user_tags.id', 'user_tags.name', 'user_tags.color'])
      .where('todo_tags.todo_id', 'in', todoIds.slice(start, start + 1000))
      .orderBy('user_tags.name_key')
      .orderBy('user_tags.id')
      .execute();
    for (const row of rows) {
      const list = tags.get(row.todo_id) ?? [];
      list.push({ id: row.id, name: row.name, color: row.color });
      tags.set(row.todo_id, list);
    }
  }
  return tags;
}

/** The tags of each of these todos of the user, by todo id. */
export async function tagsOfTodos(
  db: Kysely<Database>,
  userId: string,
  todoIds: readonly string[],
): Promise<Map<string, TodoTag[]>> {
  return (await hasTags(db, userId)) ? tagsOf(db, todoIds) : new Map();
}

/**
 * The user's own tags with these ids, ordered by name; any id that is not one of their tags
 * (missing, or another user's) is a 400 naming the field.
 */
export async function ownTags(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<TodoTag[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .selectFrom('user_tags')
    .select(['id', 'name', 'color'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  if (rows.length !== ids.length) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.todoTagUnknown, {
      tagIds: MESSAGES.todoTagUnknown,
    });
  }
  return rows;
}

/** Gives a todo exactly these tags (already checked to be the user's). */
export async function setTodoTags(
  db: Kysely<Database>,
  todoId: string,
  tags: TodoTag[],
): Promise<void> {
  await db.deleteFrom('todo_tags').where('todo_id', '=', todoId).execute();
  if (tags.length > 0) {
    await db
      .insertInto('todo_tags')
      .values(tags.map((tag) => ({ todo_id: todoId, tag_id: tag.id })))
      .execute();
  }
}
