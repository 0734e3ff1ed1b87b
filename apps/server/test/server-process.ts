import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { SCHEMA_PREFIX_ENV } from './global-setup';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** The exit code (null when killed by a signal), once all of its output has been read. */
  exited: Promise<number | null>;
  /** Whether the process has exited. */
  hasExited: () => boolean;
}

/** Runs src/main.ts (as the production start does, through tsx) with only `env` set. */
export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  let done = false;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' rather than 'exit': it comes once the output pipes are read to their end too.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return { child, output: () => output, exited, hasExited: () => done };
}

/** Polls `check` every 50 ms until it holds; throws after `deadlineMs` or once `server` exits. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  deadlineMs: number,
  server?: ServerProcess,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await check()) {
      return;
    }
    if (server?.hasExited()) {
      throw new Error(`the server exited:\n${server.output()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `condition not met within ${deadlineMs} ms${server ? `:\n${server.output()}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether GET `url` answers `status` (false while nothing listens). */
export async function answers(url: string, status = 200): Promise<boolean> {
  try {
    return (await fetch(url)).status === status;
  } catch {
    return false;
  }
}

/**
 * `databaseUrl` pointed at a new, empty schema (through libpq's `options`), for a server process
 * that must not share the public schema with other tests. The run's schemas are dropped at its end.
 */
export async function withFreshSchema(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${await createFreshSchema(databaseUrl, 'proc')}`);
  return url.toString();
}

/** A new, empty schema named for `label` (dropped with this run's others when the run ends). */
export async function createFreshSchema(databaseUrl: string, label: string): Promise<string> {
  const schema = `${process.env[SCHEMA_PREFIX_ENV] ?? 'test'}_${label}_${Math.random()
    .toString(36)
    .slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return schema;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

/**
 * POSTs JSON to a started server at `base` as its own pages do (the Origin the server expects),
 * with a session cookie and an Idempotency-Key when given.
 */
export function postJson(base: string) {
  return (url: string, body: object, cookie = '', key?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base,
        cookie,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
}

/**
 * Signs a person (Ada unless told) up on a started `server` at `base` and follows the link the
 * outbox printed for their address, as a browser does; answers their session cookie.
 */
export async function signUpOverHttp(
  server: ServerProcess,
  base: string,
  person = { name: 'Ada Lovelace', email: 'ada@example.com' },
): Promise<string> {
  const post = postJson(base);
  const signUp = await post('/api/account/sign-up', {
    ...person,
    password: 'Sunrise2026',
    confirmPassword: 'Sunrise2026',
    acceptTerms: true,
  });
  if (signUp.status !== 201) {
    throw new Error(`sign-up answered ${signUp.status}`);
  }
  let link: URL | undefined;
  await waitFor(() => {
    const email = server
      .output()
      .split(`--- Email to ${person.email}:`)[1]
      ?.split('--- end of email')[0];
    const line = email
      ?.split('\n')
      .find((text) => text.startsWith(`${base}/`) && text.includes('secret='));
    link = line ? new URL(line) : undefined;
    return link !== undefined;
  }, 30_000);
  // The link keeps its secret in the fragment; the sign-up cookie lets it sign them in here, in
  // the "browser" that chose the password (ADR 0013).
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
