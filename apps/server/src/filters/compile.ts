import { addDays } from '@daywise/shared';
import {
  filterDay,
  type FilterError,
  filterNames,
  type FilterNode,
  parseFilter,
} from '@daywise/shared/filters';
import { type Expression, type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Engine } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { likeContains, likeFolded } from '../lib/like-pattern';
import { tagNameKey } from '../plans/tags';

/*
 * A parsed filter query as a condition on the user's todos (issue 32, ADR 0028), the same SQL on
 * SQLite and PostgreSQL. Days are the user's: `today` is RequestContext.today(), as for Today,
 * Upcoming and the todo list's due filters. Every condition is true or false, never NULL, so that
 * `!` keeps exactly the todos its term leaves out (`!today` keeps those without a date).
 */

/** A query refused: 400 FILTER_INVALID, with where it stops parsing and the field it came in. */
export class FilterQueryError extends ApiError {
  readonly position: number;

  constructor(error: FilterError, field: string) {
    super('FILTER_INVALID', error.message, { [field]: error.message });
    this.position = error.position;
  }

  override toBody() {
    const body = super.toBody();
    return { error: { ...body.error, position: this.position } };
  }
}

/** Why a query cannot be read, or undefined when it can. */
export function checkedFilterQuery(query: string): FilterError | undefined {
  const parsed = parseFilter(query);
  return parsed.ok ? undefined : parsed.error;
}

/** Parses a query or refuses it with its position; `field` names where it came from. */
export function parsedFilter(query: string, field: string): FilterNode {
  const parsed = parseFilter(query);
  if (!parsed.ok) {
    throw new FilterQueryError(parsed.error, field);
  }
  return parsed.filter;
}

/** What a filter's names stand for in one user's data, and the day it is read on. */
export interface FilterContext {
  /** The database's engine: a few terms are written as each reads them fastest. */
  engine: Engine;
  /** The user's today, YYYY-MM-DD in their time zone. */
  today: string;
  /** List name, folded as tag names are (`tagNameKey`), to the ids of the user's lists of it. */
  lists: ReadonlyMap<string, readonly string[]>;
  /** `sectionKey(list, section)` to the ids of the sections of that name in lists of that name. */
  sections: ReadonlyMap<string, readonly string[]>;
  /** Tag name, folded, to the id of the user's tag of it. */
  tags: ReadonlyMap<string, string>;
  /**
   * Set for the saved filters' counts, which read only open todos (`completed` is then known) and
   * test each filter on every one of them.
   */
  counting?: boolean;
}

/** How a `#List/Section` is looked up: both names folded. */
function sectionKey(list: string, section: string): string {
  return JSON.stringify([tagNameKey(list), tagNameKey(section)]);
}

/** Adds `id` to the ids kept under `key`. */
function addId(map: Map<string, string[]>, key: string, id: string): void {
  map.set(key, [...(map.get(key) ?? []), id]);
}

/**
 * Looks up the list, section and tag names these filters mention, among the user's own, in three
 * queries at most whatever the number of filters. A name that is none of theirs matches no todo
 * (no error: a list may be renamed or deleted after a filter naming it was saved).
 */
export async function filterContext(
  db: Kysely<Database>,
  userId: string,
  filters: readonly FilterNode[],
  today: string,
): Promise<FilterContext> {
  const listKeys = new Set<string>();
  const sectionKeys = new Set<string>();
  const tagKeys = new Set<string>();
  for (const filter of filters) {
    const names = filterNames(filter);
    names.lists.forEach((name) => listKeys.add(tagNameKey(name)));
    names.sections.forEach(({ list, section }) => sectionKeys.add(sectionKey(list, section)));
    names.tags.forEach((name) => tagKeys.add(tagNameKey(name)));
  }
  const [listRows, tagRows] = await Promise.all([
    // A user's lists are few (QUOTAS.lists): their names are folded here, as SQLite's lower()
    // folds only ASCII.
    listKeys.size > 0
      ? db.selectFrom('lists').select(['id', 'name']).where('user_id', '=', userId).execute()
      : [],
    tagKeys.size > 0
      ? db
          .selectFrom('user_tags')
          .select(['id', 'name_key'])
          .where('user_id', '=', userId)
          .where('name_key', 'in', [...tagKeys])
          .execute()
      : [],
  ]);
  const lists = new Map<string, string[]>();
  const listNames = new Map<string, string>();
  for (const row of listRows) {
    const key = tagNameKey(row.name);
    if (listKeys.has(key)) {
      addId(lists, key, row.id);
      listNames.set(row.id, row.name);
    }
  }
  // The sections of the lists named with a section, each folded as lists are.
  const sections = new Map<string, string[]>();
  if (sectionKeys.size > 0 && listNames.size > 0) {
    const rows = await db
      .selectFrom('sections')
      .select(['id', 'list_id', 'name'])
      .where('user_id', '=', userId)
      .where('list_id', 'in', [...listNames.keys()])
      .execute();
    for (const row of rows) {
      const key = sectionKey(listNames.get(row.list_id ?? '') ?? '', row.name);
      if (sectionKeys.has(key)) {
        addId(sections, key, row.id);
      }
    }
  }
  return {
    engine: engineOf(db),
    today,
    lists,
    sections,
    tags: new Map(tagRows.map((row) => [row.name_key, row.id])),
  };
}

