/**
 * `npm run bench` (HTTP part, issue 12): the production build over real HTTP, under load from
 * autocannon, side by side in one run so the figures are ratios that hold on a noisy machine.
 *
 * - P1: a signed-in `GET /api/todos` (50 todos) at 50 connections, against a bare Fastify
 *   (bare-server.mjs: the runtime's ceiling) and a minimal hand-written reference of the same read
 *   (reference-server.mjs), plus the session check and health. The reference and Daywise are
 *   measured in turn, BENCH_ROUNDS times (3 by default), and judged by the medians. Each
 *   measurement runs its client in a process of its own (load.mjs).
 * - P2: a heavy user (10,000 todos, two years of plans) at 10 connections: the dashboard and the
 *   other reads the signed-in pages make.
 *
 * Daywise runs as shipped (SQLite in a fresh DATA_DIR, the default info log). Run `npm run build`
 * first. BENCH_SECONDS sets each measurement's length (10 by default); `http.bench.ts p1` stops
 * after P1.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { openDatabase } from '../src/db/database';
import { seedHeavyUser } from './heavy-user';
import { signedIn, support } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** P1 alternates the reference and Daywise this many times: a slow spell of the machine then
 * touches one round's pair, not the whole comparison. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const P1_TARGET = { ratio: 0.5, p99: 40 };
const DASHBOARD_BEFORE_RPS = 169;

/** A small server of bench/ on a free port of its own, ready when it answers `probe`. */
async function startHelper(file: string, probe: string, env: Record<string, string> = {}) {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const child = spawn(process.execPath, [path.join(here, file)], {
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`${url}${probe}`);
      return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await support.sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${file} did not start`);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * `connections` clients asking for `url` for SECONDS after a short warm-up, from a fresh client
 * process (bench/load.mjs); fails on any non-2xx.
 */
async function load(url: string, connections: number, cookie?: string): Promise<Figures> {
  const { stdout } = await execFileAsync(process.execPath, [
    path.join(here, 'load.mjs'),
    JSON.stringify({ url, connections, cookie, seconds: SECONDS }),
  ]);
  const result = JSON.parse(stdout) as Figures & {
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.rps, p50: result.p50, p99: result.p99 };
}

const line = (label: string, { rps, p50, p99 }: Figures, note = '') =>
  console.log(
    `${label.padEnd(50)}${Math.round(rps).toLocaleString('en-US').padStart(8)} req/s` +
      `   p50 ${String(p50).padStart(4)} ms   p99 ${String(p99).padStart(4)} ms   ${note}`,
  );

async function main(): Promise<void> {
  const daywise = await support.startServer('http', { LOG_LEVEL: 'info' });
  const bare = await startHelper('bare-server.mjs', '/');
  const reference = await startHelper('reference-server.mjs', '/api/todos', {
    DATA_DIR: daywise.dataDir,
  });
  try {
    const light = await signedIn(daywise, 'light@example.com');
    for (let i = 0; i < 50; i += 1) {
      const created = await fetch(`${daywise.url}/api/todos`, {
        method: 'POST',
        headers: { origin: daywise.url, 'content-type': 'application/json', cookie: light.cookie },
        body: JSON.stringify({ title: `Todo ${i}`, description: 'A line of description' }),
      });
      if (created.status !== 201) {
        throw new Error(`creating a todo answered ${created.status}`);
      }
    }

    console.log(
      `P1: 50 connections, ${SECONDS} s each; the reference and Daywise in turn,` +
        ` ${ROUNDS} rounds (Node ${process.version})`,
    );
    const ceiling = await load(`${bare.url}/`, 50);
    line('bare Fastify (constant JSON)', ceiling);
    const rounds: { handWritten: Figures; todos: Figures }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const handWritten = await load(`${reference.url}/api/todos`, 50, light.cookie);
      line(`hand-written GET /api/todos (50 todos), ${round}`, handWritten);
      const todos = await load(`${daywise.url}/api/todos`, 50, light.cookie);
      line(
        `Daywise GET /api/todos (50 todos), ${round}`,
        todos,
        `${(todos.rps / handWritten.rps).toFixed(2)} of hand-written,` +
          ` ${(todos.rps / ceiling.rps).toFixed(3)} of bare`,
      );
      rounds.push({ handWritten, todos });
    }
    const ratio = support.median(
      rounds.map(({ handWritten, todos }) => todos.rps / handWritten.rps),
    );
    const p99 = support.median(rounds.map(({ todos }) => todos.p99));
    console.log(
      `P1, medians of the rounds: ${ratio.toFixed(2)} of hand-written (target ≥ ${P1_TARGET.ratio}),` +
        ` p99 ${p99} ms (target ≤ ${P1_TARGET.p99} ms; the reference's` +
        ` ${support.median(rounds.map(({ handWritten }) => handWritten.p99))} ms)` +
        (ratio < P1_TARGET.ratio || p99 > P1_TARGET.p99 ? '   MISSED' : ''),
    );
    line(
      'Daywise GET /api/account/session',
      await load(`${daywise.url}/api/account/session`, 50, light.cookie),
    );
    line('Daywise GET /api/health', await load(`${daywise.url}/api/health`, 50));

    if (process.argv.includes('p1')) {
      return;
    }
    const heavy = await signedIn(daywise, 'heavy@example.com');
    const database = openDatabase({ dataDir: daywise.dataDir });
    try {
      await seedHeavyUser(database.db, 'sqlite', heavy.id, { todos: 10_000 });
    } finally {
      await database.close();
    }
    console.log(`\nP2: a user with 10,000 todos and two years of plans, 10 connections`);
    const reads = [
      '/api/analytics/dashboard',
      '/api/todos',
      '/api/todos/stats',
      '/api/todos?q=groceries',
      '/api/analytics/chart?period=month',
      '/api/completions?days=90',
    ];
    for (const url of reads) {
      const figures = await load(`${daywise.url}${url}`, 10, heavy.cookie);
      line(
        `Daywise GET ${url}`,
        figures,
        url === '/api/analytics/dashboard'
          ? `${(figures.rps / DASHBOARD_BEFORE_RPS).toFixed(1)}× the ${DASHBOARD_BEFORE_RPS} req/s of issue 12 (target ≥ 3×)`
          : '',
      );
    }
  } finally {
    bare.stop();
    reference.stop();
    await daywise.stop();
  }
}

await main();
