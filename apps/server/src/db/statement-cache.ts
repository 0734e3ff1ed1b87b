import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept at most; the least recently used go first. */
const MAX_STATEMENTS = 500;

/**
 * The SQLite file as Kysely sees it, with each statement prepared once and reused (ADR 0018).
 * Kysely prepares every query it runs, and preparing (parsing and planning the SQL) cost more
 * than running the small queries a request makes. Our queries carry their values as parameters,
 * so a page's few dozen shapes of SQL come back again and again. A statement still being
 * iterated is busy and is never handed out twice: that query gets one of its own.
 */
export function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = file.prepare(sql);
      if (!kept) {
        if (statements.size >= MAX_STATEMENTS) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) {
            statements.delete(oldest);
          }
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
