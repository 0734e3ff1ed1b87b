import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEFAULT_TAG_COLOR, QUOTAS } from '@daywise/shared';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { importsClient } from '../../test/imports-client';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

/*
 * Todoist and TickTick files into lists, sections and subtasks (issue 32, ADR 0021 2026-11-28).
 */

const HEADER =
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG';

/** A Todoist row: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, then DATE in the zone. */
const row = (type: string, content: string, indent = '', date = '', description = '') =>
  `${type},${content},${description},${type === 'task' ? '1' : ''},${indent},Ada (40414141),,${date},en,${date ? 'Europe/London' : ''},,,,`;

/** Two projects as Todoist exports them: one CSV each, named after the project. */
const WORK = Buffer.from(
  [
    HEADER,
    row('task', 'Write the report @writing', '1', 'Dec 3 2026 18:00'),
    row('task', 'Gather numbers', '2'),
    row('task', 'Ask finance', '3', '2026-12-01T09:30:00'),
    row('task', 'Email Grace', '4'),
    row('note', 'She is back Monday'),
    row('task', 'Draft the summary', '2'),
    row('task', 'Book the room @office', '1', 'every day at 9am'),
    ',,,,,,,,,,,,,',
    row('section', 'Meetings'),
    row('task', 'Prepare the agenda', '1', '', 'Two pages'),
    row('task', 'Print copies', '2'),
    row('section', 'Later'),
    row('task', 'Plan the offsite', '1'),
    '',
  ].join('\n'),
);
const HOME = Buffer.from(
  [
    HEADER,
    row('task', 'Water the plants', '1', 'every day'),
    row('section', 'Garden'),
    row('task', 'Mow the lawn @outside', '1', 'Nov 28 2026 at 10am'),
    row('task', 'Fuel the mower', '2'),
    '',
  ].join('\n'),
);
const WORK_FILE = 'Work [2203306141].csv';
const HOME_FILE = 'Home [2203306142].csv';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/imports');
const tickTickFixture = readFileSync(join(FIXTURES, 'ticktick-backup.csv'), 'utf8');
/** The lines about the backup and its header row, from a real backup's layout. */
const TICKTICK_HEAD = tickTickFixture.slice(0, tickTickFixture.indexOf('"Personal"'));

/** A TickTick row: folder, list, title, kind, content, checklist flag, status, ids. */
function tickTickRow(cells: {
  folder: string;
  list: string;
  title: string;
  kind?: string;
  content?: string;
  taskId: string;
  parentId?: string;
}): string {
  const checklist = cells.kind === 'CHECKLIST' ? 'Y' : 'N';
  return [
    cells.folder,
    cells.list,
    cells.title,
    cells.kind ?? 'TEXT',
    '',
    cells.content ?? '',
    checklist,
    '',
    '',
    '',
    '',
    '0',
    '0',
    '2026-11-02T10:00:00+0000',
    '',
    '0',
    'Europe/Berlin',
    'false',
    'false',
    '',
    '',
    'list',
    cells.taskId,
    cells.parentId ?? '',
  ]
    .map((cell) => `"${cell.replaceAll('"', '""')}"`)
    .join(',');
}

