import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './schema';
import { OwnSchemaPostgresDialect } from './schema-introspector';
import { withStatementCache } from './statement-cache';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database for Better Auth, which expects Date objects from PostgreSQL. On SQLite it is
   * `db` itself (one connection; Better Auth converts dates to ISO strings there).
   */
  authDb: Kysely<Database>;
  engine: Engine;
  /**
   * Where the PostgreSQL database is, for a component that needs its own connections (Graphile
   * Worker, reminders/graphile-queue.ts); undefined on SQLite.
   */
  postgres?: { connectionString: string; schema: string | undefined };
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
  /**
   * How long one PostgreSQL query may take (QUERY_TIMEOUT_MS by default). Migrations get longer:
   * building an index on a large table is not a request.
   */
  queryTimeoutMs?: number;
  /** How long connecting (or waiting for a pooled connection) may take; CONNECT_TIMEOUT_MS by default. */
  connectTimeoutMs?: number;
}

/**
 * PostgreSQL time limits (ADR 0015): while the database is down or cut off, a request must fail
 * within about a second or two instead of hanging, so the API can answer 503 and the client retry.
 * Waiting for a pooled connection counts towards the connect limit, which sheds load when the
 * pool is exhausted. The server cancels a statement a little before the client gives up on it,
 * so a merely slow query ends cleanly and only a silent connection reaches the client limit.
 */
export const CONNECT_TIMEOUT_MS = 1000;
export const QUERY_TIMEOUT_MS = 2000;
const STATEMENT_MARGIN_MS = 200;
/** A transaction left open by a client that vanished would hold its locks until this. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;
/** TCP keepalive on pooled connections, so a dead peer is noticed while a connection sits idle. */
const KEEPALIVE_DELAY_MS = 10_000;

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
    ? openPostgres(options.databaseUrl, options.pgSchema, {
        queryMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
        connectMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      })
    : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'daywise.sqlite'));
  // WAL for concurrent readers, FULL sync so a committed write survives a power cut.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
  return handle(db, db, 'sqlite');
}

/** What pg-pool hands to 'release' listeners; `_getActiveQuery` is pg's internal accessor. */
interface ReleasedClient {
  _getActiveQuery?: () => unknown;
  connection?: { stream?: { destroy: () => void } };
}

function openPostgres(
  connectionString: string,
  schema: string | undefined,
  timeouts: { queryMs: number; connectMs: number },
): DatabaseHandle {
  const pool = (max: number, types?: pg.CustomTypesConfig) => {
    const created = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
      statement_timeout: Math.max(timeouts.queryMs - STATEMENT_MARGIN_MS, 1),
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      ...(types ? { types } : {}),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client that loses its connection emits 'error'; the pool replaces it. Without a
    // listener Node would crash the process on a database restart.
    created.on('error', () => undefined);
    // The same for a client in use between two queries: the query running gets the error anyway.
    created.on('connect', (client) => client.on('error', () => undefined));
    // A client given back while a timed-out query still waits for its answer has a connection
    // that went silent: every later query on it would wait behind that one. Cutting it makes the
    // pool drop it and open a fresh connection once the database answers again.
    created.on('release', (_error, client) => {
      const internals = client as unknown as ReleasedClient;
      if (internals._getActiveQuery?.()) {
        internals.connection?.stream?.destroy();
      }
    });
    return created;
  };
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: pool(10, ISO_TYPES) }),
  });
  const authDb = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: pool(4) }) });
  return { ...handle(db, authDb, 'postgres'), postgres: { connectionString, schema } };
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
