import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import pg from 'pg';

import { workerSchemaFor } from '../reminders/graphile-queue';
import { assertKnownMigrations, BackupError, writeWhole } from './files';

const run = promisify(execFile);

/** Large enough for pg_restore's listing and the migrations table of any archive. */
const OUTPUT_LIMIT = 64 * 1024 * 1024;

/** Runs a PostgreSQL client tool; its failure becomes a BackupError with what it printed. */
async function tool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    const { stdout } = await run(name, args, { maxBuffer: OUTPUT_LIMIT, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${name} was not found: install the PostgreSQL client tools (version 15 or later) on this machine`,
      );
    }
    throw new BackupError(`${name} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/**
 * Where Daywise keeps its data on PostgreSQL: the database a connection string names, and the
 * schema a server given `schema` uses (main.ts gives none: the connection's search_path decides).
 */
export interface PostgresPlace {
  connectionString: string;
  schema?: string | undefined;
}

/** The connection string with the schema, when one is given, as its search_path. */
function urlOf(place: PostgresPlace): string {
  if (!place.schema) {
    return place.connectionString;
  }
  const url = new URL(place.connectionString);
  url.searchParams.delete('options');
  // Encoded by hand: URLSearchParams writes a space as '+', which libpq (pg_dump) reads as '+'.
  const options = `options=${encodeURIComponent(`-c search_path=${place.schema}`)}`;
  url.search = url.search ? `${url.search}&${options}` : `?${options}`;
  return url.toString();
}

/** The schemas Daywise keeps its data in on the database `place` names. */
async function schemasOf(place: PostgresPlace) {
  const connectionString = urlOf(place);
  const workerSchema = workerSchemaFor(place.schema);
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ app: string | null; worker: boolean; tables: number }>(
      `select current_schema() as app,
        exists(select 1 from pg_namespace where nspname = $1) as worker,
        (select count(*)::int from information_schema.tables
          where table_schema in (current_schema(), $1)) as tables`,
      [workerSchema],
    );
    const { app, worker, tables } = rows[0] ?? { app: null, worker: false, tables: 0 };
    if (app === null) {
      throw new BackupError('The schema DATABASE_URL selects does not exist: create it first');
    }
    return { client, app, worker: worker ? workerSchema : undefined, tables };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/** A pg_dump pattern naming exactly one schema, whatever its letters. */
const exactly = (schema: string) => `"${schema.replaceAll('"', '""')}"`;

/**
 * A logical backup of a running PostgreSQL database with pg_dump (custom format, no owners or
 * privileges): the app's schema and Graphile Worker's (its reminder jobs), read in one
 * repeatable-read snapshot, so every write committed before the dump began is in it and none
 * that came later is half in (ADR 0036).
 */
export async function backupPostgres(place: PostgresPlace, target: string): Promise<void> {
  const { client, app, worker } = await schemasOf(place);
  try {
    const { rows } = await client.query<{ found: string | null }>(
      `select to_regclass(format('%I.kysely_migration', current_schema()))::text as found`,
    );
    if (!rows[0]?.found) {
      throw new BackupError(`There is no Daywise database in schema ${app} (check DATABASE_URL)`);
    }
  } finally {
    await client.end();
  }
  const schemas = [app, ...(worker ? [worker] : [])].flatMap((name) => [
    `--schema=${exactly(name)}`,
  ]);
  await writeWhole(target, async (partial) => {
    await tool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...schemas,
      `--file=${partial}`,
      `--dbname=${urlOf(place)}`,
    ]);
  });
}

/** One line of `pg_restore --list`: `id; oid oid TYPE schema name owner`. */
const TOC_LINE = /^\d+; \d+ \d+ (.+)$/;

/**
 * Restores a pg_dump backup into the database `connectionString` names, in one transaction:
 * refuses a target whose Daywise schemas hold tables unless `force` (which drops them first), an
 * archive without Daywise's migrations table or from a newer Daywise, and a target whose schema
 * is not the one the backup was taken from.
 */
export async function restorePostgres(
  backup: string,
  place: PostgresPlace,
  force: boolean,
): Promise<void> {
  const listing = (await tool('pg_restore', ['--list', backup])).split('\n');
  const entries = listing.map((line) => TOC_LINE.exec(line)?.[1] ?? '');
  const dumped = entries.find((entry) => /^TABLE \S+ kysely_migration /.test(entry));
  const schema = dumped?.split(' ')[1];
  if (!schema) {
    throw new BackupError(`${backup} is not a Daywise backup (it holds no migrations table)`);
  }
  assertKnownMigrations(backup, await dumpedMigrations(backup, schema));

  const { client, app, worker, tables } = await schemasOf(place);
  try {
    if (app !== schema) {
      throw new BackupError(
        `${backup} holds schema ${schema}, but DATABASE_URL selects ${app}: restore into ${schema}`,
      );
    }
    if (tables > 0 && !force) {
      throw new BackupError(
        'The database already holds Daywise tables: restore into an empty database, ' +
          'or pass --force (with the servers stopped) to replace them',
      );
    }
    if (worker) {
      await client.query(`drop schema ${exactly(worker)} cascade`);
    }
    if (tables > 0) {
      await client.query(`drop schema ${exactly(app)} cascade`);
      await client.query(`create schema ${exactly(app)}`);
    }
  } finally {
    await client.end();
  }
  // The app's schema exists (the connection's own): restore everything but its creation.
  const keep = listing.filter((line) => {
    const entry = TOC_LINE.exec(line)?.[1];
    return !(
      entry?.startsWith(`SCHEMA - ${schema} `) || entry?.startsWith(`COMMENT - SCHEMA ${schema} `)
    );
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daywise-restore-'));
  try {
    const list = path.join(dir, 'list');
    fs.writeFileSync(list, keep.join('\n'));
    await tool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--use-list=${list}`,
      `--dbname=${urlOf(place)}`,
      backup,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The names in the archive's copy of `kysely_migration`, read without restoring anything. */
async function dumpedMigrations(backup: string, schema: string): Promise<string[]> {
  const text = await tool('pg_restore', [
    '--data-only',
    `--schema=${schema}`,
    '--table=kysely_migration',
    '--file=-',
    backup,
  ]);
  const lines = text.split('\n');
  const start = lines.findIndex(
    (line) => line.startsWith('COPY ') && line.includes('kysely_migration'),
  );
  if (start < 0) {
    return [];
  }
  // `COPY schema.kysely_migration (name, "timestamp") FROM stdin;`: the columns between the
  // parentheses (found by index: a pattern searching for them is quadratic on a line of '(').
  const copy = lines[start] ?? '';
  const open = copy.indexOf('(');
  const close = copy.indexOf(')', open);
  const header = open >= 0 && close > open ? copy.slice(open + 1, close).split(', ') : [];
  const column = header.indexOf('name');
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') {
      break;
    }
    names.push(line.split('\t')[column] ?? '');
  }
  return names;
}
