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
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SCRIPT = path.join(FIXTURES, 'caldav-client.py');
const WRITE_SCRIPT = path.join(FIXTURES, 'caldav-write.py');

/** Debian's Python, where python3-caldav is installed (.ci/run installs it). */
const PYTHON = ['/usr/bin/python3', 'python3'].find((python) =>
  runs(python, ['-c', 'import caldav']),
);
/** Debian's vdirsyncer and todoman (.ci/run installs them). */
const VDIRSYNCER = runs('vdirsyncer', ['--version']) && runs('todoman', ['--version']);

/*
 * Real clients against the real server (ADR 0034), each skipped, saying so, where it is not
 * installed, and failing in CI (`.ci/run` installs them): Debian's python3-caldav discovers
 * the principal from /dav/, lists the collections and reads their todos, open ones through a
 * calendar-query with COMPLETED is-not-defined; vdirsyncer, given only the base URL, discovers the
 * collections through /.well-known/caldav and syncs them (read only) into files todoman lists.
 */
describe.each(ENGINES)('CalDAV clients against the server on %s', (engine: Engine) => {
  let stop: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it.skipIf(!PYTHON && !CLIENTS_REQUIRED)(
    'python3-caldav finds the principal, lists the collections and fetches their todos (skipped without python3-caldav)',
    async () => {
      expect(PYTHON, 'python3-caldav is required in CI').toBeTruthy();
      const started = await serverWithTodos(engine);
      stop = started.stop;
      const { stdout } = await run(
        PYTHON ?? 'python3',
        [SCRIPT, `${started.base}/dav/`, 'ada@example.com', started.secret],
        { timeout: 60_000 },
      );
      expect(JSON.parse(stdout)).toEqual([
        { name: 'Inbox', open: ['Buy milk'], all: ['Buy milk'] },
        { name: 'Work', open: ['Write report'], all: ['Send invoice', 'Write report'] },
        { name: 'Daily goals', open: ['Run'], all: ['Run'] },
      ]);

      const wrong = await run(
        PYTHON ?? 'python3',
        [SCRIPT, `${started.base}/dav/`, 'ada@example.com', `dw_${'x'.repeat(43)}`],
        { timeout: 60_000 },
      ).catch((error: Error & { stderr?: string }) => error);
      expect(wrong).toBeInstanceOf(Error);
      expect((wrong as { stderr?: string }).stderr).toMatch(/Authoriz|401/);
    },
    120_000,
  );

  it.skipIf(!PYTHON && !CLIENTS_REQUIRED)(
    'python3-caldav creates, edits, completes and deletes a todo (skipped without python3-caldav)',
    async () => {
      expect(PYTHON, 'python3-caldav is required in CI').toBeTruthy();
      const started = await serverWithTodos(engine);
      stop = started.stop;
      const { stdout } = await run(
        PYTHON ?? 'python3',
        [WRITE_SCRIPT, `${started.base}/dav/`, 'ada@example.com', started.secret],
        { timeout: 60_000 },
      );
      const milk = ['Buy milk', 'NEEDS-ACTION', null];
      expect(JSON.parse(stdout)).toEqual([
        { step: 'created', todos: [milk, ['Call the plumber', 'NEEDS-ACTION', 'kept']] },
        { step: 'edited', todos: [milk, ['Call the plumber again', 'NEEDS-ACTION', 'kept']] },
        { step: 'completed', todos: [milk, ['Call the plumber again', 'COMPLETED', 'kept']] },
        { step: 'deleted', todos: [milk] },
      ]);
    },
    120_000,
  );

  it.skipIf(!VDIRSYNCER && !CLIENTS_REQUIRED)(
    'vdirsyncer discovers from the base URL and syncs the todos todoman then lists (skipped without vdirsyncer and todoman)',
    async () => {
      expect(VDIRSYNCER, 'vdirsyncer and todoman are required in CI').toBe(true);
      const started = await serverWithTodos(engine);
      stop = started.stop;
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
          '[storage local]',
          'type = "filesystem"',
          `path = "${dir}/todos/"`,
          'fileext = ".ics"',
          '[storage remote]',
          'type = "caldav"',
          `url = "${started.base}/"`,
          'username = "ada@example.com"',
          `password = "${started.secret}"`,
          'read_only = true',
          '',
        ].join('\n'),
      );
      // `yes`: discover asks before it creates each local collection.
      const discovered = await run('sh', ['-c', `yes | vdirsyncer -c '${config}' discover`], {
        timeout: 60_000,
      });
      expect(discovered.stderr).toContain('"inbox" ("Inbox")');
      expect(discovered.stderr).toContain(`"${started.workId}" ("Work")`);
      await run('vdirsyncer', ['-c', config, 'sync'], { timeout: 60_000 });

      const todoman = path.join(dir, 'todoman.py');
      fs.writeFileSync(
        todoman,
        `path = "${dir}/todos/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n`,
      );
      const listed = await run('todoman', ['--config', todoman, '--porcelain', 'list'], {
        timeout: 60_000,
      });
      const todos = JSON.parse(listed.stdout) as { summary: string; list: string; due: number }[];
      expect(
        todos
          .map(({ summary, list, due }) => ({ summary, list, due }))
          .sort((a, b) => a.summary.localeCompare(b.summary)),
      ).toEqual([
        // 09:00 in the user's zone (UTC until they choose one) on 23 November 2026.
        { summary: 'Buy milk', list: 'inbox', due: Date.UTC(2026, 10, 23, 9) / 1000 },
        { summary: 'Run', list: 'daily-goals', due: expect.any(Number) as number },
        { summary: 'Write report', list: started.workId, due: null },
      ]);
    },
    120_000,
  );
});
