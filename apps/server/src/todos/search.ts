import { type Expression, type Kysely, sql, type SqlBool } from 'kysely';

import { isPostgres } from '../db/column-types';
import { searchTokens, todoSearchKeys } from '../db/migrations/0021-todo-search-per-user';
import type { Database } from '../db/schema';

/** The index holds windows of three bytes of UTF-8: a shorter term cannot be looked up in it. */
const WINDOW_LENGTH = 3;

/**
 * Up to this many indexed matches, a search reads just those todos; past it the term is common
 * in the user's todos, and the list's walk through them newest first fills a page sooner.
 */
export const INDEXED_SEARCH_LIMIT = 1000;

/**
 * What narrows a search to the todos the user's part of the search index (migration 0021,
 * ADR 0022) says match, or undefined where it would not help: for a term under three bytes,
 * and for one the user's todos hold more than INDEXED_SEARCH_LIMIT times. The list's own `like`
 * still decides each todo, so the answers are the same either way.
 */
export async function indexedSearch(
  db: Kysely<Database>,
  userId: string,
  term: string,
): Promise<Expression<SqlBool> | undefined> {
  // Lowered as the list's `like` pattern is (lib/like-pattern.ts), so the index finds what it does.
  const lowered = term.toLowerCase();
  // Requests carrying a NUL are refused (lib/nul-characters.ts); should one get here, it is not
  // asked of the index, as PostgreSQL's text cannot hold it.
  if (Buffer.byteLength(lowered) < WINDOW_LENGTH || lowered.includes('\u0000')) {
    return undefined;
  }
  const { rows } = await indexMatches(db, userId, lowered).execute(db);
  const ids = rows.map((row) => row.id);
  if (ids.length > INDEXED_SEARCH_LIMIT) {
    return undefined;
  }
  // The ids as one parameter: one statement to prepare whatever their number, and the index
  // read once for the page and the count.
  return isPostgres(db)
    ? sql<SqlBool>`id = any(${ids})`
    : sql<SqlBool>`id in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * The index read: the user's todos holding every key of the term (already lowered), at most
 * INDEXED_SEARCH_LIMIT + 1 of them.
 *
 * - SQLite: one FTS5 phrase of the term's tokens, its windows one after another.
 * - PostgreSQL: the todos whose keys contain all of the term's. The keys name the user, so no
 *   other condition is needed, and none is given: with one, PostgreSQL could walk the user's
 *   todos working out each one's keys instead of reading the index.
 */
export function indexMatches(db: Kysely<Database>, userId: string, term: string) {
  return isPostgres(db)
    ? sql<{ id: string }>`
        select id from todos
        where ${todoSearchKeys} @> todo_search_keys(${userId}, ${term})
        limit ${INDEXED_SEARCH_LIMIT + 1}
      `
    : sql<{ id: string }>`
        select r.todo_id as id
        from todo_search s join todo_search_rows r on r.search_rowid = s.rowid
        where todo_search match ('"' || ${searchTokens(sql`${userId}`, sql`${term}`)} || '"')
          and r.user_id = ${userId}
        limit ${INDEXED_SEARCH_LIMIT + 1}
      `;
}
