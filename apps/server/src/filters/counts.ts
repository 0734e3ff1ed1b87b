import { type FilterNode, parseFilter } from '@daywise/shared/filters';
import {
  type AliasedRawBuilder,
  type CompiledQuery,
  type ExpressionBuilder,
  type Kysely,
  sql,
} from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { type FilterContext, filterContext, filterWhere, findsItsOwn } from './compile';

/*
 * How many of the user's open todos each saved filter matches, and which (ADR 0028, 2026-11-28),
 * so that their counts can be kept exactly as todos change: after a write, only the todos it
 * wrote are tested again (`matchChanged`), and each count moves by what they added or took away.
 *
 * Read afresh, the counts are one row (`countEverything`: a `count(*) filter (where …)` each);
 * which todo matches what is read only once a write needs it (`matchEverything`, at the first
 * `matchChanged`, then including that write), as it costs about twice as much. Both are one
 * statement whatever the number of filters. A filter
 * whose todos an index finds (a list, a few days: `findsItsOwn`) gives the ids of its own todos,
 * reading just those; the others are tested together in one pass over the open todos, each
 * todo's matches as bits in a few integers (`WORD_BITS` filters a word, both engines' integers),
 * so that they cost one read of the open todos, not one each.
 *
 * The statements are worked out once (`prepareCounts`: the queries parsed, the names they use
 * looked up, the SQL built) and may be run again until the filters, the names or the day change:
 * a change to todos changes only what they answer.
 */

/** Filters a word of matches holds: 30 bits, a positive integer on both engines. */
const WORD_BITS = 30;

/** The todo ids `matchChanged` reads, in the prepared statement, until they are bound. */
const IDS = '\u0000ids';

/** The statements matching some queries, and which filter each query is. */
export interface PreparedCounts {
  /**
   * The filter of each query, in the order of the queries; undefined for a stored query the
   * parser no longer reads (none should: queries are checked when saved), which counts 0 rather
   * than failing the whole sidebar.
   */
  columns: (number | undefined)[];
  /** How many filters parsed: the words of a todo's matches hold one bit each. */
  filters: number;
  /** The count of each filter, `f<n>`, in one row. */
  counting: CompiledQuery<Record<string, unknown>> | undefined;
  /** Every open todo matching a filter, afresh: `ids`, their words `w<n>`, and `f` (below). */
  everything: CompiledQuery<MatchRow> | undefined;
  /** The same, for some todos only: their ids as one parameter, at `idsAt`. */
  changed: CompiledQuery<MatchRow> | undefined;
  idsAt: number;
}

/**
 * Todos and the filters they match: bits of `w<n>` when `f` is -1 (tested with the others), or
 * the filter `f` alone (read apart, through an index). The todo is `id`, or, when reading
 * everything, `ids`: several joined by commas.
 */
type MatchRow = Record<string, unknown> & { id?: string; ids?: string | null; f: number };

/** How many open todos each filter matches, and which, once read. */
export interface Matches {
  /**
   * Each todo matching at least one filter, to its words (bit n of word w: filter 30w + n);
   * undefined until a write needs them.
   */
  byTodo: Map<string, number[]> | undefined;
  /** How many todos each filter matches, by filter. */
  counts: number[];
}

/** The statements matching the user's open todos against each query on `today`. */
export async function prepareCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<PreparedCounts> {
  const parsed = queries.map((query) => parseFilter(query));
  const filters = parsed.flatMap((result) => (result.ok ? [result.filter] : []));
  let next = 0;
  const columns = parsed.map((result) => (result.ok ? next++ : undefined));
  if (filters.length === 0) {
    return {
      columns,
      filters: 0,
      counting: undefined,
      everything: undefined,
      changed: undefined,
      idsAt: -1,
    };
  }
  const context = { ...(await filterContext(db, userId, filters, today)), counting: true };
  const changed = changedQuery(db, userId, filters, context).compile();
  return {
    columns,
    filters: filters.length,
    counting: countingQuery(db, userId, filters, context).compile(),
    everything: everythingQuery(db, userId, filters, context).compile(),
    changed,
    idsAt: changed.parameters.indexOf(IDS),
  };
}

/** How many open todos each filter matches, read afresh; which ones, not yet. */
export async function countEverything(
  db: Kysely<Database>,
  prepared: PreparedCounts,
): Promise<Matches> {
  const row = prepared.counting ? (await db.executeQuery(prepared.counting)).rows[0] : undefined;
  return {
    byTodo: undefined,
    counts: Array.from({ length: prepared.filters }, (_, filter) =>
      Number(row?.[`f${filter}`] ?? 0),
    ),
  };
}

