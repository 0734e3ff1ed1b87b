// What the browser benchmarks share: the production server on a free port with a fresh SQLite
// DATA_DIR (removed on stop), the machine's Chromium, verified users made through the API, and
// the figures they print. Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PASSWORD = 'Sunrise2026';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As e2e/playwright.config.ts launches it.
export const CHROMIUM_ARGS = [
  ...'--headless --no-sandbox --disable-gpu --disable-quic --no-first-run'.split(' '),
  ...'--disable-background-networking --disable-component-update --disable-sync'.split(' '),
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * apps/server/dist/main.js on a free port with a new DATA_DIR; `stop()` ends it and removes the
 * folder. Its stdout only carries the outbox's printed emails, so it is dropped. BENCH_NODE_OPTIONS
 * reaches the server as its NODE_OPTIONS, to profile it (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function startServer(label, extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `daywise-bench-${label}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', APP_URL: url };
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? '',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 200 && child.exitCode === null; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, dataDir, databaseFile: path.join(dataDir, 'daywise.sqlite'), stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error('the server did not start; run `npm run build` first');
}

/**
 * The parameters of the /verify-email link in the outbox's email (.eml, maybe quoted-printable)
 * to `email`: in the link's fragment, or the query of older links.
 */
export async function verificationParams(server, email) {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const file =
      fs.existsSync(outbox) && fs.readdirSync(outbox).find((f) => f.endsWith(email + '.eml'));
    const text = file ? fs.readFileSync(path.join(outbox, file), 'utf8') : '';
    const decoded = text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    const link = decoded.match(new RegExp(`${server.url}/verify-email[?#][^\\s"<>]+`))?.[0];
    if (link) {
      const url = new URL(link.replaceAll('&amp;', '&'));
      return new URLSearchParams(url.hash.slice(1) || url.search);
    }
    await sleep(50);
  }
  throw new Error(`no verification email to ${email} in ${outbox}`);
}

/** A same-origin JSON call with `context`'s cookies; throws unless it succeeds. */
export async function call(context, server, method, url, data) {
  const response = await context.request.fetch(url, {
    method,
    headers: { origin: server.url },
    ...(data ? { data } : {}),
  });
  if (!response.ok()) {
    throw new Error(`${method} ${url} answered ${response.status()} ${await response.text()}`);
  }
  return response.status() === 204 ? undefined : response.json();
}

/** A verified account, signed in within `context` (its request API shares the pages' cookies). */
export async function createVerifiedUser(context, server, label) {
  const email = `bench-${label}-${Date.now().toString(36)}@example.com`;
  const account = { name: `Bench ${label}`, email, password: PASSWORD, acceptTerms: true };
  const { userId } = await call(context, server, 'POST', '/api/account/sign-up', {
    ...account,
    confirmPassword: PASSWORD,
  });
  const params = await verificationParams(server, email);
  await call(context, server, 'POST', '/api/account/verify-email', {
    userId: params.get('userId'),
    secret: params.get('secret'),
  });
  return userId;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`.padStart(9);
export const row = (cells) =>
  cells.map((cell, i) => (i ? cell.padStart(20) : cell.padEnd(14))).join('');
