import { type FilterNode, parseFilter } from '@daywise/shared/filters';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { filterContext, filterWhere } from './compile';

/**
 * How many of the user's open todos each query matches, in one pass over them whatever the number
 * of queries: one `count(*) filter (where …)` a query (SQLite and PostgreSQL both have it), so
 * 20 saved filters cost one read of the open todos, not twenty. A stored query the parser no
 * longer reads (none should: queries are checked when saved) counts 0 rather than failing the
 * whole sidebar.
 */
export async function openCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<number[]> {
  const parsed = queries.map((query) => parseFilter(query));
  const filters = parsed.flatMap((result) => (result.ok ? [result.filter] : []));
  if (filters.length === 0) {
    return queries.map(() => 0);
  }
  const context = await filterContext(db, userId, filters, today);
  const row = await db
    .selectFrom('todos')
    .where('user_id', '=', userId)
    .where('completed', '=', false)
    .select((eb) =>
      filters.map((filter: FilterNode, index) =>
        eb.fn.countAll().filterWhere(filterWhere(filter, context)(eb)).as(`f${index}`),
      ),
    )
    .executeTakeFirst();
  const counts = row;
  let next = 0;
  return parsed.map((result) => {
    if (!result.ok) {
      return 0;
    }
    const count = counts?.[`f${next}`] ?? 0;
    next += 1;
    return Number(count);
  });
}
