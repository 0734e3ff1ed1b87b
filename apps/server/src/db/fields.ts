import { type Kysely, type RawBuilder, sql } from 'kysely';

import { jsonBoolean, jsonColumn, jsonTimestamp } from './json';

/**
 * A resource's field table (docs/ARCHITECTURE.md, "One field table per resource"): each field as
 * the API and the archive name it, the column that keeps it, and how its value converts. The
 * presenter, the JSON the database writes, the archive and CSV rows and the columns an import
 * writes are all read off the table, so a new field is a line in the table, a migration and the
 * UI; the compiler points at anything else that must decide about it.
 */
export interface Field<Row> {
  readonly column: keyof Row & string;
  /**
   * 'boolean': a flag (SQLite keeps 0 or 1); 'timestamp': an instant (ADR 0003); 'json': a value
   * kept as its JSON text, of the type `json` names (`jsonOf<T>()`).
   */
  readonly kind?: 'boolean' | 'timestamp' | 'json';
  /** A 'json' field's value type: `jsonOf<T>()`. */
  readonly json?: unknown;
  /** Its header in the CSV export, in the table's order; a field without one is not there. */
  readonly csv?: string;
}

export type FieldTable<Row> = Readonly<Record<string, Field<Row>>>;

type ValueOf<Row, F> = F extends { kind: 'boolean' }
  ? boolean
  : F extends { kind: 'json'; json: infer V }
    ? V
    : F extends { column: infer C extends keyof Row }
      ? Row[C]
      : never;

/** A row's fields as the API answers them. */
export type FieldValues<Row, T extends FieldTable<Row>> = {
  -readonly [K in keyof T]: ValueOf<Row, T[K]>;
};

/** The columns that keep the fields named in `V`. */
type ColumnsOf<Row, T extends FieldTable<Row>, V> = Pick<
  Row,
  T[keyof V & keyof T]['column'] & keyof Row
>;

/** Names a 'json' field's value type in its table: `{ kind: 'json', json: jsonOf<T>() }`. */
export function jsonOf<T>(): T {
  return undefined as T;
}

/** Compiles only when `Shape` has every field of the table (an archive's, say). */
export type HasEveryField<Shape, T> = keyof T extends keyof Shape ? true : never;

/** A table bound to its row type, with what is read off it. */
export class Fields<Row, T extends FieldTable<Row>> {
  constructor(readonly table: T) {}

  /** The row's fields as the API answers them. */
  present(row: Row): FieldValues<Row, T> {
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.table)) {
      const value = row[field.column];
      values[name] =
        field.kind === 'boolean'
          ? Boolean(value)
          : field.kind === 'json'
            ? (JSON.parse(String(value)) as unknown)
            : value;
    }
    return values as FieldValues<Row, T>;
  }

  /**
   * The columns of the table's fields that `values` carries (`present`, backwards): what a form
   * or an imported item sets, whatever else it holds.
   */
  columns<V extends Partial<FieldValues<Row, T>>>(values: V): ColumnsOf<Row, T, V> {
    const columns: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.table)) {
      if (name in values) {
        const value = (values as Record<string, unknown>)[name];
        columns[field.column] = field.kind === 'json' ? JSON.stringify(value) : value;
      }
    }
    return columns as ColumnsOf<Row, T, V>;
  }

  /** The fields as JSON the database writes (db/json.ts), keyed as the API names them. */
  json<DB>(db: Kysely<DB>): Record<string, RawBuilder<unknown>> {
    return Object.fromEntries(
      Object.entries(this.table).map(([name, field]) => [
        name,
        field.kind === 'boolean'
          ? jsonBoolean(db, field.column)
          : field.kind === 'timestamp'
            ? jsonTimestamp(db, field.column)
            : field.kind === 'json'
              ? jsonColumn(db, field.column)
              : sql.ref(field.column),
      ]),
    );
  }
}

/** `fieldsOf<Row>()({ ... })`: the table, checked against its row type and bound to it. */
export function fieldsOf<Row>() {
  return <const T extends FieldTable<Row>>(table: T) => new Fields<Row, T>(table);
}
