import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import type { Engine } from '../src/db/database';
import { CLIENTS_REQUIRED, runs, serverWithTodos } from './caldav-server';
import { ENGINES, tempDir } from './helpers';

const run = promisify(execFile);
const MERGE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/caldav-merge.py',
);

/** Debian's Python with python3-icalendar (todoman's), which the merge script uses. */
const PYTHON = ['/usr/bin/python3', 'python3'].find((python) =>
  runs(python, ['-c', 'import icalendar']),
);
const CLIENTS =
  runs('vdirsyncer', ['--version']) && runs('todoman', ['--version']) && PYTHON !== undefined;

/** A todo as `todoman --porcelain list` prints it, as far as these tests read it. */
interface ListedTodo {
  id: number;
  summary: string;
  list: string;
  completed: boolean;
  description: string;
}

/**
 * vdirsyncer and todoman, both ways, against the production server process (ADR 0041): given only
 * the base URL they discover the collections; what todoman creates, edits, completes, moves and
 * deletes shows in the app after one sync, and what the app does shows in todoman after one
 * sync. A todo edited on both sides is merged by scripts/caldav-merge.py (vdirsyncer's
 * `conflict_resolution` command) with neither side's edit lost; a server restart between syncs,
 * and a sync attempted while it is down, lose nothing.
 */
describe.each(ENGINES)('vdirsyncer and todoman both ways on %s', (engine: Engine) => {
  let stop: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it.skipIf(!CLIENTS && !CLIENTS_REQUIRED)(
    'syncs creations, edits, completions, moves, deletions and a conflict both ways (skipped without vdirsyncer and todoman)',
    async () => {
      expect(CLIENTS, 'vdirsyncer, todoman and python3-icalendar are required in CI').toBe(true);
      const server = await serverWithTodos(engine);
      stop = server.stop;
      const dir = tempDir();
      const config = path.join(dir, 'vdirsyncer');
      fs.writeFileSync(
        config,
        [
          '[general]',
          `status_path = "${dir}/status/"`,
          '[pair todos]',
          'a = "local"',
          'b = "remote"',
          'collections = ["from b"]',
          `conflict_resolution = ["command", "${PYTHON ?? 'python3'}", "${MERGE}"]`,
          '[storage local]',
          'type = "filesystem"',
          `path = "${dir}/todos/"`,
          'fileext = ".ics"',
          '[storage remote]',
          'type = "caldav"',
          `url = "${server.base}/"`,
          'username = "ada@example.com"',
          `password = "${server.secret}"`,
          '',
        ].join('\n'),
      );
      const todomanConfig = path.join(dir, 'todoman.py');
      fs.writeFileSync(
        todomanConfig,
        `path = "${dir}/todos/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n`,
      );
      /**
       * `vdirsyncer sync`, one collection after the other: vdirsyncer 0.19 syncs collections
       * concurrently, so a move between lists (a copy into one, a delete from the other) would
       * otherwise race with the other collection's listing, and an item whose order changed
       * meanwhile could get a 412 until the next sync (ADR 0041).
       */
      const vdirsyncer = async (command: 'sync') => {
        for (const collection of ['inbox', server.workId, 'daily-goals']) {
          await run('vdirsyncer', ['-c', config, command, `todos/${collection}`], {
            timeout: 60_000,
          });
        }
      };
      const todoman = (...args: string[]) =>
        run('todoman', ['--config', todomanConfig, ...args], { timeout: 60_000 });
      const listed = async () =>
        JSON.parse(
          (await todoman('--porcelain', 'list', '--status', 'ANY')).stdout,
        ) as ListedTodo[];
      const local = async (summary: string) => {
        const found = (await listed()).find((each) => each.summary === summary);
        expect(found, `${summary} in todoman`).toBeDefined();
        return found as ListedTodo;
      };
      const remote = async (title: string) => {
        const found = (await server.todos()).find((each) => each.title === title);
        expect(found, `${title} in Daywise`).toBeDefined();
        return found as NonNullable<typeof found>;
      };

      await run('sh', ['-c', `yes | vdirsyncer -c '${config}' discover`], { timeout: 60_000 });
      await vdirsyncer('sync');
      expect((await listed()).map((each) => each.summary).sort()).toEqual([
        'Buy milk',
        'Run',
        'Send invoice',
        'Write report',
      ]);

      const invoiceId = (await remote('Send invoice')).id;
      // todoman → Daywise: create, edit, complete, move between lists (the same todo).
      await todoman('new', '--list', 'inbox', 'Call Bob');
      await todoman('edit', String((await local('Buy milk')).id), '--priority', 'high');
      await todoman('done', String((await local('Write report')).id));
      await todoman('move', '--list', 'inbox', String((await local('Send invoice')).id));
      await vdirsyncer('sync');
      const bob = await remote('Call Bob');
      expect(bob.listId).toBeNull();
      expect((await remote('Buy milk')).priority).toBe('high');
      expect((await remote('Write report')).completed).toBe(true);
      const invoice = await remote('Send invoice');
      expect(invoice.id).toBe(invoiceId);
      expect(invoice.listId).toBeNull();
      expect(invoice.completed).toBe(true);

      // Daywise → todoman: create, edit, complete, move, delete.
      await server.api('POST', '/api/todos', { title: 'Book flights', listId: server.workId });
      await server.api('POST', '/api/todos', { title: 'Pack bags', listId: server.workId });
      await server.api('PATCH', `/api/todos/${bob.id}`, { title: 'Call Bob back' });
      await server.api('PATCH', `/api/todos/${(await remote('Buy milk')).id}`, {
        completed: true,
      });
      await server.api('PATCH', `/api/todos/${(await remote('Write report')).id}`, {
        listId: null,
      });
      await server.api('DELETE', `/api/todos/${invoice.id}`);
      await vdirsyncer('sync');
      expect((await local('Book flights')).list).toBe(server.workId);
      expect((await local('Call Bob back')).list).toBe('inbox');
      expect((await local('Buy milk')).completed).toBe(true);
      expect((await local('Write report')).list).toBe('inbox');
      expect((await listed()).some((each) => each.summary === 'Send invoice')).toBe(false);

      // todoman deletes (not a collection's last item: vdirsyncer asks to confirm that); the
      // server restarts in between, and a sync while it is down fails without losing anything.
      await todoman('delete', '--yes', String((await local('Book flights')).id));
      await server.stop();
      await expect(vdirsyncer('sync')).rejects.toThrow();
      await server.restart();
      await vdirsyncer('sync');
      expect((await server.todos()).some((each) => each.title === 'Book flights')).toBe(false);
      expect((await remote('Pack bags')).listId).toBe(server.workId);

      // Edited on both sides: merged, neither edit lost, the same on both sides.
      await todoman('edit', String((await local('Call Bob back')).id), '--due', '2026-12-01');
      await server.api('PATCH', `/api/todos/${bob.id}`, {
        title: 'Call Bob back tonight',
        description: 'About the flat',
      });
      await vdirsyncer('sync');
      // The version changed last is kept; what the other holds differently is in the
      // description (scripts/caldav-merge.py): each side's edit is somewhere in the todo.
      const merged = (await server.todos()).find((each) => each.id === bob.id);
      const held = `${merged?.title ?? ''}\n${merged?.description ?? ''}`;
      expect(held).toContain('Call Bob back tonight');
      expect(held).toContain('About the flat');
      expect(merged?.dueDate === '2026-12-01' || held.includes('20261201')).toBe(true);
      await vdirsyncer('sync');
      const again = await local(merged?.title ?? '');
      expect(again.description).toBe(merged?.description);
    },
    240_000,
  );
});
