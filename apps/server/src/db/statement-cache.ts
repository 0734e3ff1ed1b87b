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
 * - Rows are read as arrays and made into objects by a function built once per statement:
 *   better-sqlite3 builds each row object property by property, and for a page of todos that
 *   cost as much as reading the rows did.
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

/** A statement as Kysely runs it: booleans bound as integers, rows answered as objects. */
function forKysely(statement: SQLite.Statement): KeptStatement {
  if (!statement.reader) {
    return {
      reader: false,
      get busy() {
        return statement.busy;
      },
      all: (parameters) => statement.all(bindable(parameters)),
      iterate: (parameters) => statement.iterate(bindable(parameters)),
      run: (parameters) => statement.run(bindable(parameters)),
    };
  }
  // The statement itself, now answering each row as an array of its values.
  const values = statement.raw(true);
  const row = rowMaker(values.columns().map((column) => column.name));
  return {
    reader: true,
    get busy() {
      return values.busy;
    },
    all: (parameters) => {
      const rows = values.all(bindable(parameters));
      for (let i = 0; i < rows.length; i += 1) {
        rows[i] = row(rows[i] as unknown[]);
      }
      return rows;
    },
    iterate: function* (parameters) {
      for (const each of values.iterate(bindable(parameters)) as Iterable<unknown[]>) {
        yield row(each);
      }
    },
    run: (parameters) => values.run(bindable(parameters)),
  };
}

function bindable(parameters: Parameters): unknown[] {
  return parameters.some((value) => typeof value === 'boolean')
    ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
    : (parameters as unknown[]);
}

/**
 * `(values) => ({ [name0]: values[0], ... })` for these column names, compiled once so V8 gives
 * every row the same shape. A name repeated keeps its last value, as better-sqlite3 does.
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const properties = names.map((name, index) => `[${JSON.stringify(name)}]: values[${index}]`);
  // The one place code is built from text: names are JSON string literals, so a name cannot
  // escape its key, and they come from our own SQL's columns.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('values', `return { ${properties.join(', ')} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}
