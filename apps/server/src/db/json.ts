import { type Kysely, type RawBuilder, sql } from 'kysely';

import { isPostgres } from './column-types';

/**
 * JSON written by the database, for answers sent as it writes them (ADR 0018, JSON written by the
 * database): the same SQL on both engines but for their function names and how each marks nested
 * JSON.
 */

/** `'key', value` pairs, for SQLite's json_object and PostgreSQL's json_build_object. */
function pairs(fields: Record<string, RawBuilder<unknown>>) {
  return sql.join(Object.entries(fields).map(([key, value]) => sql`${sql.lit(key)}, ${value}`));
}

/** A JSON object of these fields, to nest in other JSON the database writes. */
export function jsonObject<DB>(db: Kysely<DB>, fields: Record<string, RawBuilder<unknown>>) {
  return isPostgres(db)
    ? sql<string>`json_build_object(${pairs(fields)})`
    : sql<string>`json_object(${pairs(fields)})`;
}

/**
 * This JSON where the condition holds, else null. SQLite passes JSON through `case` as plain
 * text, which would then be quoted: json() marks it as JSON again.
 */
export function jsonWhen<DB>(
  db: Kysely<DB>,
  condition: RawBuilder<unknown>,
  json: RawBuilder<string>,
) {
  return isPostgres(db)
    ? sql<string | null>`case when ${condition} then ${json} end`
    : sql<string | null>`json(case when ${condition} then ${json} end)`;
}

/** A timestamp column in our ISO form, as the API answers it (ADR 0003). */
export function jsonTimestamp<DB>(db: Kysely<DB>, column: string) {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`${sql.ref(column)}`;
}

/** A boolean column as JSON true or false (0/1 on SQLite). */
export function jsonBoolean<DB>(db: Kysely<DB>, column: string) {
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)}`
    : sql<boolean>`json(case when ${sql.ref(column)} then 'true' else 'false' end)`;
}

/** A text column holding JSON, nested as JSON (not as a string of it). */
export function jsonColumn<DB>(db: Kysely<DB>, column: string) {
  return isPostgres(db)
    ? sql<unknown>`(${sql.ref(column)})::json`
    : sql<unknown>`json(${sql.ref(column)})`;
}

/** JSON as text, to send. */
export function jsonText<DB>(db: Kysely<DB>, json: RawBuilder<string>) {
  return isPostgres(db) ? sql<string>`(${json})::text` : json;
}

/**
 * An expression without parameters, compiled once for each engine and kept as its SQL text: a
 * long one (a row's JSON) costs Kysely more to build and compile on every query than the
 * database takes to run it.
 */
export function compiledOnce<DB, T>(build: (db: Kysely<DB>) => RawBuilder<T>) {
  const texts = new Map<boolean, RawBuilder<T>>();
  return (db: Kysely<DB>): RawBuilder<T> => {
    const postgres = isPostgres(db);
    let text = texts.get(postgres);
    if (!text) {
      const compiled = build(db).compile(db);
      if (compiled.parameters.length > 0) {
        throw new Error('compiledOnce: the expression has parameters');
      }
      text = sql.raw<T>(compiled.sql);
      texts.set(postgres, text);
    }
    return text;
  };
}
