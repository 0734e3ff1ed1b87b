import type { FilterNode } from '@daywise/shared/filters';
import {
  type AliasedRawBuilder,
  type CompiledQuery,
  type ExpressionBuilder,
  type Kysely,
  sql,
} from 'kysely';

import type { Database } from '../db/schema';
import { type FilterContext, filterWhere, findsItsOwn } from './compile';

/*
 * The statements counting and matching the saved filters (filters/counts.ts runs them): built
 * with Kysely from the parsed filters and what their names stand for, compiled once per plan.
 */

/** Filters a word of matches holds: 30 bits, a positive integer on both engines. */
export const WORD_BITS = 30;

/** The todo ids `matchChanged` reads, in the prepared statement, until they are bound. */
export const IDS = '\u0000ids';

/**
 * Todos and the filters they match: bits of `w<n>` when `f` is -1 (tested with the others), or
 * the filter `f` alone (read apart, through an index). The todo is `id`, or, when reading
 * everything, `ids`: several joined by commas.
 */
export type MatchRow = Record<string, unknown> & { id?: string; ids?: string | null; f: number };

/** How many words of bits `filters` filters take. */
export function wordCount(filters: number): number {
  return Math.ceil(filters / WORD_BITS);
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
export function countingQuery(
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
export function everythingQuery(
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
export function changedQuery(
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
