import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { importsClient } from '../../test/imports-client';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { fixedPacer } from '../lib/slices';
import { createImport, runImport } from './imports';
import { parseImport } from './parse';

/*
 * A TickTick backup's kanban columns ('Column Name') become sections of their list, made in the
 * order the columns first appear and in paced batches (issue 32, ADR 0021 2026-11-28).
 */

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/imports');
/** A backup as TickTick writes it: lines about the backup, the header, a board and a list. */
const KANBAN = readFileSync(join(FIXTURES, 'ticktick-kanban.csv'));
const FILE = 'TickTick-backup-2026-11-27.csv';

describe.each(ENGINES)('TickTick columns as sections on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const client = importsClient(() => app);
  const preview = (data: Buffer) => client.preview(FILE, data);
  const importFile = (data: Buffer) => client.importFile(FILE, data);
  /** Each section as [its list's name, its name, its position], in the sections' order. */
  const sections = async () => {
    const names = await client.listNames();
    return (await client.sections()).map((section) => [
      section.listId === null ? 'Inbox' : names.get(section.listId),
      section.name,
      section.position,
    ]);
  };
  const { places } = client;

  it('makes each list’s columns its sections, in the order they first appear, once', async () => {
    // The user has the board's list with a section of their own: the columns go after it.
    const launch = (await app.send('POST', '/api/lists', { name: 'launch' })).json<{
      id: string;
    }>();
    await app.send('POST', '/api/sections', { listId: launch.id, name: 'Ideas' });

    const previewed = await preview(KANBAN);
    expect(previewed).toMatchObject({
      total: 10,
      toCreate: 10,
      newLists: ['Home'],
      newSections: 3,
      subtasks: 3,
      problems: [],
    });
    expect(previewed.mappings).toEqual(
      expect.arrayContaining([
        { from: 'Column "Backlog" of "Launch"', to: 'section "Backlog"' },
        { from: 'Column "In progress" of "Launch"', to: 'section "In progress"' },
        { from: 'Column "Done" of "Launch"', to: 'section "Done"' },
      ]),
    );
    // The preview wrote nothing.
    expect(await sections()).toEqual([['launch', 'Ideas', 0]]);

    expect(await importFile(KANBAN)).toMatchObject({
      status: 'done',
      created: 10,
      restored: ['1 list created', '3 sections created'],
      problems: [],
    });
    expect(await sections()).toEqual([
      ['launch', 'Ideas', 0],
      ['launch', 'Backlog', 1],
      ['launch', 'In progress', 2],
      ['launch', 'Done', 3],
    ]);
    // A sub-task and a checklist's items are in their parent's column, under it.
    expect(await places()).toEqual({
      'Write the press release': ['launch', 'Backlog', null, 0],
      'Reply to the beta testers': ['launch', 'Backlog', null, 1],
      'Draft the blog post': ['launch', 'Backlog', 'Write the press release', 0],
      'Fix the signup bug': ['launch', 'In progress', null, 0],
      'Ship checklist': ['launch', 'In progress', null, 1],
      'Update the changelog': ['launch', 'In progress', 'Ship checklist', 0],
      'Tag the release': ['launch', 'In progress', 'Ship checklist', 1],
      'Book the venue': ['launch', 'Done', null, 0],
      'Water the plants': ['Home', null, null, 0],
      'Call the bank': ['Inbox', null, null, 0],
    });
    const byTitle = new Map((await client.todos()).map((todo) => [todo.title, todo]));
    expect(byTitle.get('Ship checklist')).toMatchObject({
      description: 'Before Friday',
      subtaskCounts: { open: 1, total: 2 },
    });
    expect(byTitle.get('Tag the release')).toMatchObject({ completed: true });
    expect(byTitle.get('Book the venue')).toMatchObject({ completed: true });

    // Again: nothing new, not a section.
    expect(await preview(KANBAN)).toMatchObject({ toCreate: 0, newSections: 0, newLists: [] });
    expect(await importFile(KANBAN)).toMatchObject({
      status: 'done',
      created: 0,
      alreadyImported: 10,
      restored: [],
    });
    expect(await sections()).toHaveLength(4);
  });

  it('writes the sections in batches of the import’s pace, before the todos', async () => {
    const { db } = app.ctx.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = app.clock.now();
    const parsed = await parseImport(KANBAN, FILE, { timeZone: 'UTC', now });
    const started = await createImport(db, userId, parsed, FILE, now);
    // Each transaction's size as the pacer is told it, sections' and todos' alike.
    const batches: number[] = [];
    await runImport({
      db,
      events: app.ctx.app.events,
      userId,
      importId: started.id,
      parsed,
      caller: 'session',
      timeZone: 'UTC',
      clock: app.clock.now,
      pacing: {
        items: { size: () => 2, took: (items) => batches.push(items) },
        records: fixedPacer(500),
      },
    });
    // Three sections in two transactions, then ten todos in five.
    expect(batches).toEqual([2, 1, 2, 2, 2, 2, 2]);
    expect(await sections()).toEqual([
      ['Launch', 'Backlog', 0],
      ['Launch', 'In progress', 1],
      ['Launch', 'Done', 2],
    ]);
    expect((await places())['Book the venue']).toEqual(['Launch', 'Done', null, 0]);
  });
});
