import { isRealDate, SEARCH_COUNT_LIMIT, weekOf } from '@daywise/shared';
import type { FilterNode } from '@daywise/shared/filters';
import type { Todo, TodoStats } from '@daywise/shared/schemas';
import { type todoListQuerySchema } from '@daywise/shared/schemas';
import { type Expression, type Kysely, sql, type SqlBool } from 'kysely';
import type { z } from 'zod';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import {
  dayContext,
  type FilterContext,
  filterContext,
  filterWhere,
  hasSearch,
  parsedFilter,
  requiredSearch,
} from '../filters/compile';
import { ApiError } from '../lib/errors';
import { JsonAnswer } from '../lib/json-answer';
import { likeContains, likeFolded } from '../lib/like-pattern';
import { indexedSearch } from './search';
import { todoListJson, withTodoJson } from './todo-json';
import { pageInOrder, type TodoPage } from './todo-order';
import { remindingTodo } from './todo-reminders';

/*
 * Reading the user's todos: a page of the list (its filters, sorts and keyset cursor, written as
 * JSON by the database), the reminders a page schedules, and the counters.
 */

export type TodoListQuery = z.output<typeof todoListQuerySchema>;

/** The sorts by a todo's own fields, then newest first ('order' is todo-order.ts's). */
type LeadSort = Exclude<TodoListQuery['sort'], 'order'>;

/** Where no due date sorts: after every real one. */
const NO_DUE_DATE = '9999-12-31';

/**
 * What a sort orders by before newest first: nothing for 'created'; the due date (none last) or
 * the priority's rank (high first), ascending. The same value is kept in the cursor.
 */
const LEADS = {
  due: {
    sql: sql<string>`coalesce(due_date, ${NO_DUE_DATE})`,
    valid: isRealDate,
  },
  priority: {
    sql: sql<string>`case priority when 'high' then '0' when 'medium' then '1' else '2' end`,
    valid: (value: string) => /^[012]$/.test(value),
  },
} as const;

/** A cursor is the last item's sort value (when the sort has one), created_at and id. */
function encodeCursor(lead: string | undefined, createdAt: string, id: string): string {
  return Buffer.from([...(lead === undefined ? [] : [lead]), createdAt, id].join('|')).toString(
    'base64url',
  );
}

interface Cursor {
  lead: string | undefined;
  createdAt: string;
  id: string;
}

/**
 * A cursor comes back from the client, so anything may arrive: it must hold a valid value for
 * the sort, a real instant in our own ISO form and an id made of id characters, or it is refused
 * before it reaches SQL (PostgreSQL fails the statement on an impossible timestamp).
 */
function decodeCursor(cursor: string, sort: LeadSort): Cursor {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const lead = sort === 'created' ? undefined : parts.shift();
  const [createdAt, id, ...rest] = parts;
  const instant = createdAt ? new Date(createdAt) : undefined;
  const isOurTimestamp =
    instant !== undefined &&
    !Number.isNaN(instant.getTime()) &&
    instant.toISOString() === createdAt;
  const leadValid = sort === 'created' || (lead !== undefined && LEADS[sort].valid(lead));
  if (
    !createdAt ||
    !id ||
    rest.length > 0 ||
    !isOurTimestamp ||
    !leadValid ||
    !/^[\w-]{1,100}$/.test(id)
  ) {
    throw new ApiError('VALIDATION_FAILED', 'The list position is not valid.', {
      cursor: 'The list position is not valid.',
    });
  }
  return { lead, createdAt, id };
}

/** The list's `filter` query, parsed, with what its names stand for (filters/compile.ts). */
interface ListFilter {
  filter: FilterNode;
  context: FilterContext;
}

