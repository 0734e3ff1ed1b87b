import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { assertKnownMigrations, BackupError, writeWhole } from './files';

/** The embedded database's file in a data directory (db/database.ts opens the same one). */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'daywise.sqlite');

/** The files beside it that SQLite's WAL mode keeps. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Copies the SQLite database at `source` into a new file `target` with `VACUUM INTO`: one read
 * transaction, so the copy is the database as of one instant however many writes the running
 * server commits meanwhile (WAL readers never block its writers, nor they the copy). Pictures are
 * rows of the database, so the file is the whole backup (ADR 0036).
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) {
    throw new BackupError(`There is no Daywise database at ${source} (check DATA_DIR)`);
  }
  await writeWhole(target, (partial) => {
    const file = new SQLite(source, { fileMustExist: true });
    try {
      file.pragma('busy_timeout = 5000');
      assertDaywise(file, source);
      file.prepare('vacuum into ?').run(partial);
    } finally {
      file.close();
    }
    return Promise.resolve();
  });
}

/**
 * Copies the database of a running server through its own connection, with SQLite's online
 * backup API (better-sqlite3's `backup`): it copies a few pages between the server's requests,
 * and the server's writes on that same connection go into the copy as it is made, so the copy
 * never restarts and never blocks the server for long (rolling backups, ADR 0036).
 */
export async function backupSqliteConnection(file: SQLite.Database, target: string): Promise<void> {
  await writeWhole(target, async (partial) => {
    await file.backup(partial);
  });
}

/** The migrations a SQLite database has run, or none when it has no Daywise tables. */
function executedMigrations(file: SQLite.Database): string[] {
  const table = file
    .prepare(`select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'`)
    .get();
  if (!table) {
    return [];
  }
  return file.prepare('select name from kysely_migration order by name').pluck().all() as string[];
}

function assertDaywise(file: SQLite.Database, name: string): void {
  if (executedMigrations(file).length === 0) {
    throw new BackupError(`${name} holds no Daywise database`);
  }
}

/**
 * Restores a SQLite backup into `dataDir`: refuses a directory that already holds a database
 * unless `force`, and a file that is not a whole Daywise database or comes from a newer
 * Daywise. The backup is checked in a copy beside the target and renamed into place, so a
 * refused or failed restore leaves the directory as it was. The server must be stopped.
 */
export function restoreSqlite(backup: string, dataDir: string, force: boolean): void {
  const target = sqliteFileIn(dataDir);
  const present = [target, ...COMPANIONS.map((suffix) => `${target}${suffix}`)].filter((file) =>
    fs.existsSync(file),
  );
  if (present.length > 0 && !force) {
    throw new BackupError(
      `${dataDir} already holds a Daywise database: restore into an empty data directory, ` +
        'or pass --force (with the server stopped) to replace it',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const staged = `${target}.restoring`;
  fs.rmSync(staged, { force: true });
  fs.copyFileSync(backup, staged);
  try {
    const file = new SQLite(staged, { fileMustExist: true });
    try {
      const integrity = file.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') {
        throw new BackupError(`${backup} is damaged: ${String(integrity)}`);
      }
      assertKnownMigrations(backup, executedMigrations(file));
      file.pragma('journal_mode = WAL');
    } finally {
      file.close();
    }
    for (const file of present) {
      fs.rmSync(file, { force: true });
    }
    fs.renameSync(staged, target);
  } finally {
    fs.rmSync(staged, { force: true });
    for (const suffix of COMPANIONS) {
      fs.rmSync(`${staged}${suffix}`, { force: true });
    }
  }
}
