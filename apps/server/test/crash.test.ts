import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import type { Engine } from '../src/db/database';
import { freePort } from './free-port';
import { ENGINES, tempDir, TEST_DATABASE_URL } from './helpers';
import {
  answers,
  type ServerProcess,
  startServer,
  waitFor,
  withFreshSchema,
} from './server-process';

/** Writes acknowledged before the kill; the kill comes while more are in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const WRITERS = 4;

describe.each(ENGINES)('kill -9 during concurrent writes on %s', (engine: Engine) => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    server = undefined;
  });

  it('loses no acknowledged write, and the server starts again on the same data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(engine === 'postgres'
        ? { DATABASE_URL: await withFreshSchema(TEST_DATABASE_URL ?? '') }
        : {}),
    };
    server = startServer(env);
    const first = server;
    await waitFor(() => answers(`${base}/api/health`), 30_000, first);

    // Ada signs up and follows the link the outbox printed.
    const post = (url: string, body: object, cookie = '') =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify(body),
      });
    const signUp = await post('/api/account/sign-up', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Sunrise2026',
      confirmPassword: 'Sunrise2026',
      acceptTerms: true,
    });
    expect(signUp.status).toBe(201);
    let link: URL | undefined;
    await waitFor(() => {
      const line = first
        .output()
        .split('\n')
        .find((text) => text.startsWith(`${base}/`) && text.includes('secret='));
      link = line ? new URL(line) : undefined;
      return link !== undefined;
    }, 10_000);
    // The link keeps its secret in the fragment; the sign-up cookie lets it sign Ada in here, in
    // the "browser" that chose the password (ADR 0013).
    const params = new URLSearchParams(link?.hash.slice(1));
    const signUpCookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const verified = await post(
      '/api/account/verify-email',
      { userId: params.get('userId'), secret: params.get('secret') },
      signUpCookie,
    );
    expect(verified.status).toBe(200);
    const cookie = verified.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    let killed = false;
    const sent: string[] = [];
    const acknowledged: string[] = [];
    const writer = async (id: number) => {
      for (let n = 0; ; n += 1) {
        const title = `writer ${id} todo ${n}`;
        sent.push(title);
        try {
          const response = await post('/api/todos', { title }, cookie);
          if (response.status !== 201) {
            throw new Error(`write answered ${response.status}: ${await response.text()}`);
          }
          acknowledged.push(title);
        } catch (error) {
          // Cut off by the kill; any failure before it is a failure of the test.
          if (killed) {
            return;
          }
          throw error;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
    await waitFor(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, 60_000, first);
    killed = true;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    await writers;

    server = startServer(env);
    await waitFor(() => answers(`${base}/api/health`), 30_000, server);
    const stored: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await (
        await fetch(`${base}/api/todos?limit=100${query}`, { headers: { cookie } })
      ).json()) as { items: { title: string }[]; nextCursor: string | null };
      stored.push(...page.items.map((todo) => todo.title));
      cursor = page.nextCursor;
    } while (cursor);

    expect(acknowledged.filter((title) => !stored.includes(title))).toEqual([]);
    // Only writes that were sent exist, each once (one in flight may or may not have landed).
    expect(stored.every((title) => sent.includes(title))).toBe(true);
    expect(new Set(stored).size).toBe(stored.length);

    if (engine === 'sqlite') {
      const file = path.join(dataDir, 'daywise.sqlite');
      expect(fs.existsSync(file)).toBe(true);
      const check = new SQLite(file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }
  }, 120_000);
});
