import { type Expression, type Kysely, sql, type SqlBool } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';

/** The trigram index holds three-character pieces: a shorter term cannot be looked up in it. */
const TRIGRAM_LENGTH = 3;

/**
 * Up to this many indexed matches, a search reads just those todos; past it the term is common
 * in the user's todos, and the list's walk through them newest first fills a page sooner.
 */
export const INDEXED_SEARCH_LIMIT = 1000;

/**
 * What narrows a search to the todos the trigram index (migration 0010, ADR 0018) says may
 * match, or undefined where it would not help: on PostgreSQL, whose planner uses its trigram
 * indexes by itself; for a term under three characters or one it cannot read; and for a term the user's todos hold
 * more than INDEXED_SEARCH_LIMIT times. The list's own `like` still decides each todo, so the
 * answers are the same either way.
 */
export async function indexedSearch(
  db: Kysely<Database>,
  userId: string,
  term: string,
): Promise<Expression<SqlBool> | undefined> {
  // FTS5's query parser ends a string at a NUL character, so such a term is not asked of it.
  if (isPostgres(db) || [...term].length < TRIGRAM_LENGTH || term.includes('\u0000')) {
    return undefined;
  }
  // One FTS5 phrase: the term as it is, its double quotes doubled.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const { rows } = await sql<{ id: string }>`
    select r.todo_id as id
    from todo_search s join todo_search_rows r on r.search_rowid = s.rowid
    where todo_search match ${phrase} and r.user_id = ${userId}
    limit ${INDEXED_SEARCH_LIMIT + 1}
  `.execute(db);
  if (rows.length > INDEXED_SEARCH_LIMIT) {
    return undefined;
  }
  // The ids as one JSON parameter: one statement to prepare whatever their number, and the
  // index read once for the page and the count.
  return sql<SqlBool>`id in (select value from json_each(${JSON.stringify(rows.map((row) => row.id))}))`;
}
