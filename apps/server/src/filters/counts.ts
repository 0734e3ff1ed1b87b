import { type FilterNode, parseFilter } from '@daywise/shared/filters';
import { type CompiledQuery, type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { type FilterContext, filterContext, filterWhere, findsItsOwn } from './compile';

/*
 * How many of the user's open todos each saved filter matches (ADR 0028, 2026-11-28), in one
 * statement whatever the number of filters. A filter whose todos an index finds (a list, a few
 * days: `findsItsOwn`) is counted on its own, reading just those; the others are counted together
 * in one pass over the open todos, one `count(*) filter (where …)` each (SQLite and PostgreSQL
 * both have it), so that they cost one read of the open todos, not one each.
 *
 * The statement is worked out once (`prepareCounts`: the queries parsed, the names they use looked
 * up, the SQL built) and may be run again (`runCounts`) until the filters, the names or the day
 * change: a change to todos changes only what it answers.
 */

/** The counting statement of some queries, and where each query's count is in its row. */
export interface PreparedCounts {
  statement: CompiledQuery<Record<string, unknown>> | undefined;
  /**
   * The column of each query's count, in the order of the queries; undefined for a stored query
   * the parser no longer reads (none should: queries are checked when saved), which counts 0
   * rather than failing the whole sidebar.
   */
  columns: (string | undefined)[];
}

/** The statement counting the open todos each query matches for the user on `today`. */
export async function prepareCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<PreparedCounts> {
  const parsed = queries.map((query) => parseFilter(query));
  const filters = parsed.flatMap((result) => (result.ok ? [result.filter] : []));
  let next = 0;
  const columns = parsed.map((result) => (result.ok ? `f${next++}` : undefined));
  if (filters.length === 0) {
    return { statement: undefined, columns };
  }
  const context = { ...(await filterContext(db, userId, filters, today)), counting: true };
  return { statement: countingQuery(db, userId, filters, context).compile(), columns };
}

/** The counts a prepared statement answers now, in the order of its queries. */
export async function runCounts(
  db: Kysely<Database>,
  { statement, columns }: PreparedCounts,
): Promise<number[]> {
  const row = statement ? (await db.executeQuery(statement)).rows[0] : undefined;
  return columns.map((column) => (column === undefined ? 0 : Number(row?.[column] ?? 0)));
}

/** How many of the user's open todos each query matches, worked out afresh. */
export async function openCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<number[]> {
  return runCounts(db, await prepareCounts(db, userId, queries, today));
}

/** The statement answering `f<n>`, the count of the n-th filter, in one row. */
function countingQuery(
  db: Kysely<Database>,
  userId: string,
  filters: readonly FilterNode[],
  context: FilterContext,
) {
  const open = () =>
    db.selectFrom('todos').where('user_id', '=', userId).where('completed', '=', false);
  const numbered = filters.map((filter, index) => ({ filter, name: `f${index}` }));
  const together = numbered.filter(({ filter }) => !findsItsOwn(filter, context.engine));
  const apart = numbered.filter(({ filter }) => findsItsOwn(filter, context.engine));
  // One row of the counts made together (none when every filter is counted apart), beside which
  // the others are each a scalar subquery: SQLite joins at most 64 tables, and a user may have
  // 100 filters.
  const pass = open().select((eb) =>
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
        open()
          .where(filterWhere(filter, context))
          .select(sql<number>`count(*)`.as('count'))
          .$asScalar()
          .as(name),
      ),
    );
}
