import { type Expression, type Kysely, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { withTodoJson } from './todo-json';

/*
 * The user's own order, `GET /api/todos?sort=order` (ADR 0027, 2026-11-28): the todos of the
 * Inbox first, then each list's in the lists' order; within a list those in no section first,
 * then each section's in the sections' order; within each, by the todos' `order`. With `list=`
 * and `parent=none` it is a list page as the user arranged it; with `parent=<id>` a todo's
 * subtasks in order. A page's cursor is the last todo's place in that order.
 */

/** Where a todo's list comes: the Inbox (no list) first, then each list by its position. */
const LIST_RANK = sql<number>`coalesce((select lists.position from lists where lists.id = todos.list_id), -1)`;

/** Where a todo's section comes in its list: no section first, then each by its position. */
const SECTION_RANK = sql<number>`coalesce((select sections.position from sections where sections.id = todos.section_id), -1)`;

/** The order's keys, most significant first; the id settles ties (subtasks of other parents). */
const ORDER_KEYS = [LIST_RANK, SECTION_RANK, sql<number>`todos.position`, sql`todos.id`];

/** The ranks a page's last todo carries for its cursor, selected beside its JSON. */
const ORDER_RANKS = {
  list_rank: LIST_RANK,
  section_rank: SECTION_RANK,
  place: sql<number>`todos.position`,
};

/** A todo's place in the order: its list's and section's ranks, its own order, its id. */
export interface OrderCursor {
  listRank: number;
  sectionRank: number;
  place: number;
  id: string;
}

/** Marks a cursor of this order, so that one made for another sort is refused. */
const MARK = 'order';

/** The most a rank or an order may be: far past any quota (a list's todos, 300 lists). */
const RANK_MAX = 1_000_000_000;

function encodeOrderCursor(cursor: OrderCursor): string {
  const { listRank, sectionRank, place, id } = cursor;
  return Buffer.from([MARK, listRank, sectionRank, place, id].join('|')).toString('base64url');
}

const whole = (text: string | undefined, least: number): number | null => {
  if (text === undefined || !/^-?\d{1,10}$/.test(text)) {
    return null;
  }
  const value = Number(text);
  return value >= least && value <= RANK_MAX ? value : null;
};

/**
 * A cursor comes back from the client, so anything may arrive: it must be this order's, its
 * ranks whole numbers in range and its id made of id characters, or it is refused with 400 on
 * `cursor` before it reaches SQL.
 */
function decodeOrderCursor(text: string): OrderCursor {
  const [mark, list, section, order, id, ...rest] = Buffer.from(text, 'base64url')
    .toString()
    .split('|');
  const listRank = whole(list, -1);
  const sectionRank = whole(section, -1);
  const place = whole(order, 0);
  if (
    mark !== MARK ||
    listRank === null ||
    sectionRank === null ||
    place === null ||
    id === undefined ||
    !/^[\w-]{1,100}$/.test(id) ||
    rest.length > 0
  ) {
    throw new ApiError('VALIDATION_FAILED', 'The list position is not valid.', {
      cursor: 'The list position is not valid.',
    });
  }
  return { listRank, sectionRank, place, id };
}

/** The todos after the cursor's in the order (a row value: both engines compare them so). */
function afterOrderCursor(cursor: OrderCursor): Expression<SqlBool> {
  const [list, section, place, id] = ORDER_KEYS;
  return sql<SqlBool>`(${list}, ${section}, ${place}, ${id}) > (${cursor.listRank}, ${cursor.sectionRank}, ${cursor.place}, ${cursor.id})`;
}

/** One page of todos as `withTodoJson` reads them, and the next page's cursor. */
export interface TodoPage {
  items: Awaited<ReturnType<ReturnType<typeof withTodoJson>['execute']>>;
  nextCursor: string | null;
}

/**
 * A page in the user's own order, after the cursor. The page's ids are chosen first and only
 * theirs are written as JSON: sorting by the lists' and sections' places reads every matching
 * todo, and the database would write each one's JSON before the sort.
 */
export async function pageInOrder(
  db: Kysely<Database>,
  userId: string,
  matching: SelectQueryBuilder<Database, 'todos', object>,
  query: { cursor?: string | undefined; limit: number },
): Promise<TodoPage> {
  const cursor = query.cursor === undefined ? undefined : decodeOrderCursor(query.cursor);
  const ordered = <T extends { orderBy: (key: Expression<unknown>) => T }>(select: T) =>
    ORDER_KEYS.reduce((each, key) => each.orderBy(key), select);
  let after = matching.select('id');
  if (cursor) {
    after = after.where(afterOrderCursor(cursor));
  }
  const chosen = ordered(after).limit(query.limit + 1);
  const rows = await ordered(
    withTodoJson(db, userId, db.selectFrom('todos').where('id', 'in', chosen)).select([
      ORDER_RANKS.list_rank.as('list_rank'),
      ORDER_RANKS.section_rank.as('section_rank'),
      ORDER_RANKS.place.as('place'),
    ]),
  ).execute();
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeOrderCursor({
          listRank: Number(last.list_rank),
          sectionRank: Number(last.section_rank),
          place: Number(last.place),
          id: last.id,
        })
      : null;
  return { items, nextCursor };
}
