import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './schema';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database for Better Auth, which expects Date objects from PostgreSQL. On SQLite it is
   * `db` itself (one connection; Better Auth converts dates to ISO strings there).
   */
  authDb: Kysely<Database>;
  engine: Engine;
  /** Resolves when a trivial query succeeds; rejects when the database cannot be reached. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded SQLite file is used. */
  databaseUrl?: string | undefined;
  /** Folder for the SQLite file. */
  dataDir: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  pgSchema?: string;
}

/**
 * Our queries see timestamps as ISO strings on both engines (ADR 0003): on PostgreSQL,
 * timestamptz (1184) and timestamp (1114) are parsed to ISO strings, and bigint counts (20) to
 * numbers. Set per pool, not globally, because Better Auth's own pool needs the default Dates.
 */
const ISO_PARSERS: Record<number, (value: string) => unknown> = {
  1184: (value) => new Date(value).toISOString(),
  1114: (value) => new Date(`${value}Z`).toISOString(),
  20: (value) => Number(value),
};
const ISO_TYPES = {
  getTypeParser: (oid: number): ((value: string) => unknown) =>
    ISO_PARSERS[oid] ?? (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown),
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.pgSchema)
    : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'daywise.sqlite'));
  // WAL for concurrent readers, FULL sync so a committed write survives a power cut (DESIGN §2).
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: file }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return handle(db, db, 'sqlite');
}

function openPostgres(connectionString: string, schema: string | undefined): DatabaseHandle {
  const pool = (max: number, types?: pg.CustomTypesConfig) => {
    const created = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: 5000,
      ...(types ? { types } : {}),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client that loses its connection emits 'error'; the pool replaces it. Without a
    // listener Node would crash the process on a database restart.
    created.on('error', () => undefined);
    return created;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool(10, ISO_TYPES) }) });
  const authDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool(4) }) });
  return handle(db, authDb, 'postgres');
}

function handle(db: Kysely<Database>, authDb: Kysely<Database>, engine: Engine): DatabaseHandle {
  let closed: Promise<void> | undefined;
  return {
    db,
    authDb,
    engine,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // Idempotent: shutdown paths may close twice, and a second pg pool.end() would throw.
    close: () =>
      (closed ??= Promise.all([db.destroy(), authDb === db ? undefined : authDb.destroy()]).then(
        () => undefined,
      )),
  };
}
