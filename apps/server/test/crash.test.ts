import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import type { Engine } from '../src/db/database';
import { freePort } from './free-port';
import { ENGINES, tempDir, TEST_DATABASE_URL } from './helpers';
import {
  answers,
  postJson,
  type ServerProcess,
  signUpOverHttp,
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

  it('loses no acknowledged write, writes each cut-off one once on retry, and starts again', async () => {
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

    const post = postJson(base);
    // Ada signs up and follows the link the outbox printed.
    const cookie = await signUpOverHttp(first, base);

    let killed = false;
    const sent: string[] = [];
    const acknowledged: string[] = [];
    // Each write carries its own Idempotency-Key, as the web client sends one (ADR 0016).
    const keyOf = (title: string) => title.replaceAll(' ', '-');
    const writer = async (id: number) => {
      for (let n = 0; ; n += 1) {
        const title = `writer ${id} todo ${n}`;
        sent.push(title);
        try {
          const response = await post('/api/todos', { title }, cookie, keyOf(title));
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
    // The writes the kill cut off, retried with their keys: each either committed with its claim
    // and answers what it wrote, or left nothing and writes now (ADR 0022); none is refused.
    const cutOff = sent.filter((title) => !acknowledged.includes(title));
    expect(cutOff.length).toBeGreaterThan(0);
    for (const title of cutOff) {
      const retried = await post('/api/todos', { title }, cookie, keyOf(title));
      expect(retried.status, await retried.clone().text()).toBe(201);
      expect((await retried.json()) as { title: string }).toMatchObject({ title });
    }
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

    // Every write sent was stored exactly once: the acknowledged ones, and the cut-off ones by
    // their retry, which never wrote a second copy.
    expect([...stored].sort()).toEqual([...sent].sort());

    if (engine === 'sqlite') {
      const file = path.join(dataDir, 'daywise.sqlite');
      expect(fs.existsSync(file)).toBe(true);
      const check = new SQLite(file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }
  }, 120_000);
});
