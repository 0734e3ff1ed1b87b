import { type Kysely, PostgresAdapter } from 'kysely';

/** Which engine a Kysely instance talks to, for the few SQL fragments that differ (ADR 0003). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** timestamptz on PostgreSQL, ISO-8601 text on SQLite (ADR 0003). */
export function timestampType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** boolean on PostgreSQL, 0/1 integer on SQLite (bound as such by statement-cache.ts). */
export function booleanType(db: Kysely<unknown>): 'boolean' | 'integer' {
  return isPostgres(db) ? 'boolean' : 'integer';
}