function engineOf(db: Kysely<Database>): Engine {
  return isPostgres(db) ? 'postgres' : 'sqlite';
}

/** The context of a filter that names no list or tag: only the day counts. */
export function dayContext(db: Kysely<Database>, today: string): FilterContext {
  return { engine: engineOf(db), today, lists: new Map(), sections: new Map(), tags: new Map() };
}

/**
 * Words every todo the filter matches must hold (a `search:` the whole filter requires), for the
 * search index to find the candidates; undefined when there are none.
 */
export function requiredSearch(filter: FilterNode): string | undefined {
  const terms = filter.type === 'and' ? filter.terms : [filter];
  return terms.find((term) => term.type === 'search')?.text;
}

/** Whether the filter searches words anywhere: matching it then reads titles and descriptions. */
export function hasSearch(filter: FilterNode): boolean {
  switch (filter.type) {
    case 'search':
      return true;
    case 'and':
    case 'or':
      return filter.terms.some(hasSearch);
    case 'not':
      return hasSearch(filter.term);
    default:
      return false;
  }
}

type TodoConditions = ExpressionBuilder<Database, 'todos'>;

const NEVER = sql<SqlBool>`1 = 0`;

/**
 * How a term's condition is written. `exact`: it must be true or false, never NULL, as it is under
 * a `!` (so that `!today` keeps the todos without a date); elsewhere NULL may stand for false,
 * since `and` and `or` are true exactly when they would be with false in its place, and the guards
 * that rule it out are left out: each is one more test of every row a count reads.
 */
interface Writing {
  context: FilterContext;
  exact: boolean;
}

/** Due on a day that meets `op` with `day`: false (or NULL, where allowed) without a due date. */
function dueOn(
  eb: TodoConditions,
  writing: Writing,
  op: '=' | '<' | '>' | '>=' | '<=',
  day: string,
) {
  const meets = eb('todos.due_date', op, day);
  return writing.exact ? eb.and([eb('todos.due_date', 'is not', null), meets]) : meets;
}

/**
 * What a term costs to test on one row, to test the cheap ones first (`and` and `or` stop at the
 * first term that settles them): a comparison of the row's own columns, then a list's or
 * section's ids, then a tag (a look-up in another table), then words (reading the texts); among
 * terms of one kind, the fewer comparisons first.
 */
function cost(node: FilterNode): { kind: number; size: number } {
  switch (node.type) {
    case 'and':
    case 'or': {
      const costs = node.terms.map(cost);
      return {
        kind: Math.max(...costs.map((each) => each.kind)),
        size: costs.reduce((sum, each) => sum + each.size, 0),
      };
    }
    case 'not':
      return cost(node.term);
    case 'list':
      return { kind: 1, size: 1 };
    case 'tag':
      return { kind: 2, size: 1 };
    case 'search':
      return { kind: 3, size: 1 };
    default:
      return { kind: 0, size: 1 };
  }
}

/** The terms of an `and` or `or`, the cheapest to test first (the order they came in otherwise). */
function cheapestFirst(terms: readonly FilterNode[]): FilterNode[] {
  return terms
    .map((term, index) => ({ term, index, ...cost(term) }))
    .sort((a, b) => a.kind - b.kind || a.size - b.size || a.index - b.index)
    .map(({ term }) => term);
}

/**
 * Whether the todos a filter matches are found through an index, reading few of the user's
 * others: those of a list, due on a bounded range of days, or repeating, and on SQLite those of
 * a tag; an `and` with one such term, an `or` of them only. Counting such a filter on its own
 * reads just those todos; the others are counted together, in one pass over every open todo
 * (counts.ts). A tag is a look-up in another table for every todo a pass reads: cheap on
 * PostgreSQL (a hash), dear on SQLite (a B-tree), where its todos are better read from the tag's
 * rows (docs/performance.md, step 23).
 */
