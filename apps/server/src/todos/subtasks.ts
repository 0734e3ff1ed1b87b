import { MESSAGES, SUBTASK_DEPTH_MAX } from '@daywise/shared';
import { type Kysely, sql } from 'kysely';

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

/** Moves every todo below this one to its list and section; answers their ids. */
export async function moveDescendants(
  db: Kysely<Database>,
  userId: string,
  id: string,
  place: { list_id: string | null; section_id: string | null },
): Promise<string[]> {
  const ids = (await descendantsOf(db, userId, id)).map((row) => row.id);
  await inChunks(ids, (part) =>
    db
      .updateTable('todos')
      .set(place)
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute(),
  );
  return ids;
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
  openBelow: number;
  totalBelow: number;
}

export const NO_SUBTASKS: SubtaskCounts = { open: 0, total: 0, openBelow: 0, totalBelow: 0 };

/**
 * The levels below a todo that `openBelow` and `totalBelow` count: every level the rules allow
 * below a top-level todo, so that they count what completing or deleting it sweeps.
 */
const LEVELS_BELOW = SUBTASK_DEPTH_MAX;

/** Whether a todo (`alias`) is one completing its ancestor completes with it: open, not repeating. */
const sweptWith = (alias: string) =>
  sql`not ${sql.ref(`${alias}.completed`)} and ${sql.ref(`${alias}.repeat_rule`)} is null`;

/**
 * The counts of each of these todos of the user's own subtasks, by id (those without any are
 * absent): `open` and `total` one level down, `openBelow` and `totalBelow` at every level (ADR
 * 0027), read in one query that follows the index of subtasks (parent_id, position) down from
 * them. A subtask is always its parent's user's, so the parents' ids scope the query (naming the
 * user too would lead the planner to read all of theirs). A todo list asks it for its page's
 * todos once they are chosen (todo-list.ts): counted in the list's own query, the counts were
 * worked out for every todo the database looked at before it chose the page.
 */
export async function subtaskCountsOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, SubtaskCounts>> {
  const counts = new Map<string, SubtaskCounts>();
  await inChunks(ids, async (part) => {
    const rows = await db
      .withRecursive('below(root, id, completed, repeat_rule, depth)', (qb) =>
        qb
          .selectFrom('todos')
          .select([
            'parent_id as root',
            'id',
            'completed',
            'repeat_rule',
            sql<number>`1`.as('depth'),
          ])
          .where('parent_id', 'in', part)
          .unionAll((next) =>
            next
              .selectFrom('todos')
              .innerJoin('below', 'below.id', 'todos.parent_id')
              .select([
                'below.root',
                'todos.id',
                'todos.completed',
                'todos.repeat_rule',
                sql<number>`below.depth + 1`.as('depth'),
              ])
              .where('below.depth', '<', LEVELS_BELOW),
          ),
      )
      .selectFrom('below')
      .select([
        'root',
        sql<number | string>`sum(case when depth = 1 then 1 else 0 end)`.as('total'),
        sql<number | string>`sum(case when depth = 1 and not completed then 1 else 0 end)`.as(
          'open',
        ),
        sql<number | string>`count(*)`.as('totalBelow'),
        sql<number | string>`sum(case when ${sweptWith('below')} then 1 else 0 end)`.as(
          'openBelow',
        ),
      ])
      .groupBy('root')
      .execute();
    for (const row of rows) {
      if (row.root !== null) {
        counts.set(row.root, {
          open: Number(row.open),
          total: Number(row.total),
          openBelow: Number(row.openBelow),
          totalBelow: Number(row.totalBelow),
        });
      }
    }
  });
  return counts;
}