/** The user's todos matching the list's filters, as a query to page or count. */
function filteredTodos(
  db: Kysely<Database>,
  userId: string,
  query: TodoListQuery,
  today: string,
  searchable?: Expression<SqlBool>,
  listFilter?: ListFilter,
) {
  // With the search's candidates known, they lead: `+user_id` keeps SQLite from walking the
  // user's todos newest first instead, which reads every one when few match. PostgreSQL's
  // planner needs no such hint (and has no unary plus for text).
  let select = searchable
    ? db
        .selectFrom('todos')
        .where(isPostgres(db) ? sql`user_id` : sql`+user_id`, '=', userId)
        .where(searchable)
    : db.selectFrom('todos').where('user_id', '=', userId);
  if (query.status !== 'all') {
    select = select.where('completed', '=', query.status === 'completed');
  }
  if (query.priority) {
    select = select.where('priority', '=', query.priority);
  }
  if (query.tag) {
    const tagId = query.tag;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('todo_tags')
          .select(sql`1`.as('one'))
          .whereRef('todo_tags.todo_id', '=', 'todos.id')
          .where('todo_tags.tag_id', '=', tagId),
      ),
    );
  }
  if (query.list === 'inbox') {
    select = select.where('list_id', 'is', null);
  } else if (query.list) {
    select = select.where('list_id', '=', query.list);
  }
  if (query.parent === 'none') {
    // Not through the subtasks' index: SQLite's statistics count each null parent apart, so it
    // took `parent_id is null` for a few rows and read every top-level todo there is through it
    // (every user's), then sorted them (docs/performance.md, step 24). `+parent_id` leaves it the
    // user's own indexes: the page walks them in its order, the count reads the open todos'
    // index alone (migration 0035). PostgreSQL's statistics know how many parents are null.
    select = select.where(isPostgres(db) ? sql`parent_id` : sql`+parent_id`, 'is', null);
  } else if (query.parent) {
    select = select.where('parent_id', '=', query.parent);
  }
  if (query.q) {
    const contains = likeContains(query.q);
    const engine = isPostgres(db) ? 'postgres' : 'sqlite';
    select = select.where((eb) =>
      eb.or([
        eb(likeFolded(engine, 'todos.title'), 'like', contains),
        eb(likeFolded(engine, 'todos.description'), 'like', contains),
      ]),
    );
  }
  // The due filters that are terms of the filter language are read as its terms, so a day means
  // the same in both.
  if (query.due === 'none' || query.due === 'overdue' || query.due === 'today') {
    const term = DUE_TERMS[query.due];
    select = select.where(filterWhere(term, dayContext(db, today)));
  } else if (query.due === 'week') {
    const { start, end } = weekOf(today);
    select = select.where('due_date', '>=', start).where('due_date', '<=', end);
  }
  if (listFilter) {
    select = select.where(filterWhere(listFilter.filter, listFilter.context));
  }
  return select;
}

const DUE_TERMS = {
  none: { type: 'noDate' },
  overdue: { type: 'overdue' },
  today: { type: 'today' },
} as const satisfies Record<string, FilterNode>;

interface MatchCount {
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * How many todos match: read from the kept counts when only the status filters (the list's
 * default views); counted up to SEARCH_COUNT_LIMIT for a search, whose matching reads every title
 * and description (docs/product/todos.md); else counted.
 */
async function countMatching(
  db: Kysely<Database>,
  userId: string,
  query: TodoListQuery,
  matching: ReturnType<typeof filteredTodos>,
  searches: boolean,
): Promise<MatchCount> {
  const onlyStatus =
    !query.priority &&
    !query.tag &&
    !query.q &&
    !query.list &&
    !query.parent &&
    query.filter === undefined &&
    query.due === 'any';
  if (onlyStatus) {
    const { total, completed } = await todoCounts(db, userId);
    const count = { all: total, completed, pending: total - completed }[query.status];
    return { total: count, totalIsLowerBound: false };
  }
  if (searches) {
    const row = await db
      .selectFrom(
        matching
          .select(sql`1`.as('one'))
          .limit(SEARCH_COUNT_LIMIT + 1)
          .as('matches'),
      )
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    return total > SEARCH_COUNT_LIMIT
      ? { total: SEARCH_COUNT_LIMIT, totalIsLowerBound: true }
      : { total, totalIsLowerBound: false };
  }
  const row = await matching.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return { total: Number(row.total), totalIsLowerBound: false };
}

type Matching = ReturnType<typeof filteredTodos>;

/** A page by creation, due date or priority (each then newest first), after the cursor. */
async function pageBySort(
  db: Kysely<Database>,
  userId: string,
  matching: Matching,
  query: TodoListQuery,
  sort: LeadSort,
): Promise<TodoPage> {
  const lead = sort === 'created' ? undefined : LEADS[sort].sql;
  let page = withTodoJson(db, userId, matching).$if(lead !== undefined, (select) =>
    select.select(sql<string>`${lead}`.as('lead')),
  );
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, sort);
    page = page.where((eb) => {
      const newer = eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
      ]);
      return lead && cursor.lead !== undefined
        ? eb.or([eb(lead, '>', cursor.lead), eb.and([eb(lead, '=', cursor.lead), newer])])
        : newer;
    });
  }
  if (lead) {
    page = page.orderBy(lead, 'asc');
  }
  const rows = await page
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  let nextCursor = null;
  if (rows.length > query.limit && last) {
    const { createdAt, id } = JSON.parse(last.json) as Todo;
    nextCursor = encodeCursor(last.lead, createdAt, id);
  }
  return { items, nextCursor };
}

