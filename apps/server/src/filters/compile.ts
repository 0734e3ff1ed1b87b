import { addDays } from '@daywise/shared';
import {
  filterDay,
  type FilterError,
  filterNames,
  type FilterNode,
  parseFilter,
} from '@daywise/shared/filters';
import { type Expression, type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { likeContains } from '../lib/like-pattern';
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
  /** The user's today, YYYY-MM-DD in their time zone. */
  today: string;
  /** List name, folded as tag names are (`tagNameKey`), to the ids of the user's lists of it. */
  lists: ReadonlyMap<string, readonly string[]>;
  /** `sectionKey(list, section)` to the ids of the sections of that name in lists of that name. */
  sections: ReadonlyMap<string, readonly string[]>;
  /** Tag name, folded, to the id of the user's tag of it. */
  tags: ReadonlyMap<string, string>;
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
  return { today, lists, sections, tags: new Map(tagRows.map((row) => [row.name_key, row.id])) };
}

/** The context of a filter that names no list or tag: only the day counts. */
export function dayContext(today: string): FilterContext {
  return { today, lists: new Map(), sections: new Map(), tags: new Map() };
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

/** Due on a day that meets `op` with `day`: false for a todo without a due date. */
function dueOn(eb: TodoConditions, op: '=' | '<' | '>' | '>=' | '<=', day: string) {
  return eb.and([eb('todos.due_date', 'is not', null), eb('todos.due_date', op, day)]);
}

/** The condition a filter sets on a row of `todos`, for `where`. */
export function filterWhere(
  filter: FilterNode,
  context: FilterContext,
): (eb: TodoConditions) => Expression<SqlBool> {
  return (eb) => condition(eb, filter, context);
}

function condition(
  eb: TodoConditions,
  node: FilterNode,
  context: FilterContext,
): Expression<SqlBool> {
  const { today } = context;
  switch (node.type) {
    case 'and':
      return eb.and(node.terms.map((term) => condition(eb, term, context)));
    case 'or':
      return eb.or(node.terms.map((term) => condition(eb, term, context)));
    case 'not':
      return eb.not(condition(eb, node.term, context));
    case 'today':
      return dueOn(eb, '=', today);
    case 'tomorrow':
      return dueOn(eb, '=', addDays(today, 1));
    case 'overdue':
      return eb.and([dueOn(eb, '<', today), eb('todos.completed', '=', false)]);
    case 'noDate':
      return eb('todos.due_date', 'is', null);
    case 'nextDays':
      return eb.and([dueOn(eb, '>=', today), dueOn(eb, '<=', addDays(today, node.days - 1))]);
    case 'dueBefore':
      return dueOn(eb, '<', filterDay(node.date, today));
    case 'dueAfter':
      return dueOn(eb, '>', filterDay(node.date, today));
    case 'priority':
      return eb('todos.priority', '=', node.priority);
    case 'inbox':
      return eb('todos.list_id', 'is', null);
    case 'recurring':
      return eb('todos.repeat_rule', 'is not', null);
    case 'completed':
      return eb('todos.completed', '=', true);
    case 'search': {
      const contains = likeContains(node.text);
      return eb.or([
        eb(sql`lower(todos.title)`, 'like', contains),
        eb(sql`lower(todos.description)`, 'like', contains),
      ]);
    }
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
      return eb.and([eb(column, 'is not', null), eb(column, 'in', ids)]);
    }
    case 'tag': {
      const id = context.tags.get(tagNameKey(node.name));
      if (id === undefined) {
        return NEVER;
      }
      return eb(
        'todos.id',
        'in',
        eb.selectFrom('todo_tags').select('todo_tags.todo_id').where('todo_tags.tag_id', '=', id),
      );
    }
    case 'subtask':
      return eb('todos.parent_id', 'is not', null);
  }
}
