// The backup tool's program (ADR 0036): `node dist/backup.js backup <file>` or
// `restore <file> [--force]`, as `npm run backup` and `npm run restore` run it.
import { runBackupCli } from './cli';

runBackupCli(
  process.argv.slice(2),
  process.env,
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Daywise backup tool failed: ${String((error as Error).stack ?? error)}\n`,
    );
    process.exit(1);
  },
);
