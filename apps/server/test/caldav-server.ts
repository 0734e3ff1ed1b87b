import { execFileSync } from 'node:child_process';

import { expect } from 'vitest';

import type { Engine } from '../src/db/database';
import { freePort } from './free-port';
import { tempDir, TEST_DATABASE_URL } from './helpers';
import {
  answers,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  waitFor,
  withFreshSchema,
} from './server-process';

/** Whether `command args` runs (a client is installed). */
export function runs(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * In CI (`.ci/run` installs the real clients) a missing client fails its test rather than
 * skipping it; elsewhere the test is skipped, saying so in its name.
 */
export const CLIENTS_REQUIRED = process.env.CI === 'true';

/** A todo as the API answers it, as far as these tests read it. */
export interface ApiTodo {
  id: string;
  title: string;
  description: string | null;
  listId: string | null;
  priority: string;
  completed: boolean;
  dueDate: string | null;
  dueTime: string | null;
}

/**
 * The server as a fresh clone runs it (the production entry point, its own process), with Ada
 * signed up, an app password and a few todos; `restart` stops it and starts it again on the
 * same port and data.
 */
export async function serverWithTodos(engine: Engine) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: tempDir(),
    ...(engine === 'postgres'
      ? { DATABASE_URL: await withFreshSchema(TEST_DATABASE_URL ?? '') }
      : {}),
  };
  const start = async () => {
    const started = startServer(env);
    await waitFor(() => answers(`${base}/api/health`), 30_000, started);
    return started;
  };
  const running: { server: ServerProcess } = { server: await start() };
  const cookie = await signUpOverHttp(running.server, base);
  const api = async <T = { id: string; secret: string }>(
    method: string,
    url: string,
    body?: object,
  ): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  const { secret } = await api('POST', '/api/tokens', { name: 'Laptop', scope: 'caldav' });
  const work = await api('POST', '/api/lists', { name: 'Work', color: '#2563EB' });
  await api('POST', '/api/todos', { title: 'Buy milk', dueDate: '2026-11-23', dueTime: '09:00' });
  await api('POST', '/api/todos', { title: 'Write report', listId: work.id });
  const done = await api('POST', '/api/todos', { title: 'Send invoice', listId: work.id });
  await api('PATCH', `/api/todos/${done.id}`, { completed: true });
  await api('POST', '/api/plans', {
    title: 'Today',
    planDate: new Date().toISOString().slice(0, 10),
    tasks: [{ title: 'Run' }],
  });
  return {
    running,
    base,
    secret,
    workId: work.id,
    api,
    /** Every todo of Ada's, as the app reads them. */
    todos: async () =>
      (await api<{ items: ApiTodo[] }>('GET', '/api/todos?limit=100&status=all')).items,
    /** Stops the server (as a deploy does) and starts it again on the same data. */
    restart: async () => {
      running.server.child.kill('SIGTERM');
      await running.server.exited;
      running.server = await start();
    },
    stop: async () => {
      running.server.child.kill('SIGTERM');
      await running.server.exited;
    },
  };
}
