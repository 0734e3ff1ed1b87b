import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MESSAGES, TAG_COLORS } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/imports');
const TODOIST = 'Work [2203306141].csv';
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

type TodoJson = Todo;

interface ImportJson {
  id: string;
  status: string;
  total: number;
  processed: number;
  created: number;
  alreadyImported: number;
  tagsCreated: number;
  problems: { row: number; message: string }[];
}

const multipart = (filename: string, data: Buffer, field = 'file') =>
  multipartFile(field, filename, 'text/csv', data);

describe.each(ENGINES)('imports on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const post = (url: string, filename: string, data: Buffer) => {
    const body = multipart(filename, data);
    return app.ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...SAME_ORIGIN, cookie: app.cookie },
    });
  };
  const todos = async () =>
    (await app.api.get('/api/todos?limit=100', app.cookie)).json<{ items: TodoJson[] }>().items;
  const tags = async () =>
    (await app.api.get('/api/tags', app.cookie)).json<{ name: string; color: string }[]>();
  const byTitle = async () => new Map((await todos()).map((todo) => [todo.title, todo]));

  /** Starts an import and waits for its result, as the page polls it. */
  const importFile = async (filename: string, data: Buffer): Promise<ImportJson> => {
    const started = await post('/api/imports', filename, data);
    expect(started.statusCode).toBe(202);
    const { id } = started.json<ImportJson>();
    for (;;) {
      const status = (await app.api.get(`/api/imports/${id}`, app.cookie)).json<ImportJson>();
      if (status.status !== 'running') {
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('previews a Todoist export without writing, imports it, and never twice', async () => {
    const preview = await post('/api/imports/preview', TODOIST, fixture(TODOIST));
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<{
      format: string;
      total: number;
      toCreate: number;
      alreadyImported: number;
      repeating: number;
      mappings: { from: string; to: string }[];
      newTags: string[];
      problems: { row: number; message: string }[];
      sample: { title: string; tags: string[]; repeat: string | null }[];
    }>();
    expect(shown).toMatchObject({ format: 'todoist', total: 6, toCreate: 6, alreadyImported: 0 });
    expect(shown.repeating).toBe(2);
    expect(shown.mappings).toContainEqual({ from: 'Project "Work"', to: 'list "Work"' });
    expect(shown.mappings).toContainEqual({ from: 'Section "Errands"', to: 'section "Errands"' });
    expect(shown.mappings).toContainEqual({ from: 'Label "@shopping"', to: 'tag "shopping"' });
    expect(shown.newTags).toEqual(['writing', 'shopping', 'home']);
    expect(shown).toMatchObject({ newLists: ['Work'], newSections: 1, subtasks: 1 });
    expect(shown.problems).toEqual([
      { row: 10, message: 'Task without a name skipped' },
      {
        row: 11,
        message: 'Repeat "every 3rd friday of the month" cannot be imported; imported once',
      },
    ]);
    expect(shown.sample.find((item) => item.title === 'Review pull requests')?.repeat).toBe(
      '2 weeks after completion',
    );
    // The preview wrote nothing.
    expect(await todos()).toEqual([]);
    expect(await tags()).toEqual([]);

    const result = await importFile(TODOIST, fixture(TODOIST));
    expect(result).toMatchObject({
      status: 'done',
      total: 6,
      processed: 6,
      created: 6,
      alreadyImported: 0,
      tagsCreated: 3,
    });
    const imported = await byTitle();
    // The file's order, first row first.
    expect((await todos()).map((todo) => todo.title)).toEqual([
      'Write the quarterly report',
      'Water the plants',
      'Buy milk',
      'Review pull requests',
      '=HYPERLINK("http://evil.example","click")',
      'Plan the offsite',
    ]);
    expect(imported.get('Write the quarterly report')).toMatchObject({
      description: 'Numbers from finance',
      priority: 'high',
      dueDate: '2026-11-25',
      reminderTime: null,
      completed: false,
      tags: [{ name: 'writing' }],
    });
    expect(imported.get('Water the plants')).toMatchObject({
      description: 'Ada: Use the rain water',
      priority: 'low',
      dueDate: '2026-11-21',
    });
    expect(imported.get('Buy milk')).toMatchObject({
      priority: 'low',
      dueDate: '2026-11-27',
      dueTime: '18:00',
      reminders: [{ before: 0 }],
      reminderTime: '18:00',
    });
    expect(imported.get('Buy milk')?.tags.map((tag) => tag.name)).toEqual(['home', 'shopping']);
    expect(imported.get('Review pull requests')).toMatchObject({
      priority: 'medium',
      repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2', from: 'completion' },
    });
    // A daily Todoist task repeats, a streak of its own to come.
    expect(imported.get('Water the plants')).toMatchObject({
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
      habit: { streak: 0, done: 0 },
    });
    expect(imported.get('Buy milk')?.repeat).toBeNull();
    // A formula is text: kept as written, never evaluated.
    expect(imported.get('=HYPERLINK("http://evil.example","click")')).toMatchObject({
      description: '+1 cell',
    });

    // Importing the same file again adds nothing.
    const again = await post('/api/imports/preview', TODOIST, fixture(TODOIST));
    expect(again.json()).toMatchObject({
      total: 6,
      alreadyImported: 6,
      toCreate: 0,
      newTags: [],
      newLists: [],
      newSections: 0,
      subtasks: 0,
    });
    const second = await importFile(TODOIST, fixture(TODOIST));
    expect(second).toMatchObject({
      status: 'done',
      created: 0,
      alreadyImported: 6,
      tagsCreated: 0,
    });
    expect(await todos()).toHaveLength(6);
    expect(await tags()).toHaveLength(3);
  });

  it('imports a TickTick backup: lists, folders and tags, priorities, zones, repeats', async () => {
    const result = await importFile(
      'TickTick-backup-2026-11-20.csv',
      fixture('ticktick-backup.csv'),
    );
    expect(result).toMatchObject({ status: 'done', total: 5, created: 5 });
    expect(result.problems).toEqual([
      { row: 11, message: 'Note skipped (notes are not tasks)' },
      {
        row: 13,
        message:
          'Repeat "ERULE:NAME=CUSTOM;BYDATE=20261126,20261203" cannot be imported; imported once',
      },
    ]);
    const imported = await byTitle();
    expect(imported.get('Pay rent')).toMatchObject({
      description: 'Transfer to the landlord',
      priority: 'high',
      // All day on 1 December in Berlin.
      dueDate: '2026-12-01',
      reminderTime: null,
    });
    // The folder is a tag, the list a list.
    expect(imported.get('Pay rent')?.tags.map((tag) => tag.name)).toEqual([
      'bills',
      'monthly',
      'Personal',
    ]);
    expect(imported.get('Call the plumber')).toMatchObject({
      priority: 'medium',
      dueDate: '2026-11-24',
      reminderTime: '09:30',
    });
    expect(imported.get('Renew passport')).toMatchObject({
      priority: 'low',
      completed: true,
      completedAt: '2026-10-15T12:00:00.000Z',
      tags: [],
    });
    expect(imported.get('Stand-up')?.tags.map((tag) => tag.name)).toEqual(['Work']);
    const lists = (await app.api.get('/api/lists', app.cookie)).json<{
      lists: { id: string; name: string }[];
    }>().lists;
    expect(lists.map((list) => list.name)).toEqual(['Home', 'Projects']);
    expect(imported.get('Pay rent')?.listId).toBe(lists[0]?.id);
    expect(imported.get('Stand-up')?.listId).toBe(lists[1]?.id);
    expect(imported.get('Renew passport')?.listId).toBeNull();
    expect(imported.get('Pay rent')?.repeat).toEqual({
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      from: 'due',
    });
    expect(imported.get('Stand-up')?.repeat).toEqual({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      from: 'due',
    });
    // Done already: kept as done, not as a series.
    expect(imported.get('Renew passport')?.repeat).toBeNull();
    expect(imported.has('Shopping ideas')).toBe(false);
    expect((await importFile('again.csv', fixture('ticktick-backup.csv'))).created).toBe(0);
  });

  it('keeps what the files say beyond titles: colours, comments, sub-tasks, times', async () => {
    // The user's own tag keeps its colour; the others take the tag picker's in turn.
    const own = await sendAs(app.ctx, app.cookie, 'POST', '/api/tags', {
      name: 'Travel',
      color: '#EC4899',
    });
    expect(own.statusCode).toBe(201);
    const todoist = Buffer.from(
      [
        'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
        'task,Plan the trip @travel @family,,4,1,Ada (40414141),,Nov 25 2026 9:00,en,Europe/London,,,,',
        'note,Ask Grace about dates,,,,Ada (40414141),,,,,,,,',
        'task,Book flights,Cheapest on Tuesday,3,2,Ada (40414141),,2026-11-26 18:30,en,Europe/London,,,,',
        'section,Packing,,,,,,,,,,,,',
        'task,Pack the bags,,1,1,Ada (40414141),,every day 7:00,en,Europe/London,,,,',
        '',
      ].join('\n'),
    );
    const preview = (await post('/api/imports/preview', 'Holiday [2203306142].csv', todoist)).json<{
      mappings: { from: string; to: string }[];
    }>();
    expect(preview.mappings).toContainEqual({
      from: 'Todoist sub-tasks',
      to: 'subtasks, at most 3 levels deep',
    });
    expect(await importFile('Holiday [2203306142].csv', todoist)).toMatchObject({
      status: 'done',
      created: 3,
      tagsCreated: 1,
      problems: [],
    });
    const tickTick = Buffer.concat([
      fixture('ticktick-backup.csv').subarray(
        0,
        fixture('ticktick-backup.csv').indexOf('"Personal"'),
      ),
      Buffer.from(
        [
          '"Work","Projects","Call the bank","TEXT","money","","N","2026-11-24T08:30:00+0000","2026-11-24T08:30:00+0000","TRIGGER:-PT15M,TRIGGER:PT0S","","0","0","2026-11-02T10:00:00+0000","","0","Europe/Berlin","false","false","","","list","6561a1b2c3d4e5f600000011",""',
          '"Work","Projects","Send the report","TEXT","","","N","2026-11-23T23:00:00+0000","2026-11-23T23:00:00+0000","TRIGGER:P0DT9H0M0S","","0","0","2026-11-02T10:00:00+0000","","0","Europe/Berlin","true","false","","","list","6561a1b2c3d4e5f600000012",""',
          '"Work","Projects","Renew the lease","TEXT","","","N","2026-11-24T08:30:00+0000","2026-11-24T08:30:00+0000","TRIGGER:-P1D","","0","0","2026-11-02T10:00:00+0000","","0","Europe/Berlin","false","false","","","list","6561a1b2c3d4e5f600000013",""',
          '',
        ].join('\n'),
      ),
    ]);
    expect(await importFile('TickTick-backup.csv', tickTick)).toMatchObject({
      status: 'done',
      created: 3,
      tagsCreated: 2,
      problems: [],
    });

    const imported = await byTitle();
    expect(imported.get('Plan the trip')).toMatchObject({
      description: 'Ada: Ask Grace about dates',
      dueDate: '2026-11-25',
      reminderTime: '09:00',
    });
    expect(imported.get('Book flights')).toMatchObject({
      description: 'Cheapest on Tuesday',
      parentId: imported.get('Plan the trip')?.id,
      dueDate: '2026-11-26',
      dueTime: '18:30',
      reminderTime: '18:30',
    });
    expect(imported.get('Pack the bags')).toMatchObject({
      reminderTime: '07:00',
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    // A timed TickTick task keeps all its reminders.
    expect(imported.get('Call the bank')).toMatchObject({
      dueTime: '09:30',
      reminders: [{ before: 15 }, { before: 0 }],
      reminderTime: '09:15',
    });
    expect(imported.get('Send the report')).toMatchObject({
      dueDate: '2026-11-24',
      reminderTime: '09:00',
    });
    expect(imported.get('Renew the lease')).toMatchObject({
      dueTime: '09:30',
      reminders: [{ before: 1440 }],
    });
    // Each file's tags in the order it names them, from the picker's first colour.
    const colors = new Map((await tags()).map((tag) => [tag.name, tag.color]));
    expect(Object.fromEntries(colors)).toEqual({
      Travel: '#EC4899',
      family: TAG_COLORS[1],
      Work: TAG_COLORS[0],
      money: TAG_COLORS[1],
    });
  });

  it('imports a Daywise archive with its tags and their colours', async () => {
    const result = await importFile('daywise-archive.json', fixture('daywise-archive.json'));
    expect(result).toMatchObject({ status: 'done', created: 2, tagsCreated: 1, problems: [] });
    const imported = await byTitle();
    expect(imported.get('Finish the chapter')).toMatchObject({
      description: 'Chapter 3',
      priority: 'high',
      dueDate: '2026-11-28',
      reminderTime: '07:30',
      tags: [{ name: 'Deep work', color: '#8B5CF6' }],
    });
    expect(imported.get('Send the invoice')).toMatchObject({
      completed: true,
      completedAt: '2026-11-10T16:00:00.000Z',
    });
  });

  it('brings back an archive’s nesting as far as the rules allow, and says what it changed', async () => {
    const archive = JSON.parse(fixture('daywise-archive.json').toString()) as {
      todos: { id: string; title: string }[];
    };
    const [template] = archive.todos;
    // Five levels (the last one too deep), a subtask whose parent is not in the file, and two
    // todos each the other's parent.
    const nested: [string, string | null][] = [
      ['L0', null],
      ['L1', 'L0'],
      ['L2', 'L1'],
      ['L3', 'L2'],
      ['L4', 'L3'],
      ['Orphan', 'Gone'],
      ['Ping', 'Pong'],
      ['Pong', 'Ping'],
    ];
    archive.todos = nested.map(([title, parent], index) => ({
      ...template,
      tagIds: [],
      id: title,
      title,
      parentId: parent,
      order: 0,
      createdAt: `2026-11-0${index + 1}T08:00:00.000Z`,
    }));
    const result = await importFile('nested.json', Buffer.from(JSON.stringify(archive)));
    expect(result).toMatchObject({ status: 'done', created: 8 });
    expect(result.problems).toEqual([
      { row: 5, message: MESSAGES.importTooDeep },
      { row: 6, message: MESSAGES.importNoParent },
      { row: 7, message: MESSAGES.importParentLoop },
    ]);
    const imported = await byTitle();
    const parentOf = (title: string) => {
      const parentId = imported.get(title)?.parentId;
      return parentId ? [...imported.values()].find((todo) => todo.id === parentId)?.title : null;
    };
    expect(Object.fromEntries(nested.map(([title]) => [title, parentOf(title)]))).toEqual({
      L0: null,
      L1: 'L0',
      L2: 'L1',
      L3: 'L2',
      L4: null,
      Orphan: null,
      Ping: null,
      Pong: 'Ping',
    });
  });

  it.each([
    ['an empty file', 'empty.csv', Buffer.alloc(0), 400, MESSAGES.importFileEmpty],
    [
      'Latin-1 text',
      'latin1.csv',
      Buffer.from('TYPE,CONTENT,PRIORITY\ntask,Caf\xe9 cr\xe8me,1\n', 'latin1'),
      400,
      MESSAGES.importNotUtf8,
    ],
    [
      'a picture',
      'photo.csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      400,
      MESSAGES.importNotText,
    ],
    [
      'another CSV',
      'contacts.csv',
      Buffer.from('Name,Email\nAda,ada@example.com\n'),
      400,
      MESSAGES.importUnknownFormat,
    ],
    [
      'broken quotes',
      'broken.csv',
      Buffer.from('TYPE,CONTENT,PRIORITY\ntask,"unclosed,1\n'),
      400,
      MESSAGES.importBadCsv,
    ],
    [
      'a damaged archive',
      'archive.json',
      Buffer.from('{"format":"daywise-archive","schemaVersion":1,"todos":[{"id":1}]}'),
      400,
      MESSAGES.importBadArchive,
    ],
    [
      'a header without tasks',
      'empty-project.csv',
      Buffer.from('TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE\n'),
      400,
      MESSAGES.importNothing,
    ],
    [
      '50 MB',
      'huge.csv',
      Buffer.alloc(50 * 1024 * 1024, 'task,a,1\n'),
      413,
      MESSAGES.importFileTooLarge,
    ],
  ])(
    'refuses %s with a clear message, changing nothing',
    async (_name, filename, data, status, message) => {
      for (const url of ['/api/imports/preview', '/api/imports']) {
        const response = await post(url, filename, data);
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ error: { fields: { file: message } } });
      }
      expect(await todos()).toEqual([]);
      expect(await tags()).toEqual([]);
    },
  );

  it('refuses a request without a file, and another user’s import is not found', async () => {
    const plain = await app.ctx.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      payload: { file: 'x' },
      headers: { ...SAME_ORIGIN, cookie: app.cookie },
    });
    expect(plain.statusCode).toBe(400);
    const result = await importFile(TODOIST, fixture(TODOIST));
    const other = await app.api.signUpAndVerify('grace@example.com');
    const theirs = await app.api.get(`/api/imports/${result.id}`, other ?? '');
    expect(theirs.statusCode).toBe(404);
  });
});
