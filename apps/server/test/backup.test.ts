import path from 'node:path';

import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Engine, openDatabase } from '../src/db/database';
import type { AppInstance } from '../src/lib/app-instance';
import { type DataPlace, freshPlace, runBackupTool } from './backup-tool';
import { freePort } from './free-port';
import { ENGINES, memoryMailer, tempDir, TEST_APP_URL } from './helpers';
import {
  answers,
  postJson,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  waitFor,
} from './server-process';

const WRITERS = 50;
/** The people the writers write for: ten writers each. */
const PEOPLE = 5;
/** Todos each writer writes at least; it goes on until the backup has been written. */
const TODOS_EACH = 6;
/** Writes acknowledged before the backup starts; the others race it. */
const BEFORE_BACKUP = 100;
/** How often a write answered 503 (the server shedding load) is sent again. */
const MAX_RETRIES = 20;

interface Todo {
  title: string;
  description: string;
  priority: string;
  tags: { id: string; name: string }[];
}

async function startOn(place: DataPlace): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    ...place.env,
  });
  try {
    await waitFor(() => answers(`${base}/api/health`), 60_000, server);
  } catch (error) {
    server.child.kill('SIGKILL');
    await server.exited;
    throw error;
  }
  return { server, base };
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** The app as main.ts builds it, on the database a place names. */
async function appOn(place: DataPlace): Promise<AppInstance> {
  const config = loadConfig({ ...place.env, APP_URL: TEST_APP_URL }, tempDir());
  const app = await buildApp(config, {
    database: openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    mailer: memoryMailer(),
    logger: false,
    checkJsonAnswers: true,
  });
  await app.ready();
  return app;
}

/** Every todo of the person signed in by `cookie`, read a page at a time as a client does. */
async function allTodos(app: AppInstance, cookie: string): Promise<Todo[]> {
  const todos: Todo[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await app.inject({ url: `/api/todos?limit=100${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: Todo[]; nextCursor: string | null }>();
    todos.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return todos;
}

describe.each(ENGINES)('a backup taken under %s writes', (engine: Engine) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) {
      await step();
    }
    cleanup.length = 0;
  }, 60_000);

  it('restores into an empty place with every write acknowledged before it began, each whole', async () => {
    const source = await freshPlace(engine);
    const target = await freshPlace(engine);
    cleanup.push(source.drop, target.drop);
    const first = await startOn(source);
    cleanup.push(() => stop(first.server));
    const { base } = first;
    const post = postJson(base);
    // A few people, each with a tag their todos carry, signed up one after another.
    const people: { cookie: string; tag: { id: string; name: string } }[] = [];
    for (let index = 0; index < PEOPLE; index += 1) {
      const cookie = await signUpOverHttp(first.server, base, {
        name: `writer${index}`,
        email: `writer${index}@example.com`,
      });
      const answer = await post('/api/tags', { name: `tag of ${index}` }, cookie);
      expect(answer.status).toBe(201);
      people.push({ cookie, tag: (await answer.json()) as { id: string; name: string } });
    }

    // 50 writers, ten for each person, each creating its todos one after another, at least
    // TODOS_EACH and on until the backup is written, so writes are in flight all through it
    // however fast it is; a todo and its tag row are one write. A person's writers queue for their quota lock: on PostgreSQL one
    // that waits too long for a pooled connection is answered 503 (ADR 0015) and sent again with
    // its Idempotency-Key, as the web client does. Only a 201 acknowledges a write.
    const acknowledged: string[] = [];
    let backupWritten = false;
    const writer = async (id: number) => {
      const { cookie, tag } = people[id % PEOPLE] ?? { cookie: '', tag: { id: '' } };
      for (let n = 0; n < TODOS_EACH || !backupWritten; n += 1) {
        const title = `writer ${id} todo ${n}`;
        const body = { title, description: `all of ${title}`, priority: 'high', tagIds: [tag.id] };
        let response = await post('/api/todos', body, cookie, title.replaceAll(' ', '-'));
        for (let retry = 0; response.status === 503 && retry < MAX_RETRIES; retry += 1) {
          response = await post('/api/todos', body, cookie, title.replaceAll(' ', '-'));
        }
        if (response.status !== 201) {
          throw new Error(`write answered ${response.status}: ${await response.text()}`);
        }
        acknowledged.push(title);
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
    await waitFor(() => acknowledged.length >= BEFORE_BACKUP, 60_000, first.server);
    const beforeBackup = [...acknowledged];
    const file = path.join(
      tempDir('daywise-backups-'),
      `daywise.${engine === 'sqlite' ? 'sqlite' : 'dump'}`,
    );
    const backup = await runBackupTool(['backup', file], source.env);
    const afterBackup = acknowledged.length;
    backupWritten = true;
    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.code).toBe(0);
    await writers;
    // The writes went on while the backup was taken: none failed, and some came after it (those
    // in flight as it ended).
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITERS * TODOS_EACH);
    expect(acknowledged.length).toBeGreaterThan(afterBackup);

    const restored = await runBackupTool(['restore', file], target.env);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    if (engine === 'sqlite') {
      const check = new SQLite(path.join(target.env.DATA_DIR ?? '', 'daywise.sqlite'), {
        readonly: true,
      });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }

    // The restored database, served by the app as the server builds it, signs each person in
    // with the same cookie (their sessions and the signing secret came back) and answers every
    // write acknowledged before the backup began, each todo whole.
    const restoredApp = await appOn(target);
    cleanup.push(() => restoredApp.close());
    const found: string[] = [];
    for (const [index, { cookie, tag }] of people.entries()) {
      const todos = await allTodos(restoredApp, cookie);
      for (const todo of todos) {
        const writerId = Number(/^writer (\d+) todo \d+$/.exec(todo.title)?.[1]);
        expect(writerId % PEOPLE).toBe(index);
        expect(todo).toEqual(
          expect.objectContaining({
            description: `all of ${todo.title}`,
            priority: 'high',
            tags: [{ id: tag.id, name: tag.name, color: expect.any(String) as string }],
          }),
        );
      }
      found.push(...todos.map((todo) => todo.title));
      // The counts the triggers keep agree with the rows.
      const stats = await restoredApp.inject({ url: '/api/todos/stats', headers: { cookie } });
      expect(stats.json<{ total: number }>().total).toBe(todos.length);
    }
    expect(new Set(found).size).toBe(found.length);
    expect(found).toEqual(expect.arrayContaining(beforeBackup));
    expect(acknowledged).toEqual(expect.arrayContaining(found));
  }, 180_000);
});
