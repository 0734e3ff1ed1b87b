import type { ApiError } from './errors';

/**
 * Whether a database error is a unique-key violation: SQLite's SQLITE_CONSTRAINT_UNIQUE (or its
 * primary-key twin) from better-sqlite3, PostgreSQL's 23505 from pg.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return false;
  }
  const { code } = error;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Runs a write whose uniqueness a check-then-insert cannot promise under concurrency: when two
 * requests race past the check, the database's unique key refuses the loser, and the loser gets
 * the same clear 4xx the check would have given (ADR 0016). On PostgreSQL a violation aborts the
 * transaction, so pass the whole transaction as `write`, never a statement inside it.
 */
export async function refuseDuplicate<T>(
  write: () => Promise<T>,
  duplicate: () => ApiError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw duplicate();
    }
    throw error;
  }
}
