import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import type { Engine } from '../src/db/database';
import { tempDir, TEST_DATABASE_URL } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs the backup tool's program (src/backup/main.ts, what `npm run backup` and `npm run restore`
 * run, through tsx as test/server-process.ts runs the server) with only `env` set.
 */
export function runBackupTool(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/main.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Where an instance keeps its data: its environment, and what removes it. */
export interface DataPlace {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty place for an instance's data: a data directory, or on PostgreSQL a database of
 * its own on the test server (a backup holds the whole app schema and Graphile Worker's, so
 * a schema of a shared database would not do), dropped by `drop`.
 */
export async function freshPlace(engine: Engine): Promise<DataPlace> {
  const dataDir = tempDir('daywise-backup-');
  if (engine === 'sqlite') {
    return { env: { DATA_DIR: dataDir }, drop: () => Promise.resolve() };
  }
  const name = `daywise_backup_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
