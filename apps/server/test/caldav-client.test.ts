import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import type { Engine } from '../src/db/database';
import { freePort } from './free-port';
import { ENGINES, tempDir, TEST_DATABASE_URL } from './helpers';
import {
  answers,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  waitFor,
  withFreshSchema,
} from './server-process';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/caldav-client.py');
/** Debian's Python, where python3-caldav is installed (.ci/run installs it). */
const PYTHON = ['/usr/bin/python3', 'python3'].find((python) => {
  try {
    execFileSync(python, ['-c', 'import caldav'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

/*
 * A real client against the real server (ADR 0034): Debian's python3-caldav discovers the
 * principal from /dav/, lists the collections and reads their todos, open ones through a
 * calendar-query with COMPLETED is-not-defined. Skipped where python3-caldav is not installed
 * (`.ci/run` installs it, so CI always runs it).
 */
describe.skipIf(!PYTHON).each(ENGINES)(
  'python3-caldav against the server on %s (skipped without python3-caldav)',
  (engine: Engine) => {
    let server: ServerProcess | undefined;

    afterEach(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      server = undefined;
    });

    it('finds the principal, lists the collections and fetches their todos', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: tempDir(),
        ...(engine === 'postgres'
          ? { DATABASE_URL: await withFreshSchema(TEST_DATABASE_URL ?? '') }
          : {}),
      });
      await waitFor(() => answers(`${base}/api/health`), 30_000, server);
      const cookie = await signUpOverHttp(server, base);
      const api = async (method: string, url: string, body: object) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: { 'content-type': 'application/json', origin: base, cookie },
          body: JSON.stringify(body),
        });
        expect(response.status, await response.clone().text()).toBeLessThan(300);
        return response.json() as Promise<{ id: string; secret: string }>;
      };
      const { secret } = await api('POST', '/api/tokens', { name: 'Laptop', scope: 'caldav' });
      const work = await api('POST', '/api/lists', { name: 'Work', color: '#2563EB' });
      await api('POST', '/api/todos', { title: 'Buy milk', dueDate: '2026-11-23' });
      await api('POST', '/api/todos', { title: 'Write report', listId: work.id });
      const done = await api('POST', '/api/todos', { title: 'Send invoice', listId: work.id });
      await api('PATCH', `/api/todos/${done.id}`, { completed: true });
      await api('POST', '/api/plans', {
        title: 'Today',
        planDate: new Date().toISOString().slice(0, 10),
        tasks: [{ title: 'Run' }],
      });

      const { stdout } = await promisify(execFile)(
        PYTHON ?? 'python3',
        [SCRIPT, `${base}/dav/`, 'ada@example.com', secret],
        { timeout: 60_000 },
      );
      expect(JSON.parse(stdout)).toEqual([
        { name: 'Inbox', open: ['Buy milk'], all: ['Buy milk'] },
        { name: 'Work', open: ['Write report'], all: ['Send invoice', 'Write report'] },
        { name: 'Daily goals', open: ['Run'], all: ['Run'] },
      ]);

      const wrong = await promisify(execFile)(
        PYTHON ?? 'python3',
        [SCRIPT, `${base}/dav/`, 'ada@example.com', `dw_${'x'.repeat(43)}`],
        { timeout: 60_000 },
      ).catch((error: Error & { stderr?: string }) => error);
      expect(wrong).toBeInstanceOf(Error);
      expect((wrong as { stderr?: string }).stderr).toMatch(/Authoriz|401/);
    }, 120_000);
  },
);