/** Every open todo's matches, read afresh. */
export async function matchEverything(
  db: Kysely<Database>,
  prepared: PreparedCounts,
): Promise<Matches & { byTodo: Map<string, number[]> }> {
  const matches = {
    byTodo: new Map<string, number[]>(),
    counts: new Array<number>(prepared.filters).fill(0),
  };
  if (prepared.everything === undefined) {
    return matches;
  }
  const words = wordCount(prepared.filters);
  for (const row of (await db.executeQuery(prepared.everything)).rows) {
    const found = wordsOf(row, words);
    for (const id of typeof row.ids === 'string' && row.ids !== '' ? row.ids.split(',') : []) {
      const kept = matches.byTodo.get(id);
      matches.byTodo.set(id, kept ? kept.map((word, index) => word | (found[index] ?? 0)) : found);
    }
  }
  for (const found of matches.byTodo.values()) {
    eachBit(found, (filter) => (matches.counts[filter] = (matches.counts[filter] ?? 0) + 1));
  }
  return matches;
}

/**
 * Tests these todos again (written since `matches` was read: created, changed, completed or
 * deleted) and moves the counts by what changed; `matches` is changed in place. Without the
 * matches of every todo (only counted so far), they are read now, this write included.
 */
export async function matchChanged(
  db: Kysely<Database>,
  prepared: PreparedCounts,
  matches: Matches,
  todoIds: readonly string[],
): Promise<void> {
  if (prepared.changed === undefined || todoIds.length === 0) {
    return;
  }
  if (matches.byTodo === undefined) {
    Object.assign(matches, await matchEverything(db, prepared));
    return;
  }
  const byTodo = matches.byTodo;
  const parameters = [...prepared.changed.parameters];
  parameters[prepared.idsAt] = isPostgres(db) ? [...todoIds] : JSON.stringify(todoIds);
  const { rows } = await db.executeQuery<MatchRow>({ ...prepared.changed, parameters });
  const words = wordCount(prepared.filters);
  const now = new Map(rows.map((row) => [row.id, wordsOf(row, words)]));
  for (const id of new Set(todoIds)) {
    const before = byTodo.get(id) ?? new Array<number>(words).fill(0);
    const after = now.get(id) ?? new Array<number>(words).fill(0);
    const moved = before.map((word, index) => word ^ (after[index] ?? 0));
    eachBit(moved, (filter, word, bit) => {
      const gained = ((after[word] ?? 0) & bit) !== 0;
      matches.counts[filter] = (matches.counts[filter] ?? 0) + (gained ? 1 : -1);
    });
    if (after.some((word) => word !== 0)) {
      byTodo.set(id, after);
    } else {
      byTodo.delete(id);
    }
  }
}

/** The counts of the matches, in the order of the queries prepared. */
export function countsOf({ columns }: PreparedCounts, matches: Matches): number[] {
  return columns.map((filter) => (filter === undefined ? 0 : (matches.counts[filter] ?? 0)));
}

/** How many of the user's open todos each query matches, worked out afresh. */
export async function openCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<number[]> {
  const prepared = await prepareCounts(db, userId, queries, today);
  return countsOf(prepared, await countEverything(db, prepared));
}

function wordCount(filters: number): number {
  return Math.ceil(filters / WORD_BITS);
}

function wordsOf(row: MatchRow, words: number): number[] {
  const found = Array.from({ length: words }, (_, word) => Number(row[`w${word}`] ?? 0));
  const filter = Number(row.f);
  if (filter >= 0) {
    const word = Math.floor(filter / WORD_BITS);
    found[word] = (found[word] ?? 0) | (1 << (filter % WORD_BITS));
  }
  return found;
}

/** Calls `each` with every filter whose bit is set in `words`, its word and its bit. */
function eachBit(
  words: readonly number[],
  each: (filter: number, word: number, bit: number) => void,
): void {
  words.forEach((value, word) => {
    let rest = value;
    while (rest !== 0) {
      const bit = rest & -rest;
      each(word * WORD_BITS + 31 - Math.clz32(bit), word, bit);
      rest ^= bit;
    }
  });
}

type TodoConditions = ExpressionBuilder<Database, 'todos'>;

interface Numbered {
  filter: FilterNode;
  index: number;
}

/** `w<n>` for each word: the bits of the filters given that the row matches, 0 for the others. */
function wordColumns(
  eb: TodoConditions,
  words: number,
  filters: readonly Numbered[],
  context: FilterContext,
): AliasedRawBuilder<number, string>[] {
  return Array.from({ length: words }, (_, word) => {
    const bits = filters
      .filter(({ index }) => Math.floor(index / WORD_BITS) === word)
      .map(
        ({ filter, index }) =>
          sql<number>`case when ${filterWhere(filter, context)(eb)} then ${sql.lit(
            2 ** (index % WORD_BITS),
          )} else 0 end`,
      );
    return (bits.length > 0 ? sql<number>`${sql.join(bits, sql` + `)}` : sql<number>`0`).as(
      `w${word}`,
    );
  });
}

