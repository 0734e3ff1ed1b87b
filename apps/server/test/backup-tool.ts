import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import type { Engine } from '../src/db/database';
import { tempDir, TEST_DATABASE_URL } from './helpers';
import { type ServerProcess, waitFor } from './server-process';

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

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

/**
 * Signs `email` up on a started `server` at `base` and follows the link the outbox printed for
 * that address, as a browser does (test/server-process.ts's `signUpOverHttp`, for any person);
 * answers the session cookie.
 */
export async function signUpAs(
  server: ServerProcess,
  base: string,
  email: string,
): Promise<string> {
  const post = (url: string, body: object, cookie = '') =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/account/sign-up', {
    name: email.split('@')[0],
    email,
    password: 'Sunrise2026',
    confirmPassword: 'Sunrise2026',
    acceptTerms: true,
  });
  if (signUp.status !== 201) {
    throw new Error(`sign-up answered ${signUp.status}`);
  }
  let link: URL | undefined;
  await waitFor(() => {
    const email_ = server.output().split(`--- Email to ${email}:`)[1]?.split('--- end of email')[0];
    const line = email_
      ?.split('\n')
      .find((text) => text.startsWith(`${base}/`) && text.includes('secret='));
    link = line ? new URL(line) : undefined;
    return link !== undefined;
  }, 30_000);
  const params = new URLSearchParams(link?.hash.slice(1));
  const verified = await post(
    '/api/account/verify-email',
    { userId: params.get('userId'), secret: params.get('secret') },
    cookiesOf(signUp),
  );
  if (verified.status !== 200) {
    throw new Error(`verification answered ${verified.status}`);
  }
  return cookiesOf(verified);
}
