import path from 'node:path';

import { sql } from 'kysely';

import type { DatabaseHandle } from '../db/database';
import { migrationState } from '../db/migrate';
import { stampOf, writeWhole } from './files';

/**
 * On SQLite, copies an existing database before migrations it has not run change it (ADR 0036):
 * `daywise-before-<first pending migration>-<stamp>.sqlite` in `dir`, restorable with
 * `npm run restore`. A new database, one up to date, and PostgreSQL (whose migrations each run
 * in a transaction, and whose backups are the operator's) are left alone. Answers the file.
 */
export async function backupBeforeMigrations(
  database: DatabaseHandle,
  dir: string,
  now = new Date(),
): Promise<string | undefined> {
  if (database.engine !== 'sqlite') {
    return undefined;
  }
  const { executed, pending } = await migrationState(database.db);
  if (executed === 0 || pending[0] === undefined) {
    return undefined;
  }
  const target = path.join(dir, `daywise-before-${pending[0]}-${stampOf(now)}.sqlite`);
  await writeWhole(target, async (partial) => {
    await sql`vacuum into ${partial}`.execute(database.db);
  });
  return target;
}
