import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { freePort } from './free-port';
import { tempDir } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

/** How long a server started from source may take to answer: tsx compiles it first. */
const START_TIMEOUT_MS = 45_000;

async function waitForHealth(url: string, exited: Promise<unknown>): Promise<void> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !stopped) {
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

describe('the server process', () => {
  let running: Started | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });

  it('refuses to start on a bad setting and says which', async () => {
    running = start({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Daywise cannot start. Invalid configuration:');
    expect(running.output()).toContain('PORT:');
  });

  it(
    'migrates, serves, and on SIGTERM closes the database cleanly',
    { timeout: START_TIMEOUT_MS + 20_000 },
    async () => {
      const dataDir = tempDir();
      const port = await freePort();
      running = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, running.exited);

      const posted = await fetch(`http://127.0.0.1:${port}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Ada',
          email: 'a@example.com',
          category: 'Other',
          feedback: 'Hi',
        }),
      });
      expect(posted.status).toBe(201);
      expect(fs.existsSync(path.join(dataDir, 'daywise.sqlite-wal'))).toBe(true);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      expect(running.output()).toContain('server closed');
      // A clean close checkpoints the write-ahead log into the database file and removes it.
      expect(fs.existsSync(path.join(dataDir, 'daywise.sqlite-wal'))).toBe(false);
    },
  );

  it(
    'serves /metrics on METRICS_PORT and, with the token, on PORT; SIGTERM closes both',
    { timeout: START_TIMEOUT_MS + 20_000 },
    async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const token = 'process-test-metrics-token-0123456789';
      running = start({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: tempDir(),
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: token,
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, running.exited);

      const onItsPort = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(onItsPort.status).toBe(200);
      // The health check just made is counted under its route.
      expect(await onItsPort.text()).toMatch(
        /^daywise_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
      );
      const onMain = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(onMain.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      expect(running.output()).toContain(
        `Metrics are served at http://127.0.0.1:${metricsPort}/metrics`,
      );

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
    },
  );
});
