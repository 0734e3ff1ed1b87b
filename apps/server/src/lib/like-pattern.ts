import { type RawBuilder, sql } from 'kysely';

/** LIKE pattern for "contains", lowercased, with the term's `\`, `%` and `_` matched literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The right-hand side of `lower(column) like …`: the pattern and its escape character. */
export function likeContains(term: string): RawBuilder<string> {
  return sql<string>`${containsPattern(term)} escape '\\'`;
}