export function findsItsOwn(filter: FilterNode, engine: Engine): boolean {
  switch (filter.type) {
    case 'and':
      return filter.terms.some((term) => findsItsOwn(term, engine));
    case 'or':
      return filter.terms.every((term) => findsItsOwn(term, engine));
    case 'list':
      // A list's open todos are indexed; a section's are not, apart from the list's others.
      return filter.section === null;
    case 'tag':
      return engine === 'sqlite';
    case 'today':
    case 'tomorrow':
    case 'nextDays':
    case 'recurring':
      return true;
    default:
      return false;
  }
}

/** The condition a filter sets on a row of `todos`, for `where` or a count's `filter (where …)`. */
export function filterWhere(
  filter: FilterNode,
  context: FilterContext,
): (eb: TodoConditions) => Expression<SqlBool> {
  return (eb) => condition(eb, filter, { context, exact: false });
}

function condition(eb: TodoConditions, node: FilterNode, writing: Writing): Expression<SqlBool> {
  const { context } = writing;
  const { today } = context;
  switch (node.type) {
    case 'and':
      return eb.and(cheapestFirst(node.terms).map((term) => condition(eb, term, writing)));
    case 'or':
      return eb.or(cheapestFirst(node.terms).map((term) => condition(eb, term, writing)));
    case 'not':
      return eb.not(condition(eb, node.term, { context, exact: true }));
    case 'today':
      return dueOn(eb, writing, '=', today);
    case 'tomorrow':
      return dueOn(eb, writing, '=', addDays(today, 1));
    case 'overdue':
      return context.counting
        ? dueOn(eb, writing, '<', today)
        : eb.and([dueOn(eb, writing, '<', today), eb('todos.completed', '=', false)]);
    case 'noDate':
      return eb('todos.due_date', 'is', null);
    case 'nextDays':
      return eb.and([
        dueOn(eb, writing, '>=', today),
        eb('todos.due_date', '<=', addDays(today, node.days - 1)),
      ]);
    case 'dueBefore':
      return dueOn(eb, writing, '<', filterDay(node.date, today));
    case 'dueAfter':
      return dueOn(eb, writing, '>', filterDay(node.date, today));
    case 'priority':
      return eb('todos.priority', '=', node.priority);
    case 'inbox':
      return eb('todos.list_id', 'is', null);
    case 'recurring':
      return eb('todos.repeat_rule', 'is not', null);
    case 'completed':
      return context.counting ? NEVER : eb('todos.completed', '=', true);
    case 'search':
      return containsWords(eb, context.engine, node.text);
    case 'list': {
      // A subtask is always in its parent's list and section (ADR 0027), so it matches too.
      const [column, ids] =
        node.section === null
          ? (['todos.list_id', context.lists.get(tagNameKey(node.name))] as const)
          : ([
              'todos.section_id',
              context.sections.get(sectionKey(node.name, node.section)),
            ] as const);
      if (ids === undefined || ids.length === 0) {
        return NEVER;
      }
      const within = eb(column, 'in', ids);
      return writing.exact ? eb.and([eb(column, 'is not', null), within]) : within;
    }
    case 'tag': {
      const id = context.tags.get(tagNameKey(node.name));
      if (id === undefined) {
        return NEVER;
      }
      return taggedWith(eb, context, id);
    }
    case 'subtask':
      return eb('todos.parent_id', 'is not', null);
  }
}

/**
 * Todos carrying the tag. Counted on SQLite, by rowid: the count tests every open todo, and
 * looking up an integer among the tag's todos costs a fraction of looking up the text id; a page,
 * which reads few todos, is better off without the join that finds the tag's rowids
 * (docs/performance.md, step 23).
 */
function taggedWith(
  eb: TodoConditions,
  context: FilterContext,
  tagId: string,
): Expression<SqlBool> {
  if (context.engine === 'postgres' || !context.counting) {
    return eb(
      'todos.id',
      'in',
      eb.selectFrom('todo_tags').select('todo_tags.todo_id').where('todo_tags.tag_id', '=', tagId),
    );
  }
  return eb(
    sql`todos.rowid`,
    'in',
    eb
      .selectFrom('todo_tags')
      .innerJoin('todos as tagged', 'tagged.id', 'todo_tags.todo_id')
      .select(sql<number>`tagged.rowid`.as('row'))
      .where('todo_tags.tag_id', '=', tagId),
  );
}

/** Todos whose title or description holds the words, case folded as the list's search does. */
function containsWords(eb: TodoConditions, engine: Engine, text: string): Expression<SqlBool> {
  const contains = likeContains(text);
  return eb.or([
    eb(likeFolded(engine, 'todos.title'), 'like', contains),
    eb(likeFolded(engine, 'todos.description'), 'like', contains),
  ]);
}