describe.each(ENGINES)('imports into lists, sections and subtasks on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const { preview, importFile, todos, lists, sections, places } = importsClient(() => app);

  it('brings two Todoist projects in as lists with their sections and subtasks, once', async () => {
    // The user has a list 'work' with a section 'meetings' already: the project and the section
    // go there, whatever their case.
    const work = (await app.send('POST', '/api/lists', { name: 'work' })).json<{ id: string }>();
    expect(
      (await app.send('POST', '/api/sections', { listId: work.id, name: 'meetings' })).statusCode,
    ).toBe(201);

    expect(await preview(WORK_FILE, WORK)).toMatchObject({
      total: 9,
      toCreate: 9,
      newLists: [],
      newSections: 1,
      subtasks: 5,
      newTags: ['writing', 'office'],
      problems: [],
    });
    expect(await preview(HOME_FILE, HOME)).toMatchObject({
      toCreate: 3,
      newLists: ['Home'],
      newSections: 1,
      subtasks: 1,
    });
    // The previews wrote nothing.
    expect(await lists()).toHaveLength(1);
    expect(await sections()).toHaveLength(1);

    expect(await importFile(WORK_FILE, WORK)).toMatchObject({
      status: 'done',
      created: 9,
      tagsCreated: 2,
      restored: ['1 section created'],
      problems: [],
    });
    expect(await importFile(HOME_FILE, HOME)).toMatchObject({
      status: 'done',
      created: 3,
      restored: ['1 list created', '1 section created'],
      problems: [],
    });
    expect((await lists()).map(({ name, position }) => [name, position])).toEqual([
      ['work', 0],
      ['Home', 1],
    ]);
    const listNames = new Map((await lists()).map((list) => [list.id, list.name]));
    expect(
      (await sections()).map(({ listId, name, position }) => [
        listId === null ? null : listNames.get(listId),
        name,
        position,
      ]),
    ).toEqual([
      ['work', 'meetings', 0],
      ['work', 'Later', 1],
      ['Home', 'Garden', 0],
    ]);
    // [list, section, parent, order among its siblings]: the file's order, INDENT to depth 3.
    expect(await places()).toEqual({
      'Write the report': ['work', null, null, 0],
      'Gather numbers': ['work', null, 'Write the report', 0],
      'Ask finance': ['work', null, 'Gather numbers', 0],
      'Email Grace': ['work', null, 'Ask finance', 0],
      'Draft the summary': ['work', null, 'Write the report', 1],
      'Book the room': ['work', null, null, 1],
      'Prepare the agenda': ['work', 'meetings', null, 0],
      'Print copies': ['work', 'meetings', 'Prepare the agenda', 0],
      'Plan the offsite': ['work', 'Later', null, 0],
      'Water the plants': ['Home', null, null, 0],
      'Mow the lawn': ['Home', 'Garden', null, 0],
      'Fuel the mower': ['Home', 'Garden', 'Mow the lawn', 0],
    });
    const byTitle = new Map((await todos()).map((todo) => [todo.title, todo]));
    // A date's time is the due time, with a reminder at it; labels stay tags.
    expect(byTitle.get('Write the report')).toMatchObject({
      dueDate: '2026-12-03',
      dueTime: '18:00',
      reminders: [{ before: 0 }],
      tags: [{ name: 'writing' }],
      subtaskCounts: { open: 2, total: 2 },
    });
    expect(byTitle.get('Ask finance')).toMatchObject({ dueDate: '2026-12-01', dueTime: '09:30' });
    expect(byTitle.get('Email Grace')).toMatchObject({
      description: 'Ada: She is back Monday',
      dueDate: null,
      dueTime: null,
    });
    expect(byTitle.get('Book the room')).toMatchObject({
      dueTime: '09:00',
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
      tags: [{ name: 'office' }],
    });
    expect(byTitle.get('Mow the lawn')).toMatchObject({
      dueDate: '2026-11-28',
      dueTime: '10:00',
      tags: [{ name: 'outside' }],
    });
    expect(byTitle.get('Prepare the agenda')?.description).toBe('Two pages');

    // Both files again: nothing new, not a list, a section or a todo.
    for (const [file, data, total] of [
      [WORK_FILE, WORK, 9],
      [HOME_FILE, HOME, 3],
    ] as const) {
      expect(await preview(file, data)).toMatchObject({
        alreadyImported: total,
        toCreate: 0,
        newLists: [],
        newSections: 0,
        subtasks: 0,
      });
      expect(await importFile(file, data)).toMatchObject({
        status: 'done',
        created: 0,
        alreadyImported: total,
        restored: [],
      });
    }
    expect(await lists()).toHaveLength(2);
    expect(await sections()).toHaveLength(3);
    expect(await todos()).toHaveLength(12);

    // A subtask deleted since comes back under its parent, where it was.
    const gone = byTitle.get('Fuel the mower')?.id ?? '';
    expect((await app.send('DELETE', `/api/todos/${gone}`)).statusCode).toBe(204);
    expect(await importFile(HOME_FILE, HOME)).toMatchObject({ created: 1, alreadyImported: 2 });
    expect((await places())['Fuel the mower']).toEqual(['Home', 'Garden', 'Mow the lawn', 0]);
  });

  it(`puts a project's todos in the Inbox when the user has ${QUOTAS.lists} lists`, async () => {
    const { db } = app.ctx.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('lists')
      .values(
        Array.from({ length: QUOTAS.lists }, (_, index) => ({
          id: `list-${index}`,
          user_id: userId,
          name: `List ${index}`,
          color: DEFAULT_TAG_COLOR,
          position: index,
          archived: false,
          created_at: '2026-11-21T09:00:00.000Z',
          updated_at: '2026-11-21T09:00:00.000Z',
        })),
      )
      .execute();
    const refused = {
      row: 0,
      message: `Lists not created (you can have at most ${QUOTAS.lists} lists), their todos go to the Inbox: Home`,
    };
    expect(await preview(HOME_FILE, HOME)).toMatchObject({
      toCreate: 3,
      newLists: [],
      newSections: 0,
      subtasks: 1,
      problems: [refused],
    });
    expect(await importFile(HOME_FILE, HOME)).toMatchObject({
      status: 'done',
      created: 3,
      restored: [],
      problems: [refused],
    });
    // In the Inbox and in no section (the list's section was not made either), nested still.
    expect(await places()).toEqual({
      'Water the plants': ['Inbox', null, null, 0],
      'Mow the lawn': ['Inbox', null, null, 1],
      'Fuel the mower': ['Inbox', null, 'Mow the lawn', 0],
    });
    expect(await lists()).toHaveLength(QUOTAS.lists);
    expect(await sections()).toEqual([]);
  });

  it('brings a TickTick backup in with its lists, sub-tasks and checklist items', async () => {
    const backup = Buffer.from(
      TICKTICK_HEAD +
        [
          tickTickRow({
            folder: 'Work',
            list: 'Projects',
            title: 'Ship the release',
            kind: 'CHECKLIST',
            content: 'Check CI first\n\u25abWrite the notes\n\u25aaTag the build',
            taskId: 't1',
          }),
          tickTickRow({
            folder: 'Work',
            list: 'Projects',
            title: 'Announce it',
            taskId: 't2',
            parentId: 't1',
          }),
          tickTickRow({ folder: '', list: 'Inbox', title: 'Call mum', taskId: 't3' }),
          tickTickRow({
            folder: 'Personal',
            list: 'projects',
            title: 'Tidy the desk',
            taskId: 't4',
          }),
          tickTickRow({ folder: 'Personal', list: 'Home', title: 'Fix the tap', taskId: 't5' }),
          '',
        ].join('\n'),
    );
    expect(await preview('TickTick-backup.csv', backup)).toMatchObject({
      total: 7,
      toCreate: 7,
      newLists: ['Projects', 'Home'],
      newSections: 0,
      subtasks: 3,
      newTags: ['Work', 'Personal'],
      problems: [],
    });
    expect(await importFile('TickTick-backup.csv', backup)).toMatchObject({
      status: 'done',
      created: 7,
      restored: ['2 lists created'],
      problems: [],
    });
    expect(await places()).toEqual({
      'Ship the release': ['Projects', null, null, 0],
      'Write the notes': ['Projects', null, 'Ship the release', 0],
      'Tag the build': ['Projects', null, 'Ship the release', 1],
      'Announce it': ['Projects', null, 'Ship the release', 2],
      'Call mum': ['Inbox', null, null, 0],
      // Another case of the same list's name is the same list.
      'Tidy the desk': ['Projects', null, null, 1],
      'Fix the tap': ['Home', null, null, 0],
    });
    const byTitle = new Map((await todos()).map((todo) => [todo.title, todo]));
    expect(byTitle.get('Ship the release')).toMatchObject({
      description: 'Check CI first',
      completed: false,
      subtaskCounts: { open: 2, total: 3 },
      tags: [{ name: 'Work' }],
    });
    expect(byTitle.get('Write the notes')).toMatchObject({ completed: false, description: '' });
    expect(byTitle.get('Tag the build')).toMatchObject({ completed: true });

    expect(await importFile('TickTick-backup.csv', backup)).toMatchObject({
      created: 0,
      alreadyImported: 7,
      restored: [],
    });
    expect(await todos()).toHaveLength(7);
    expect(await lists()).toHaveLength(2);
  });
});