/**
 * One page of the user's todos with the filters applied in SQL (status, priority,
 * free text on title or description; the due filter counts days in the user's time zone), in the
 * chosen order, and how many match in all, for the list headings.
 *
 * The most frequent read there is, so the database writes each todo's JSON and the page is sent
 * as text (ADR 0018, JSON written by the database): reading each todo's twenty columns into
 * objects, checking them against the contract and writing them out again was most of what the
 * request cost. `contextOf` looks up the names of a `filter` query (the route keeps them per user,
 * filters/kept-names.ts).
 */
export async function listTodos(
  db: Kysely<Database>,
  userId: string,
  query: TodoListQuery,
  today: string,
  zone: string,
  contextOf: (filter: FilterNode) => Promise<FilterContext> = (filter) =>
    filterContext(db, userId, [filter], today),
): Promise<JsonAnswer> {
  const filter = query.filter === undefined ? undefined : parsedFilter(query.filter, 'filter');
  const listFilter = filter && { filter, context: await contextOf(filter) };
  // The words every match must hold, if any: the search index finds their candidates.
  const words = query.q ?? (filter && requiredSearch(filter));
  const searchable = words ? await indexedSearch(db, userId, words) : undefined;
  const matching = filteredTodos(db, userId, query, today, searchable, listFilter);
  const { sort } = query;
  const [{ items, nextCursor }, count] = await Promise.all([
    sort === 'order'
      ? pageInOrder(db, userId, matching, query)
      : pageBySort(db, userId, matching, query, sort),
    countMatching(
      db,
      userId,
      query,
      matching,
      Boolean(query.q) || (filter !== undefined && hasSearch(filter)),
    ),
  ]);
  const list = await todoListJson(db, userId, items, today, zone);
  return new JsonAnswer(`{"items":${list},${JSON.stringify({ nextCursor, ...count }).slice(1)}`);
}

/** The most reminders one page load schedules; far more than anyone sets by hand. */
export const REMINDER_LIMIT = 500;

/**
 * The unfinished todos with reminders or a reminder time, newest first, for the browser to schedule on load
 * (docs/product/todos.md#reminders).
 */
export async function pendingReminders(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
): Promise<JsonAnswer> {
  const pending = db
    .selectFrom('todos')
    .where('user_id', '=', userId)
    .where('completed', '=', false)
    .where(remindingTodo);
  const rows = await withTodoJson(db, userId, pending)
    .orderBy('created_at', 'desc')
    .limit(REMINDER_LIMIT)
    .execute();
  return new JsonAnswer(`{"items":${await todoListJson(db, userId, rows, today, zone)}}`);
}

/** The counters, counted by the database. */
/** The user's todo counts, kept by the database as todos change (migration 0009). */
async function todoCounts(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('todo_counts')
    .select(['total', 'completed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
}

export async function todoStats(db: Kysely<Database>, userId: string): Promise<TodoStats> {
  const { total, completed } = await todoCounts(db, userId);
  return {
    total,
    completed,
    pending: total - completed,
    completionRate: total === 0 ? 0 : Math.round((completed / total) * 100),
  };
}

/**
 * A repeating todo needs a due date, which moves to the first occurrence on or after it (the
 * series' first day).
 */
