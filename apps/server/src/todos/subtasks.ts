import { MESSAGES, SUBTASK_DEPTH_MAX } from '@daywise/shared';
import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import { jsonObject } from '../db/json';
import type { Database } from '../db/schema';
import { inChunks } from '../lib/chunks';
import { ApiError } from '../lib/errors';
import type { TodoRow } from './todo-fields';

/*
 * Subtasks (issue 32, ADR 0027): a todo's parent_id names the todo it is a subtask of, at most
 * SUBTASK_DEPTH_MAX levels below a top-level todo. A subtask is in its parent's list and section,
 * goes with its parent when it moves or is deleted, and is completed with it.
 */

/**
 * How far the tree queries follow parent_id: past any tree the rules allow, so that they end
 * even on rows the rules never wrote.
 */
const TREE_REACH = SUBTASK_DEPTH_MAX + 2;

/** The todo and its ancestors, nearest first: [id, its parent, …, its top-level todo]. */
async function chainOf(db: Kysely<Database>, userId: string, id: string): Promise<string[]> {
  const rows = await db
    .withRecursive('chain(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('todos')
        .select(['id', 'parent_id', sql<number>`0`.as('depth')])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .unionAll((next) =>
          next
            .selectFrom('todos')
            .innerJoin('chain', 'chain.parent_id', 'todos.id')
            .select(['todos.id', 'todos.parent_id', sql<number>`chain.depth + 1`.as('depth')])
            .where('todos.user_id', '=', userId)
            .where('chain.depth', '<', TREE_REACH),
        ),
    )
    .selectFrom('chain')
    .select(['id', 'depth'])
    .orderBy('depth')
    .execute();
  return rows.map((row) => row.id);
}

/** How many levels below its top-level todo the user's todo is (0: it is top-level). */
export async function depthOf(db: Kysely<Database>, userId: string, id: string): Promise<number> {
  return (await chainOf(db, userId, id)).length - 1;
}

/** A todo below this one, at `depth` levels (1: its own subtask). */
interface Descendant {
  id: string;
  depth: number;
  completed: boolean;
  completed_with: string | null;
  repeating: boolean;
}

/** Every todo below this one, at every level. */
export async function descendantsOf(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Descendant[]> {
  const rows = await db
    .withRecursive('tree(id, depth)', (qb) =>
      qb
        .selectFrom('todos')
        .select(['id', sql<number>`0`.as('depth')])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .unionAll((next) =>
          next
            .selectFrom('todos')
            .innerJoin('tree', 'tree.id', 'todos.parent_id')
            .select(['todos.id', sql<number>`tree.depth + 1`.as('depth')])
            .where('todos.user_id', '=', userId)
            .where('tree.depth', '<', TREE_REACH),
        ),
    )
    .selectFrom('tree')
    .innerJoin('todos', 'todos.id', 'tree.id')
    .select([
      'tree.id',
      'tree.depth',
      'todos.completed',
      'todos.completed_with',
      'todos.repeat_rule',
    ])
    .where('tree.depth', '>', 0)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    depth: Number(row.depth),
    completed: Boolean(row.completed),
    completed_with: row.completed_with,
    repeating: row.repeat_rule !== null,
  }));
}

function refused(message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', message, { parentId: message });
}

/**
 * The parent `todoId` (or a new todo, undefined) may be put under: one of the user's own todos,
 * not the todo itself nor one of its subtasks, and close enough to the top that the todo and its
 * own subtasks stay within SUBTASK_DEPTH_MAX levels. Anything else is refused on the field
 * (400); another user's todo exactly as a missing one.
 */
export async function parentFor(
  db: Kysely<Database>,
  userId: string,
  todoId: string | undefined,
  parentId: string,
): Promise<TodoRow> {
  const parent = await db
    .selectFrom('todos')
    .selectAll()
    .where('id', '=', parentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!parent) {
    throw refused(MESSAGES.todoParentUnknown);
  }
  const chain = await chainOf(db, userId, parentId);
  if (todoId !== undefined && chain.includes(todoId)) {
    throw refused(MESSAGES.todoParentCycle);
  }
  const below =
    todoId === undefined
      ? 0
      : Math.max(0, ...(await descendantsOf(db, userId, todoId)).map((row) => row.depth));
  // The parent is at level chain.length - 1; the todo goes one below it, its subtasks further.
  if (chain.length + below > SUBTASK_DEPTH_MAX) {
    throw refused(MESSAGES.todoTooDeep);
  }
  return parent;
}

