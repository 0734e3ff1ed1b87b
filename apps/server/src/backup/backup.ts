import type { Config } from '../config';
import { BackupError, backupKindOf } from './files';
import { backupPostgres, restorePostgres } from './postgres';
import { backupSqlite, restoreSqlite, sqliteFileIn } from './sqlite';

/**
 * Backs up the database `config` names (DATABASE_URL, or the SQLite file in DATA_DIR) into the
 * new file `target`, while the server keeps running (ADR 0036).
 */
export async function backupDatabase(config: Config, target: string): Promise<void> {
  if (config.databaseUrl) {
    await backupPostgres({ connectionString: config.databaseUrl }, target);
  } else {
    await backupSqlite(sqliteFileIn(config.dataDir), target);
  }
}

/**
 * Restores `backup` into the database `config` names, which must hold no Daywise data unless
 * `force`; a backup of the other engine is refused.
 */
export async function restoreDatabase(
  config: Config,
  backup: string,
  force: boolean,
): Promise<void> {
  const kind = backupKindOf(backup);
  if (kind === 'sqlite' && config.databaseUrl) {
    throw new BackupError(
      `${backup} is a backup of the embedded SQLite database, but DATABASE_URL names PostgreSQL: ` +
        'unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  if (kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError(
      `${backup} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into`,
    );
  }
  if (config.databaseUrl) {
    await restorePostgres(backup, { connectionString: config.databaseUrl }, force);
  } else {
    restoreSqlite(backup, config.dataDir, force);
  }
}
