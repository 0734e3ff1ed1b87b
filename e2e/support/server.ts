import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import Database from 'better-sqlite3';

import { freePort } from '../../apps/server/test/free-port';
import { freshDatabase } from './databases';
import { Mailbox } from './mailbox';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  mailbox: Mailbox;
  /** Reads rows straight from the server's SQLite file, as an operator would (not on PostgreSQL). */
  query: <T>(sql: string, ...params: unknown[]) => T[];
  stop: () => Promise<void>;
}

/**
 * The production build (`npm run build`) served by the real server process on a free port, with
 * a fresh data folder and every email delivered over SMTP to a listener in this process; `env`
 * adds to its environment (a PostgreSQL database and Redis, support/two-instances.ts).
 *
 * With E2E_DATABASE_URL set (a PostgreSQL server's address), each server gets a fresh database
 * there instead of its SQLite file, so that any spec can be run on PostgreSQL by hand (README.md);
 * CI runs the specs on SQLite, and the server's own tests cover both engines.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) {
    throw new Error('The app is not built: run `npm run build` before the end-to-end tests.');
  }
  const postgres =
    process.env.E2E_DATABASE_URL && !env.DATABASE_URL
      ? await freshDatabase(process.env.E2E_DATABASE_URL)
      : null;
  const mailbox = await Mailbox.start();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daywise-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      // The tests' API calls name a client address of their own (support/accounts.ts).
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Generous: a loaded machine (CI, or several runs at once) starts it slowly; a broken one never.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited during start-up:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    mailbox,
    query<T>(sql: string, ...params: unknown[]): T[] {
      const db = new Database(path.join(dataDir, 'daywise.sqlite'), { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await mailbox.stop();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