/** Moves every todo below this one to its list and section. */
export async function moveDescendants(
  db: Kysely<Database>,
  userId: string,
  id: string,
  place: { list_id: string | null; section_id: string | null },
): Promise<void> {
  const ids = (await descendantsOf(db, userId, id)).map((row) => row.id);
  await inChunks(ids, (part) =>
    db
      .updateTable('todos')
      .set(place)
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute(),
  );
}

/**
 * Completes the open todos below this one that do not repeat (a repeating one's occurrences are
 * its own), each marked as completed with it. Answers their ids.
 */
export async function completeDescendants(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date,
  today: string,
): Promise<string[]> {
  const ids = (await descendantsOf(db, userId, id))
    .filter((row) => !row.completed && !row.repeating)
    .map((row) => row.id);
  await inChunks(ids, (part) =>
    db
      .updateTable('todos')
      .set({
        completed: true,
        completed_at: now.toISOString(),
        completed_date: today,
        completed_with: id,
        updated_at: now.toISOString(),
      })
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute(),
  );
  return ids;
}

/**
 * Reopens the todos below this one that were completed with it, or with the todo whose completion
 * completed it (reopening that one's subtask undoes the same sweep below it). Answers their ids.
 */
export async function reopenDescendants(
  db: Kysely<Database>,
  current: TodoRow,
  now: Date,
): Promise<string[]> {
  const sweeps = new Set([current.id, current.completed_with]);
  const ids = (await descendantsOf(db, current.user_id, current.id))
    .filter((row) => row.completed && row.completed_with !== null && sweeps.has(row.completed_with))
    .map((row) => row.id);
  await inChunks(ids, (part) =>
    db
      .updateTable('todos')
      .set({
        completed: false,
        completed_at: null,
        completed_date: null,
        completed_with: null,
        updated_at: now.toISOString(),
      })
      .where('user_id', '=', current.user_id)
      .where('id', 'in', part)
      .execute(),
  );
  return ids;
}

/** Deletes the todos below this one. Answers their ids. */
export async function deleteDescendants(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<string[]> {
  // The deepest first, so that no todo goes before those below it (each keeps its parent).
  const rows = (await descendantsOf(db, userId, id)).sort((a, b) => b.depth - a.depth);
  const ids = rows.map((row) => row.id);
  await inChunks(ids, (part) =>
    db.deleteFrom('todos').where('user_id', '=', userId).where('id', 'in', part).execute(),
  );
  return ids;
}

export interface SubtaskCounts {
  open: number;
  total: number;
}

export const NO_SUBTASKS: SubtaskCounts = { open: 0, total: 0 };

/** The counts of each of these todos' own subtasks, by id (those without any are absent). */
export async function subtaskCountsOf(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, SubtaskCounts>> {
  const counts = new Map<string, SubtaskCounts>();
  await inChunks(ids, async (part) => {
    const rows = await db
      .selectFrom('todos')
      .select([
        'parent_id',
        sql<number | string>`count(*)`.as('total'),
        sql<number | string>`sum(case when completed then 0 else 1 end)`.as('open'),
      ])
      .where('user_id', '=', userId)
      .where('parent_id', 'in', part)
      .groupBy('parent_id')
      .execute();
    for (const row of rows) {
      if (row.parent_id !== null) {
        counts.set(row.parent_id, { open: Number(row.open), total: Number(row.total) });
      }
    }
  });
  return counts;
}

/**
 * A todo's subtask counts as JSON the database writes within a todo list's query (one look in the
 * index of subtasks per todo; ADR 0018, JSON written by the database). SQLite passes JSON from a
 * subquery as text, which json() marks as JSON again.
 */
export function subtaskCountsJson(db: Kysely<Database>) {
  const counts = sql<string>`(select ${jsonObject(db, {
    open: sql`coalesce(sum(case when subtasks.completed then 0 else 1 end), 0)`,
    total: sql`count(*)`,
  })} from todos as subtasks where subtasks.parent_id = todos.id)`;
  return isPostgres(db) ? counts : sql<string>`json(${counts})`;
}
