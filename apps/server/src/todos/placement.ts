import { MESSAGES } from '@daywise/shared';
import type { TodoUpdate } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { listForTodo } from '../lists/policy';
import { sectionForTodo } from '../sections/policy';
import { leaveSiblings, moveAmong, placeAmong, sameSiblings, siblingsOf } from './siblings';
import { moveDescendants, parentFor } from './subtasks';
import type { TodoRow } from './todo-fields';

/*
 * Where a todo is (ADR 0027): its list, its section, its parent and its place among its
 * siblings, as a create or an update sets them. A subtask is always in its parent's list and
 * section; a top-level todo's section is one of its list's.
 */

type Where = Pick<TodoRow, 'list_id' | 'section_id' | 'parent_id'>;
type Asked = Pick<TodoUpdate, 'listId' | 'sectionId' | 'parentId'>;

/** A subtask's list or section asked for that is not its parent's: refused on the field. */
function notTheParents(field: 'listId' | 'sectionId'): ApiError {
  return new ApiError('VALIDATION_FAILED', MESSAGES.subtaskPlacement, {
    [field]: MESSAGES.subtaskPlacement,
  });
}

/**
 * The list, section and parent a todo is to have: what the request asks, checked as the user's
 * own and against the rules, and otherwise what it has (`current`; a new todo has none: the
 * Inbox, no section, top-level). A new list without a section leaves it in none.
 */
async function whereTo(
  db: Kysely<Database>,
  userId: string,
  current: TodoRow | undefined,
  asked: Asked,
): Promise<Where> {
  const parentId = asked.parentId !== undefined ? asked.parentId : (current?.parent_id ?? null);
  if (parentId !== null) {
    // A subtask staying under its parent is in its list and section already.
    const parent =
      current && parentId === current.parent_id
        ? current
        : await parentFor(db, userId, current?.id, parentId);
    if (asked.listId !== undefined && asked.listId !== parent.list_id) {
      throw notTheParents('listId');
    }
    if (asked.sectionId !== undefined && asked.sectionId !== parent.section_id) {
      throw notTheParents('sectionId');
    }
    return { parent_id: parentId, list_id: parent.list_id, section_id: parent.section_id };
  }
  const listId =
    asked.listId !== undefined
      ? await listForTodo(db, userId, asked.listId)
      : (current?.list_id ?? null);
  const sectionId =
    asked.sectionId !== undefined
      ? asked.sectionId
      : current && current.list_id === listId
        ? current.section_id
        : null;
  return {
    parent_id: null,
    list_id: listId,
    section_id: await sectionForTodo(db, userId, sectionId, listId),
  };
}

/** A new todo's list, section, parent and place (`order`, or last). */
export async function placeNewTodo(
  db: Kysely<Database>,
  userId: string,
  asked: Asked & { order?: number | undefined },
): Promise<Where & { position: number }> {
  const where = await whereTo(db, userId, undefined, asked);
  const position = await placeAmong(db, siblingsOf({ user_id: userId, ...where }), asked.order);
  return { ...where, position };
}

/**
 * Whether an update may move the todo: then the write holds its user's siblings (holdSiblings)
 * before it reads the todo, so that the place it reads is still its place.
 */
export function mayMove(update: Asked & { order?: number | undefined }): boolean {
  return (
    update.listId !== undefined ||
    update.sectionId !== undefined ||
    update.parentId !== undefined ||
    update.order !== undefined
  );
}

/**
 * Moves the user's todo where the update asks: to another list, section or parent (leaving its
 * siblings, and taking its place among the new ones: `order`, or last), or to `order` among the
 * same siblings. Its subtasks go with it to a new list or section. Answers the columns to write,
 * none when it stays, and the todos below it that moved with it.
 */
export async function moveTodo(
  db: Kysely<Database>,
  current: TodoRow,
  update: Asked & { order?: number | undefined },
): Promise<{ columns: Partial<TodoRow>; moved: string[] }> {
  const moves =
    update.listId !== undefined || update.sectionId !== undefined || update.parentId !== undefined;
  if (!moves && update.order === undefined) {
    return { columns: {}, moved: [] };
  }
  const where = moves ? await whereTo(db, current.user_id, current, update) : current;
  const before = siblingsOf(current);
  const after = siblingsOf({ ...current, ...where });
  let position = current.position;
  if (!sameSiblings(before, after)) {
    await leaveSiblings(db, before, current.position);
    position = await placeAmong(db, after, update.order);
  } else if (update.order !== undefined) {
    position = await moveAmong(db, after, current.position, update.order);
  }
  const moved =
    where.list_id !== current.list_id || where.section_id !== current.section_id
      ? await moveDescendants(db, current.user_id, current.id, {
          list_id: where.list_id,
          section_id: where.section_id,
        })
      : [];
  return {
    columns: {
      list_id: where.list_id,
      section_id: where.section_id,
      parent_id: where.parent_id,
      position,
    },
    moved,
  };
}
