import { type RawBuilder, sql } from 'kysely';

import type { Engine } from '../db/database';

/** LIKE pattern for "contains", lowercased, with the term's `\`, `%` and `_` matched literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The right-hand side of `lower(column) like …`: the pattern and its escape character. */
export function likeContains(term: string): RawBuilder<string> {
  return sql<string>`${containsPattern(term)} escape '\\'`;
}

/**
 * A text column as `likeContains` matches it, its case folded: `lower(column)` on PostgreSQL,
 * whose LIKE heeds case; the column itself on SQLite, whose LIKE folds the ASCII letters, exactly
 * what its lower() folds (and nothing more), so the answers are the same and no row's text is
 * copied to be lowered. `column` is a column reference, `table.column`.
 */
export function likeFolded(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'postgres' ? sql<string>`lower(${sql.ref(column)})` : sql.ref(column);
}
