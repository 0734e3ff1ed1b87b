import fs from 'node:fs';
import path from 'node:path';

import { MIGRATION_NAMES } from '../db/migrate';

/** A backup or restore refused or failed for a reason its message tells the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** What a backup file holds: the embedded SQLite database, or a pg_dump archive (ADR 0036). */
export type BackupKind = 'sqlite' | 'postgres';

const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

/** Which kind of backup `file` is, by its first bytes; refuses a file that is neither. */
export function backupKindOf(file: string): BackupKind {
  let head: Buffer;
  try {
    const handle = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(16);
      fs.readSync(handle, head, 0, 16, 0);
    } finally {
      fs.closeSync(handle);
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.toString('latin1') === SQLITE_MAGIC) {
    return 'sqlite';
  }
  if (head.subarray(0, PG_DUMP_MAGIC.length).toString('latin1') === PG_DUMP_MAGIC) {
    return 'postgres';
  }
  throw new BackupError(
    `${file} is not a Daywise backup (neither a SQLite database nor a pg_dump archive)`,
  );
}

/**
 * Refuses a backup whose database has run a migration this code does not know: it was taken by
 * a newer Daywise, whose tables this one would misread.
 */
export function assertKnownMigrations(file: string, executed: readonly string[]): void {
  if (executed.length === 0) {
    throw new BackupError(`${file} is not a Daywise backup (it holds no migrations)`);
  }
  const unknown = executed.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} comes from a newer Daywise (migration ${unknown.join(', ')} is unknown here): ` +
        'restore it with that version or a later one',
    );
  }
}

/**
 * Writes through `write` into a temporary name beside `target` and renames it into place, so a
 * backup file that exists is whole. Refuses to replace an existing file.
 */
export async function writeWhole(
  target: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  if (fs.existsSync(target)) {
    throw new BackupError(`${target} already exists: choose another name or remove it`);
  }
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await write(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** An instant as a file name part that sorts by time: 2026-11-29T013000Z. */
export function stampOf(instant: Date): string {
  return instant
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A rolling backup's name: `daywise-<stamp>.<sqlite|dump>`. */
const ROLLING_NAME = /^daywise-\d{4}-\d{2}-\d{2}T\d{6}Z\.(sqlite|dump)$/;

export function rollingName(instant: Date, kind: BackupKind): string {
  return `daywise-${stampOf(instant)}.${kind === 'sqlite' ? 'sqlite' : 'dump'}`;
}

/** Removes all but the newest `keep` rolling backups in `dir`; answers the names removed. */
export function pruneRolling(dir: string, keep: number): string[] {
  const names = fs
    .readdirSync(dir)
    .filter((name) => ROLLING_NAME.test(name))
    .sort();
  const removed = names.slice(0, Math.max(names.length - keep, 0));
  for (const name of removed) {
    fs.rmSync(path.join(dir, name), { force: true });
  }
  return removed;
}
