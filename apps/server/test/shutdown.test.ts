import http from 'node:http';
import net from 'node:net';

import { ERROR_CODES } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { freePort } from './free-port';
import { tempDir, TEST_DATABASE_URL, TEST_REDIS_URL } from './helpers';
import { keepAliveClient } from './keep-alive-client';
import { type ServerProcess, startServer, waitFor, withFreshSchema } from './server-process';

const CLIENTS = 20;
/** SIGTERM rounds per engine: each a fresh process under the same load. */
const ROUNDS = 3;
/** Answers served before the signal, so that the clients keep the server busy when it lands. */
const ANSWERS_BEFORE_SIGNAL = 200;

const HEALTH_REQUEST = 'GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';
const UNAVAILABLE_BODY = {
  error: { code: 'UNAVAILABLE', message: ERROR_CODES.UNAVAILABLE.message },
};

/** Whether the server answers its health check 200, on a connection of its own that then closes. */
function serves(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

describe.each(TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])(
  'SIGTERM under load (%s)',
  (engine) => {
    let server: ServerProcess | undefined;
    afterEach(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      server = undefined;
    });

    it('answers every request that reached it, resets none, and exits 0', async () => {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const port = await freePort();
        server = startServer({
          LOG_LEVEL: 'info',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(),
          ...(engine === 'postgres' && TEST_DATABASE_URL
            ? { DATABASE_URL: await withFreshSchema(TEST_DATABASE_URL) }
            : {}),
          ...(engine === 'postgres' && TEST_REDIS_URL
            ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `shutdown-${port}` }
            : {}),
        });
        const running = server;
        await waitFor(() => serves(port), 30_000, running);

        // Twenty clients send back to back, each its next request the moment an answer is in.
        const clients = Array.from({ length: CLIENTS }, () =>
          keepAliveClient(port, HEALTH_REQUEST),
        );
        const answered = () => clients.reduce((sum, client) => sum + client.answers.length, 0);
        await waitFor(() => answered() >= ANSWERS_BEFORE_SIGNAL, 30_000, running);

        // One request on a keep-alive connection is in flight across the signal: its headers are
        // in, its body is not yet. Twenty answers served after its headers were written mean the
        // server has read them. Its client sends nothing more, as a client that is done would not.
        const slow = net.connect(port, '127.0.0.1');
        let slowAnswer = '';
        slow.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString()));
        const feedback = JSON.stringify({
          name: 'Ada',
          email: 'ada@example.com',
          category: 'Other',
          feedback: `Sent across shutdown ${round}`,
        });
        slow.write(
          `POST /api/feedback HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
            `content-type: application/json\r\n` +
            `content-length: ${Buffer.byteLength(feedback)}\r\n\r\n${feedback.slice(0, 10)}`,
        );
        const afterSlowHeaders = answered() + CLIENTS;
        await waitFor(() => answered() >= afterSlowHeaders, 10_000, running);

        running.child.kill('SIGTERM');
        await waitFor(() => running.output().includes('shutting down'), 10_000);
        slow.write(feedback.slice(10));

        expect(await running.exited, running.output()).toBe(0);
        const outcomes = await Promise.all(clients.map((client) => client.done));
        slow.destroy();

        // Every request sent got a whole answer: none was reset or left without one.
        expect(outcomes).toEqual(clients.map(() => undefined));
        // Answered, and told that the connection closes: left open, it held the shutdown up.
        expect(slowAnswer).toMatch(/^HTTP\/1\.1 201 [^]*\r\nconnection: close\r\n/i);
        for (const client of clients) {
          // Each client was told to go elsewhere before its connection closed.
          expect(client.answers.at(-1)?.connection).toBe('close');
          for (const answer of client.answers.filter(({ status }) => status !== 200)) {
            expect(answer.status).toBe(503);
            expect(answer.connection).toBe('close');
            expect(JSON.parse(answer.body)).toEqual(UNAVAILABLE_BODY);
          }
        }
        expect(running.output()).toContain('server closed');
      }
    }, 180_000);
  },
);
