import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { freePort } from './free-port';
import { tempDir, TEST_DATABASE_URL } from './helpers';
import { withFreshSchema } from './server-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = 20;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request on the shared keep-alive agent; the local port says which connection it used. */
function request(agent: http.Agent, port: number) {
  return new Promise<{ localPort: number | undefined; answer?: Answer; error?: string }>(
    (resolve) => {
      let localPort: number | undefined;
      const outgoing = http.get(
        { host: '127.0.0.1', port, path: '/api/health', agent },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({
              localPort,
              answer: {
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                body,
              },
            }),
          );
          response.on('error', (error) => resolve({ localPort, error: error.message }));
        },
      );
      outgoing.on('socket', (socket) => {
        const note = () => (localPort = socket.localPort);
        if (socket.localPort) {
          note();
        } else {
          socket.once('connect', note);
        }
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ localPort, error: error.code ?? error.message }),
      );
    },
  );
}

describe.each(TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])(
  'SIGTERM under load (%s)',
  (engine) => {
    let child: ChildProcess | undefined;
    afterEach(() => {
      child?.kill('SIGKILL');
      child = undefined;
    });

    it('answers every request that reached it; later ones get our 503 and Connection: close', async () => {
      const port = await freePort();
      let output = '';
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          LOG_LEVEL: 'info',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(),
          ...(engine === 'postgres' && TEST_DATABASE_URL
            ? { DATABASE_URL: await withFreshSchema(TEST_DATABASE_URL) }
            : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
      let running = true;
      void exited.then(() => (running = false));

      const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
      const results: Awaited<ReturnType<typeof request>>[] = [];
      // Wait until it serves (bounded), then keep 20 keep-alive clients busy until it exits.
      for (let attempt = 0; attempt < 200 && running; attempt += 1) {
        const probe = await request(agent, port);
        results.push(probe);
        if (probe.answer?.status === 200) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (running) {
          const result = await request(agent, port);
          results.push(result);
          if (result.error === 'ECONNREFUSED') {
            // The server no longer accepts connections; wait for it to exit.
            await exited;
          }
        }
      });
      // Let load build up: at least a few hundred answers before the signal.
      while (results.filter((result) => result.answer?.status === 200).length < 200) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // One request is in flight across the signal: its headers are in, its body is not yet.
      const slow = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => slow.once('connect', resolve));
      const slowPort = slow.localPort ?? 0;
      let slowAnswer = '';
      slow.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString()));
      const feedback = JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        category: 'Other',
        feedback: 'Sent across a shutdown',
      });
      slow.write(
        `POST /api/feedback HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n` +
          `content-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(feedback)}\r\n\r\n${feedback.slice(0, 10)}`,
      );
      const slowReached = `"remotePort":${slowPort}},"msg":"incoming request"`;
      for (let wait = 0; wait < 200 && !output.includes(slowReached); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGTERM');
      for (let wait = 0; wait < 200 && !output.includes('shutting down'); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      slow.write(feedback.slice(10));
      for (let wait = 0; wait < 250 && !slowAnswer.endsWith('"}'); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      slow.destroy();
      expect(slowAnswer).toMatch(/^HTTP\/1\.1 201 /);
      expect(await exited).toBe(0);
      await Promise.all(clients);
      agent.destroy();

      // Every request whose headers the server read (its log says so, by client port) was answered.
      const reached = new Map<number, number>();
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) {
          continue;
        }
        const entry = JSON.parse(line) as { msg?: string; req?: { remotePort?: number } };
        const remotePort = entry.req?.remotePort;
        if (entry.msg === 'incoming request' && remotePort !== undefined) {
          reached.set(remotePort, (reached.get(remotePort) ?? 0) + 1);
        }
      }
      const answered = new Map<number, number>();
      for (const result of results) {
        if (result.answer && result.localPort !== undefined) {
          answered.set(result.localPort, (answered.get(result.localPort) ?? 0) + 1);
        }
      }
      if (slowAnswer.startsWith('HTTP/1.1 201 ')) {
        answered.set(slowPort, 1);
      }
      const unanswered = [...reached].filter(([port, count]) => (answered.get(port) ?? 0) < count);
      expect(unanswered).toEqual([]);

      const refused = results.flatMap((result) =>
        result.answer && result.answer.status !== 200 ? [result.answer] : [],
      );
      for (const answer of refused) {
        expect(answer.status).toBe(503);
        expect(answer.connection).toBe('close');
        expect(JSON.parse(answer.body)).toEqual({
          error: {
            code: 'UNAVAILABLE',
            message: 'The service is temporarily unavailable. Please try again in a moment.',
          },
        });
      }
      expect(output).toContain('server closed');
    }, 60_000);
  },
);
