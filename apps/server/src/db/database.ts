import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  Kysely,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
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
  /** The SQLite connection itself, for its online backup (backup/rolling.ts); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /**
   * Resolves when the database reads and writes, and on SQLite its file is still the one opened;
   * rejects with the cause otherwise (the health check, ADR 0022).
   */
  check: () => Promise<void>;
  /** How the PostgreSQL connection pools are used right now; none on SQLite (one connection). */
  pools: () => PoolUse[];
  close: () => Promise<void>;
}

/** One connection pool's use: open connections, of them idle, the most it opens, queries waiting. */
export interface PoolUse {
  name: string;
  total: number;
  idle: number;
  max: number;
  waiting: number;
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
  const filePath = path.join(dataDir, 'daywise.sqlite');
  const file = new SQLite(filePath);
  // WAL for concurrent readers, FULL sync so a committed write survives a power cut.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const stopOptimizing = keepStatistics(file);
  const config = { database: withStatementCache(file) };
  const db = new Kysely<Database>({
    dialect: new (class extends SqliteDialect {
      override createDriver() {
        return new SqliteDriverKeepingErrors(config, file);
      }
    })(config),
  });
  // SQLite keeps using a file removed or replaced under it, and every read and write succeeds on
  // the unlinked copy, which nothing will ever open again: only the path says what happened.
  const opened = fs.statSync(filePath);
  const verifyFile = async () => {
    const current = await fs.promises.stat(filePath);
    if (current.ino !== opened.ino || current.dev !== opened.dev) {
      throw new Error(`The database file ${filePath} was replaced since it was opened`);
    }
  };
  return { ...handle(db, db, 'sqlite', verifyFile, stopOptimizing), sqlite: file };
}

/** How often a running server refreshes SQLite's statistics, as SQLite advises for long-lived connections. */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the statistics SQLite's planner chooses indexes by (`PRAGMA optimize`, ADR 0028): on
 * opening, then every hour, each time analysing only the tables that changed enough to need it.
 * Without them the planner guesses, and for a filtered page ordered by date it walked every todo
 * of the user in date order rather than the hundred of one list (7 ms instead of 0.4 at 10,000
 * todos). A failure (a busy or full disk) leaves the old statistics for the next hour. Returns
 * what stops it.
 */
function keepStatistics(file: SQLite.Database): () => void {
  const optimize = (pragma: string) => {
    try {
      file.pragma(pragma);
    } catch {
      // Statistics only guide the planner: the next run tries again.
    }
  };
  optimize('optimize = 0x10002');
  const timer = setInterval(() => optimize('optimize'), OPTIMIZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * SQLite as Kysely drives it, except that a failed transaction is rolled back only while it is
 * still open. On a full disk, an I/O error or a corrupt page SQLite has already rolled it back
 * itself, and Kysely's ROLLBACK then failed with 'cannot rollback - no transaction is active', an
 * error that replaced the one saying what happened (ADR 0022).
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  readonly #file: SQLite.Database;

  constructor(config: SqliteDialectConfig, file: SQLite.Database) {
    super(config);
    this.#file = file;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#file.inTransaction) {
      await super.rollbackTransaction(connection);
    }
  }
}

/**
 * The pool as Kysely uses it (ADR 0022). A query that failed without an answer from PostgreSQL
 * (pg's client-side time limit, a lost connection) leaves its connection in an unknown state: on
 * a silent connection the timed-out query is still waiting, and the ROLLBACK Kysely sends next
 * queued behind it for a second full time limit. Such a client answers every later query at once
 * with the error that broke it, and is destroyed when given back (pg-pool's `release(error)` ends
 * it, cutting the socket of a query still waiting), so the pool opens a fresh connection.
 */
function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = async (text: string, parameters: readonly unknown[]) => {
        if (broken) {
          throw broken;
        }
        try {
          return await client.query(text, [...parameters]);
        } catch (error) {
          // An error PostgreSQL answered with leaves the connection usable.
          if (!(error instanceof pg.DatabaseError)) {
            broken = error instanceof Error ? error : new Error(String(error));
          }
          throw error;
        }
      };
      // Kysely's type also offers a cursor form of query(), for a dialect given a cursor: ours is not.
      return { query, release: () => client.release(broken) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
    // Kysely opens a control client with these to cancel a query it was asked to abort.
    options: pool.options,
  };
}

function openPostgres(
  connectionString: string,
  schema: string | undefined,
  timeouts: { queryMs: number; connectMs: number },
): DatabaseHandle {
  const pools: { name: string; pool: pg.Pool }[] = [];
  const pool = (name: string, max: number, types?: pg.CustomTypesConfig) => {
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
    pools.push({ name, pool: created });
    return discardingBrokenClients(created);
  };
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: pool('app', 10, ISO_TYPES) }),
  });
  const authDb = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: pool('auth', 4) }),
  });
  return {
    ...handle(db, authDb, 'postgres'),
    postgres: { connectionString, schema },
    pools: () =>
      pools.map(({ name, pool: { totalCount, idleCount, waitingCount, options } }) => ({
        name,
        total: totalCount,
        idle: idleCount,
        max: options.max,
        waiting: waitingCount,
      })),
  };
}

/** The row the health check reads and writes, in a real table (`select 1` touches no page). */
const HEALTH_CHECK_KEY = 'health-check';
/**
 * The health check writes at most this often (it is public, and each write is a synced commit);
 * in between it reads, and repeats the last write's failure until a write succeeds again.
 */
const HEALTH_WRITE_INTERVAL_MS = 1000;

/** Reads, and at a bounded rate writes, the health check's row: a full or failing disk shows. */
function storageCheck(db: Kysely<Database>, verifyFile?: () => Promise<void>) {
  let lastWriteAt = -Infinity;
  let writeFailure: unknown;
  return async () => {
    await verifyFile?.();
    if (Date.now() - lastWriteAt < HEALTH_WRITE_INTERVAL_MS) {
      await db
        .selectFrom('app_settings')
        .select('key')
        .where('key', '=', HEALTH_CHECK_KEY)
        .execute();
      if (writeFailure !== undefined) {
        throw writeFailure;
      }
      return;
    }
    lastWriteAt = Date.now();
    try {
      await db
        .insertInto('app_settings')
        .values({ key: HEALTH_CHECK_KEY, value: new Date().toISOString() })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
      writeFailure = undefined;
    } catch (error) {
      writeFailure = error;
      throw error;
    }
  };
}

function handle(
  db: Kysely<Database>,
  authDb: Kysely<Database>,
  engine: Engine,
  verifyFile?: () => Promise<void>,
  stop?: () => void,
): DatabaseHandle {
  let closed: Promise<void> | undefined;
  return {
    db,
    authDb,
    engine,
    check: storageCheck(db, verifyFile),
    pools: () => [],
    // Idempotent: shutdown paths may close twice, and a second pg pool.end() would throw.
    close: () => {
      stop?.();
      return (closed ??= Promise.all([
        db.destroy(),
        authDb === db ? undefined : authDb.destroy(),
      ]).then(() => undefined));
    },
  };
}
