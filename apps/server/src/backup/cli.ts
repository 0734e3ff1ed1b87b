import path from 'node:path';

import { ConfigError, loadConfig } from '../config';
import { backupDatabase, restoreDatabase } from './backup';
import { BackupError } from './files';

const USAGE = `Usage:
  npm run backup -- <file>             write a backup of the running instance's database to <file>
  npm run restore -- <file> [--force]  restore <file> into an empty data directory or database
                                       (--force replaces what is there; stop the server first)
Both read the server's settings: DATA_DIR, or DATABASE_URL for PostgreSQL.`;

/**
 * `backup <file>` and `restore <file> [--force]` (ADR 0036), reading the same environment as the
 * server. Answers the exit code: 0 done, 1 refused or failed (the reason on stderr), 2 misused.
 */
export async function runBackupCli(
  args: readonly string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  const file = files[0];
  const known = (command === 'backup' && !force) || (command === 'restore' && files.length === 1);
  if (!known || files.length !== 1 || !file || file.startsWith('-')) {
    err(USAGE);
    return 2;
  }
  try {
    // The tools serve no pages: the web app's folder is not needed.
    const config = loadConfig(env, '.');
    // `npm run` starts scripts in the repository's root; a file is named from where npm was run.
    const target = path.resolve(env.INIT_CWD ?? '.', file);
    if (command === 'backup') {
      await backupDatabase(config, target);
      out(`Backup written to ${target}`);
    } else {
      await restoreDatabase(config, target, force);
      out(
        `Restored ${target} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      err(`Daywise ${command} failed. ${error.message}`);
      return 1;
    }
    throw error;
  }
}