function openTodos(db: Kysely<Database>, userId: string) {
  return db.selectFrom('todos').where('user_id', '=', userId).where('completed', '=', false);
}

/**
 * The count of each filter, `f<n>`, in one row: those read apart each a scalar subquery reading
 * just their todos (SQLite joins at most 64 tables, and a user may have 100 filters), beside one
 * pass over the open todos with a `count(*) filter (where …)` for each of the others.
 */
function countingQuery(
  db: Kysely<Database>,
  userId: string,
  filters: readonly FilterNode[],
  context: FilterContext,
) {
  const numbered = filters.map((filter, index) => ({ filter, name: `f${index}` }));
  const together = numbered.filter(({ filter }) => !findsItsOwn(filter, context.engine));
  const apart = numbered.filter(({ filter }) => findsItsOwn(filter, context.engine));
  const pass = openTodos(db, userId).select((eb) =>
    together.length > 0
      ? together.map(({ filter, name }) =>
          eb.fn.countAll().filterWhere(filterWhere(filter, context)(eb)).as(name),
        )
      : [sql<number>`0`.as('none')],
  );
  return db
    .selectFrom(pass.as('together'))
    .selectAll('together')
    .select(() =>
      apart.map(({ filter, name }) =>
        openTodos(db, userId)
          .where(filterWhere(filter, context))
          .select(sql<number>`count(*)`.as('count'))
          .$asScalar()
          .as(name),
      ),
    );
}

/** The ids of the rows, joined by commas (ids hold none). */
function idsJoined(engine: FilterContext['engine']) {
  return engine === 'postgres'
    ? sql<string>`string_agg(todos.id, ',')`
    : sql<string>`group_concat(todos.id, ',')`;
}

/**
 * The open todos matching each filter, in few rows: those of the filters tested together grouped
 * by the words they match (one pass over the open todos, and no row for the todos matching none),
 * then the todos of each filter read apart (union all: one statement, each part reading what it
 * needs). Each row's `ids` are its todos, joined by commas, so that the rows are few.
 */
function everythingQuery(
  db: Kysely<Database>,
  userId: string,
  filters: readonly FilterNode[],
  context: FilterContext,
) {
  const words = wordCount(filters.length);
  const wordNames = Array.from({ length: words }, (_, word) => `w${word}`);
  const numbered = filters.map((filter, index) => ({ filter, index }));
  const together = numbered.filter(({ filter }) => !findsItsOwn(filter, context.engine));
  const apart = numbered.filter(({ filter }) => findsItsOwn(filter, context.engine));
  const matched = openTodos(db, userId).select((eb) => [
    'todos.id',
    ...wordColumns(eb, words, together, context),
  ]);
  const parts = [
    ...(together.length > 0
      ? [
          db
            .selectFrom(matched.as('todos'))
            .select([
              idsJoined(context.engine).as('ids'),
              ...wordNames.map((name) => sql.ref<number>(name).as(name)),
              sql<number>`-1`.as('f'),
            ])
            .groupBy(wordNames)
            .having(
              sql<boolean>`${sql.join(
                wordNames.map((name) => sql`${sql.ref(name)} <> 0`),
                sql` or `,
              )}`,
            ),
        ]
      : []),
    ...apart.map(({ filter, index }) =>
      openTodos(db, userId)
        .where(filterWhere(filter, context))
        .select([
          idsJoined(context.engine).as('ids'),
          ...wordNames.map((name) => sql<number>`0`.as(name)),
          sql<number>`${sql.lit(index)}`.as('f'),
        ]),
    ),
  ];
  const [first, ...rest] = parts as unknown as {
    unionAll: (other: unknown) => unknown;
    compile: () => CompiledQuery<MatchRow>;
  }[];
  if (first === undefined) {
    throw new Error('No filter to match');
  }
  return rest.reduce((union, part) => union.unionAll(part) as typeof first, first);
}

/** The given todos (ids bound at run time), each with every filter tested as its words. */
function changedQuery(
  db: Kysely<Database>,
  userId: string,
  filters: readonly FilterNode[],
  context: FilterContext,
) {
  const numbered = filters.map((filter, index) => ({ filter, index }));
  const ids =
    context.engine === 'postgres'
      ? sql<boolean>`todos.id = any(${IDS})`
      : sql<boolean>`todos.id in (select value from json_each(${IDS}))`;
  return openTodos(db, userId)
    .where(ids)
    .select((eb) => [
      'todos.id',
      ...wordColumns(eb, wordCount(filters.length), numbered, context),
      sql<number>`-1`.as('f'),
    ]) as unknown as { compile: () => CompiledQuery<MatchRow> };
}
