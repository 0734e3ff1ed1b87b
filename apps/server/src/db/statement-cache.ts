import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept at most; the least recently used go first. */
const MAX_STATEMENTS = 500;

/**
 * The SQLite file as Kysely sees it (ADR 0018):
 * - Each statement is prepared once and reused. Kysely prepares every query it runs, and
 *   preparing (parsing and planning the SQL) cost more than running the small queries a request
 *   makes. Our queries carry their values as parameters, so a page's few dozen shapes of SQL come
 *   back again and again. A statement still being iterated is busy and is never handed out
 *   twice: that query gets one of its own.
 * - SQLite has no boolean type and better-sqlite3 refuses to bind one, so booleans are bound as
 *   1 and 0 and the same queries run on both engines. Reads give 1 and 0 back (Kysely's SqlBool
 *   type); code that needs a boolean calls Boolean().
 */
export function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, KeptStatement>();
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
      const statement = forKysely(file.prepare(sql));
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

type KeptStatement = SqliteStatement & { readonly busy: boolean };
type Parameters = readonly unknown[];

/** A statement as Kysely runs it, with booleans bound as integers. */
function forKysely(statement: SQLite.Statement): KeptStatement {
  return {
    reader: statement.reader,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => statement.all(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
  };
}

function bindable(parameters: Parameters): unknown[] {
  return parameters.some((value) => typeof value === 'boolean')
    ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
    : (parameters as unknown[]);
}
