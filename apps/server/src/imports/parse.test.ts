import { setImmediate as nextTurn } from 'node:timers/promises';

import { IMPORT_MAX_ROWS, MESSAGES, TAG_COLORS, TODO_LIMITS } from '@daywise/shared';
import type { Archive } from '@daywise/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';

import { parseImport } from './parse';
import type { ParsedImport } from './parsed-import';
import { tickTickRepeat, todoistRepeat } from './repeat';
import { reminderOffset } from './ticktick';
import { warmUpDates } from './todoist';

/**
 * Reading a file costs what its size says, never more, and never holds the server (ADR 0022):
 * every parsing entry point gets 100 KB of its worst text and answers at once, and a large file
 * is read in slices that let other work run.
 */

const CONTEXT = { timeZone: 'Europe/London', now: new Date('2026-11-21T09:00:00.000Z') };
const TODOIST_HEADER =
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n';
const TICKTICK_HEADER =
  '"Date: 2026-11-20+0000"\n"Version: 7.1"\n' +
  '"Folder Name","List Name","Title","Kind","Tags","Content","Is Check list","Start Date",' +
  '"Due Date","Reminder","Repeat","Priority","Status","Created Time","Completed Time","Order",' +
  '"Timezone","Is All Day","Is Floating","Column Name","Column Order","View Mode","taskId","parentId"\n';
const KB_100 = 100 * 1024;

/** A CSV cell holding `text`, quoted. */
const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** `unit` repeated to about 100 KB. */
const fill = (unit: string) => unit.repeat(Math.ceil(KB_100 / unit.length));

/** A linear reading of 100 KB takes milliseconds; the quadratic regexes it replaces took seconds. */
const QUICK_MS = 1000;

/**
 * Runs `work` and checks the CPU time this thread spent on it: unlike the clock, it does not grow
 * while a loaded machine runs something else.
 */
async function timed<T>(work: () => T | Promise<T>): Promise<T> {
  const start = process.threadCpuUsage();
  const result = await work();
  const spent = process.threadCpuUsage(start);
  expect((spent.user + spent.system) / 1000).toBeLessThan(QUICK_MS);
  return result;
}

const parse = (text: string, fileName = 'Inbox.csv') =>
  timed(() => parseImport(Buffer.from(text), fileName, CONTEXT));

function todoistRow(fields: {
  content?: string;
  description?: string;
  priority?: string;
  author?: string;
  date?: string;
  type?: string;
  indent?: string;
  zone?: string;
}): string {
  const { type = 'task', content = 'Task', description = '', priority = '1' } = fields;
  return `${[type, cell(content), cell(description), priority, fields.indent ?? '1', cell(fields.author ?? ''), '', cell(fields.date ?? ''), 'en', fields.zone ?? ''].join(',')}\n`;
}

function tickTickRow(fields: {
  title?: string;
  tags?: string;
  due?: string;
  repeat?: string;
  zone?: string;
  reminder?: string;
  allDay?: string;
  list?: string;
  kind?: string;
  content?: string;
  checklist?: string;
  status?: string;
  taskId?: string;
  parentId?: string;
}): string {
  const { title = 'Task', tags = '', due = '', repeat = '', zone = 'Europe/Berlin' } = fields;
  return `${['Personal', fields.list ?? 'Home', title, fields.kind ?? 'TEXT', tags, fields.content ?? '', fields.checklist ?? 'N', due, due, fields.reminder ?? '', repeat, '0', fields.status ?? '0', '', '', '0', zone, fields.allDay ?? 'true', 'false', '', '', 'list', fields.taskId ?? 'id-1', fields.parentId ?? ''].map(cell).join(',')}\n`;
}

function archive(todos: object[], tags: object[] = []): string {
  return JSON.stringify({
    format: 'daywise-archive',
    schemaVersion: 1,
    exportedAt: '2026-11-20T08:00:00.000Z',
    profile: {
      id: 'p',
      name: 'Ada',
      email: 'ada@example.com',
      emailVerified: true,
      bio: '',
      location: '',
      website: '',
      createdAt: '2026-01-01T08:00:00.000Z',
      picture: null,
    },
    settings: {
      notifications: { email: true, reminders: true },
      privacy: { profileVisibility: 'friends', activityTracking: true },
      preferences: { theme: 'system', timezone: 'Europe/London' },
    },
    tags,
    todos,
    plans: [],
    completions: [],
    sharedPlans: [],
    chats: [],
  });
}

const archivedTodo = (id: string, fields: object = {}) => ({
  id,
  title: `Todo ${id}`,
  description: '',
  priority: 'low',
  dueDate: '2026-11-28',
  reminderTime: null,
  completed: false,
  completedAt: null,
  completedDate: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...fields,
});

const only = (parsed: ParsedImport) => {
  expect(parsed.items).toHaveLength(1);
  return parsed.items[0];
};

// chrono-node builds its patterns on first use; the server does it at start (imports/routes.ts).
beforeAll(warmUpDates);

describe('reading 100 KB of the worst text', () => {
  it('takes a Todoist date that repeats "from at" for what it is: no date', async () => {
    const date = `every day ${fill('from at ')}`;
    const parsed = await parse(TODOIST_HEADER + todoistRow({ date }));
    expect(only(parsed)).toMatchObject({ dueDate: null, reminderTime: null, repeat: null });
    expect(parsed.problems).toEqual([
      {
        row: 2,
        message: `Date "${date.slice(0, 80)}…" not understood; imported without a due date`,
      },
    ]);
  });

  it.each([
    ['numbers', fill('1 ')],
    ['times', fill('at 9 ')],
    ['words', fill('tomorrow ')],
  ])('reads a Todoist date of %s as no date', async (_name, date) => {
    const parsed = await parse(TODOIST_HEADER + todoistRow({ date }));
    expect(only(parsed)?.dueDate).toBeNull();
    expect(parsed.problems[0]?.message).toMatch(/^Date ".{80}…" not understood/u);
  });

  it('keeps a short Todoist date with a time and a start as before', async () => {
    const parsed = await parse(
      TODOIST_HEADER + todoistRow({ date: 'every day at 7:30am starting Dec 1 2026' }),
    );
    expect(only(parsed)).toMatchObject({
      dueDate: '2026-12-01',
      reminderTime: '07:30',
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
  });

  it('shortens a Todoist title of labels and spaces, keeping its start', async () => {
    const content = `Pay rent ${fill(' @x')}`;
    const parsed = await parse(TODOIST_HEADER + todoistRow({ content, priority: fill('9') }));
    const item = only(parsed);
    expect(item?.title).toBe('Pay rent');
    expect(item?.tags).toEqual(['x']);
    expect(parsed.problems).toEqual([
      { row: 2, message: `Priority "${'9'.repeat(80)}…" unknown; imported as Low` },
    ]);
  });

  it('keeps a Todoist title of 100 KB as a title and a description of the limits', async () => {
    const content = fill('word ');
    const parsed = await parse(TODOIST_HEADER + todoistRow({ content }));
    const item = only(parsed);
    expect(item?.title).toHaveLength(200);
    expect(item?.description).toHaveLength(2000);
  });

  it('reads a Todoist comment whose author is 100 KB of brackets', async () => {
    const author = `${fill('(1')} Ada (40414141)`;
    const parsed = await parse(
      TODOIST_HEADER +
        todoistRow({ content: 'Water the plants' }) +
        todoistRow({ type: 'note', content: 'Use the rain water', author }),
    );
    // The comment, author first, fills the description to its limit.
    expect(only(parsed)?.description).toBe('(1'.repeat(1000));
  });

  it('reads TickTick dates, repeats, zones and tags of 100 KB as nothing', async () => {
    const parsed = await parse(
      TICKTICK_HEADER +
        tickTickRow({
          due: `2026-11-25T08:00:00${fill('+0000')}`,
          repeat: `RRULE:${fill('FREQ=DAILY;')}`,
          zone: fill('Europe/'),
          tags: fill('#a,'),
        }),
    );
    expect(only(parsed)).toMatchObject({
      dueDate: null,
      repeat: null,
      // The folder is a tag; the list is a list.
      tags: ['Personal', 'a'],
      listId: 'list home',
    });
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^Date "2026-11-25T08:00:00\+0000\+0000.*…" not understood/u),
      `Repeat "RRULE:${'FREQ=DAILY;'.repeat(6)}FREQ=DAI" cannot be imported; imported once`,
    ]);
  });

  it('reads an archive todo with 100 KB of title, description and tag ids', async () => {
    const tags = [
      { id: 't1', name: 'Deep work', color: '#8B5CF6', createdAt: '2026-01-02T08:00:00.000Z' },
    ];
    const todo = archivedTodo('a', {
      title: `Finish the chapter${fill(' \t')}`,
      description: fill('ab '),
      tagIds: Array.from({ length: 50_000 }, () => 't1'),
    });
    const parsed = await parse(archive([todo], tags), 'archive.json');
    expect(only(parsed)).toMatchObject({ title: 'Finish the chapter', tags: ['Deep work'] });
    expect(only(parsed)?.description).toHaveLength(2000);
  });

  it.each([
    [`every day ${fill('from at ')}`, { rule: 'FREQ=DAILY', from: 'due' }],
    [`every! 2 weeks ${fill(' at 9')}`, { rule: 'FREQ=WEEKLY;INTERVAL=2', from: 'completion' }],
    [`every mon${fill(', tue')}x`, null],
    [`every ${fill('a and ')}!`, null],
  ])('reads Todoist recurrence of 100 KB (%#)', async (text, expected) => {
    expect(await timed(() => todoistRepeat(text))).toEqual(expected);
  });

  it.each([
    [`RRULE:${fill('FREQ=DAILY;')}`, null],
    [`RRULE:FREQ=WEEKLY;BYDAY=${fill('MO,')}`, null],
    [fill('RRULE:'), null],
  ])('reads a TickTick rule of 100 KB (%#)', async (text, expected) => {
    expect(await timed(() => tickTickRepeat(text))).toEqual(expected);
  });
});

describe('large files', () => {
  const todoist = (rows: number) =>
    TODOIST_HEADER +
    Array.from({ length: rows }, (_, index) =>
      todoistRow({ content: `Task ${index}`, date: `Nov ${(index % 28) + 1} 2026 18:00` }),
    ).join('');
  const tickTick = (rows: number) =>
    TICKTICK_HEADER +
    Array.from({ length: rows }, (_, index) =>
      tickTickRow({ title: `Task ${index}`, due: '2026-11-25T08:00:00+0000' }),
    ).join('');
  const bigArchive = (rows: number) =>
    archive(Array.from({ length: rows }, (_, index) => archivedTodo(`todo-${index}`)));

  it.each([
    ['a Todoist export', () => todoist(3000), 3000],
    ['a TickTick backup', () => tickTick(3000), 3000],
    ['a Daywise archive', () => bigArchive(5000), 5000],
  ])('reads %s in slices, letting other work run meanwhile', async (_name, file, rows) => {
    const bytes = Buffer.from(file());
    const order: string[] = [];
    const parsing = parseImport(bytes, 'Inbox.csv', CONTEXT).then((parsed) => {
      order.push('parsed');
      return parsed;
    });
    // Queued behind whatever the parser does first: it runs before the parse ends only if the
    // parser gives the event loop a turn.
    void nextTurn().then(() => order.push('other work'));
    expect((await parsing).items).toHaveLength(rows);
    expect(order).toEqual(['other work', 'parsed']);
  });

  it('refuses a CSV with more rows than IMPORT_MAX_ROWS', async () => {
    // Blank rows of the header's width: the cheapest rows to read.
    const file = (rows: number) =>
      Buffer.from(`${TODOIST_HEADER}${todoistRow({})}${',,,,,,,,,\n'.repeat(rows - 1)}`);
    await expect(
      parseImport(file(IMPORT_MAX_ROWS + 1), 'Inbox.csv', CONTEXT),
    ).rejects.toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      message: MESSAGES.importTooManyRows(IMPORT_MAX_ROWS),
    });
    expect((await parseImport(file(IMPORT_MAX_ROWS), 'Inbox.csv', CONTEXT)).items).toHaveLength(1);
  });

  it('refuses an archive with more records than IMPORT_MAX_ROWS', async () => {
    const json = JSON.parse(bigArchive(1)) as { daysOff?: object[] };
    const range = {
      id: 'd',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      createdAt: '2026-11-01T08:00:00.000Z',
    };
    json.daysOff = Array.from({ length: IMPORT_MAX_ROWS }, () => range);
    await expect(
      parseImport(Buffer.from(JSON.stringify(json)), 'archive.json', CONTEXT),
    ).rejects.toMatchObject({ message: MESSAGES.importTooManyRows(IMPORT_MAX_ROWS) });
  });

  it('refuses JSON of half a million tiny values as a damaged archive', async () => {
    const text = `{"format":"daywise-archive","todos":[${'[[[[0]]]],'.repeat(100_000)}0]}`;
    await expect(parseImport(Buffer.from(text), 'archive.json', CONTEXT)).rejects.toMatchObject({
      message: MESSAGES.importBadArchive,
    });
    await expect(
      parseImport(Buffer.from(`${archive([])} trailing`), 'archive.json', CONTEXT),
    ).rejects.toMatchObject({ message: MESSAGES.importBadArchive });
  });
});

describe('chunks', () => {
  /** The text `make` makes with padding enough that the first emoji straddles two chunks. */
  const straddling = (make: (pad: string) => string) =>
    make('d'.repeat(16 * 1024 - 1 - make('').indexOf('😀')));

  it('never split a character in two, in a CSV or in JSON', async () => {
    const csv = straddling(
      (pad) =>
        TODOIST_HEADER +
        todoistRow({ content: 'Filler', description: pad }) +
        todoistRow({ content: '😀 party' }),
    );
    expect(csv.indexOf('😀')).toBe(16 * 1024 - 1);
    const fromCsv = await parseImport(Buffer.from(csv), 'Inbox.csv', CONTEXT);
    expect(fromCsv.items.map((item) => item.title)).toEqual(['Filler', '😀 party']);

    const json = straddling((pad) => {
      const file = JSON.parse(archive([archivedTodo('a', { title: '😀 party' })])) as Archive;
      file.profile.bio = pad;
      return JSON.stringify(file);
    });
    expect(json.indexOf('😀')).toBe(16 * 1024 - 1);
    const fromJson = await parseImport(Buffer.from(json), 'archive.json', CONTEXT);
    expect(fromJson.items.map((item) => item.title)).toEqual(['😀 party']);
  });
});

describe('NUL characters', () => {
  it('are taken out of every CSV cell and every archive string as they are read', async () => {
    const todoist = await parseImport(
      Buffer.from(
        TODOIST_HEADER +
          todoistRow({ type: 'section', content: 'Err\0ands' }) +
          todoistRow({ content: 'Buy\0 milk @sho\0pping', description: 'Two\0 litres' }),
      ),
      'Work [1].csv',
      CONTEXT,
    );
    expect(todoist.items[0]).toMatchObject({
      title: 'Buy milk',
      description: 'Two litres',
      tags: ['shopping'],
    });
    expect(todoist.places?.sections.map((section) => section.name)).toEqual(['Errands']);
    const tickTick = await parseImport(
      Buffer.from(TICKTICK_HEADER + tickTickRow({ title: 'Pay\0 rent', tags: 'bi\0lls' })),
      'backup.csv',
      CONTEXT,
    );
    expect(tickTick.items[0]).toMatchObject({
      title: 'Pay rent',
      tags: ['Personal', 'bills'],
    });
    const tags = [
      {
        id: 't1',
        name: 'Deep\u0000 work',
        color: '#8B5CF6',
        createdAt: '2026-01-02T08:00:00.000Z',
      },
    ];
    const daywise = await parseImport(
      Buffer.from(archive([archivedTodo('a', { title: 'Fin\u0000ish', tagIds: ['t1'] })], tags)),
      'archive.json',
      CONTEXT,
    );
    expect(daywise.items[0]).toMatchObject({ title: 'Finish', tags: ['Deep work'] });
    expect(JSON.stringify(daywise)).not.toContain('\\u0000');
  });

  it('in the first bytes of invalid UTF-8 still mark a binary file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(parseImport(png, 'photo.csv', CONTEXT)).rejects.toMatchObject({
      message: MESSAGES.importNotText,
    });
  });
});

describe('what a file says beyond title and date (issue 31)', () => {
  it('gives the tags a file names the tag picker’s colours in turn, one tag one colour', async () => {
    const todoist = await parse(
      TODOIST_HEADER +
        todoistRow({ type: 'section', content: 'Errands' }) +
        todoistRow({ content: 'Buy milk @shopping @Home' }) +
        todoistRow({ content: 'Fix the door @home @diy' }),
      'Work [2203306141].csv',
    );
    // The project and section are a list and a section, no longer tags (issue 32).
    expect(todoist.items.map((item) => item.tags)).toEqual([
      ['shopping', 'Home'],
      ['home', 'diy'],
    ]);
    expect([...todoist.tagColors]).toEqual([
      ['shopping', TAG_COLORS[0]],
      ['Home', TAG_COLORS[1]],
      // 'home' is the tag 'Home'.
      ['home', TAG_COLORS[1]],
      ['diy', TAG_COLORS[2]],
    ]);
    const labels = Array.from({ length: 12 }, (_, index) => `@l${index}`).join(' ');
    const tickTick = await parse(
      TICKTICK_HEADER +
        tickTickRow({ title: 'A', tags: 'bills,#monthly' }) +
        tickTickRow({ title: 'B', tags: labels.replaceAll('@', '').replaceAll(' ', ',') }),
    );
    expect([...tickTick.tagColors.values()].slice(0, 4)).toEqual(TAG_COLORS.slice(0, 4));
    // Round again after the last colour.
    expect(tickTick.tagColors.get('l7')).toBe(TAG_COLORS[0]);
  });

  it('adds a Todoist comment to its task’s description, shortened once if too long', async () => {
    const parsed = await parse(
      TODOIST_HEADER +
        todoistRow({ content: 'Plan the trip', description: 'Two weeks' }) +
        todoistRow({ type: 'note', content: 'Ask Grace about dates', author: 'Ada (40414141)' }) +
        todoistRow({ type: 'note', content: 'Budget 2000', author: 'Grace (50515151)' }) +
        todoistRow({ content: 'Write the diary' }) +
        todoistRow({ type: 'note', content: 'a'.repeat(1500) }) +
        todoistRow({ type: 'note', content: 'b'.repeat(1500) }) +
        todoistRow({ type: 'note', content: 'c' }),
    );
    expect(parsed.items[0]?.description).toBe(
      'Two weeks\n\nAda: Ask Grace about dates\n\nGrace: Budget 2000',
    );
    expect(parsed.items[1]?.description).toBe(`${'a'.repeat(1500)}\n\n${'b'.repeat(498)}`);
    expect(parsed.problems).toEqual([
      { row: 5, message: `Description shortened to ${TODO_LIMITS.descriptionMax} characters` },
    ]);
  });

  it('makes Todoist sub-tasks subtasks of the task above indented less, 3 levels at most', async () => {
    const parsed = await parse(
      TODOIST_HEADER +
        todoistRow({ content: 'Plan the trip @travel' }) +
        todoistRow({ content: 'Book flights', description: 'Cheapest', indent: '2' }) +
        todoistRow({ content: 'Pick seats', indent: '3' }) +
        todoistRow({ content: 'Window', indent: '4' }) +
        // Deeper than Todoist goes: under the deepest todo that may have subtasks.
        todoistRow({ content: 'Left side', indent: '5' }) +
        todoistRow({ content: 'Book the hotel', indent: '2' }) +
        todoistRow({ content: '', indent: '1' }) +
        // Under a task skipped: under the task above that one, here none.
        todoistRow({ content: 'Under nothing', indent: '2' }) +
        todoistRow({ content: 'Pack', indent: '1' }) +
        todoistRow({ type: 'section', content: 'Later' }) +
        todoistRow({ content: 'Orphan', indent: '2' }),
      'Holiday [2203306142].csv',
    );
    const titles = new Map(parsed.items.map((item) => [item.sourceKey, item.title]));
    expect(
      parsed.items.map(({ title, description, parentKey, listId, sectionId }) => [
        title,
        description,
        parentKey === null ? null : titles.get(parentKey),
        listId,
        sectionId,
      ]),
    ).toEqual([
      ['Plan the trip', '', null, 'list holiday', null],
      ['Book flights', 'Cheapest', 'Plan the trip', 'list holiday', null],
      ['Pick seats', '', 'Book flights', 'list holiday', null],
      ['Window', '', 'Pick seats', 'list holiday', null],
      ['Left side', '', 'Pick seats', 'list holiday', null],
      ['Book the hotel', '', 'Plan the trip', 'list holiday', null],
      ['Under nothing', '', null, 'list holiday', null],
      ['Pack', '', null, 'list holiday', null],
      // A section starts afresh: nothing above to be under.
      ['Orphan', '', null, 'list holiday', '["list holiday","later"]'],
    ]);
    expect(parsed.problems).toEqual([
      { row: 6, message: MESSAGES.importNestedHigher },
      { row: 8, message: 'Task without a name skipped' },
    ]);
    expect(parsed.places).toEqual({
      lists: [{ key: 'list holiday', name: 'Holiday' }],
      sections: [{ key: '["list holiday","later"]', listKey: 'list holiday', name: 'Later' }],
    });
    expect(parsed.mappings).toEqual(
      expect.arrayContaining([
        { from: 'Project "Holiday"', to: 'list "Holiday"' },
        { from: 'Todoist sub-tasks', to: 'subtasks, at most 3 levels deep' },
        { from: 'Section "Later"', to: 'section "Later"' },
      ]),
    );
    const inbox = await parse(TODOIST_HEADER + todoistRow({ content: 'Alone' }), 'Inbox.csv');
    expect(inbox.items[0]).toMatchObject({ listId: null, sectionId: null, parentKey: null });
    expect(inbox.mappings).toContainEqual({ from: 'Project "Inbox"', to: 'the Inbox' });
  });

  it.each([
    ['Nov 25 2026 9:00', '2026-11-25', '09:00', null],
    ['Nov 25 2026 18:30', '2026-11-25', '18:30', null],
    ['2026-11-25 09:00', '2026-11-25', '09:00', null],
    ['2026-11-25T09:00:00', '2026-11-25', '09:00', null],
    // An instant is shown in the row's zone: 9:00 UTC is 10:00 in Berlin.
    ['2026-11-25T09:00:00Z', '2026-11-25', '10:00', null],
    ['Nov 25 2026 at 9am', '2026-11-25', '09:00', null],
    ['25 Nov 2026 9pm', '2026-11-25', '21:00', null],
    ['tomorrow 18:00', '2026-11-22', '18:00', null],
    ['2026-11-25', '2026-11-25', null, null],
    ['every day 9:00', '2026-11-21', '09:00', 'FREQ=DAILY'],
    ['every monday 9am', '2026-11-21', '09:00', 'FREQ=WEEKLY;BYDAY=MO'],
    ['every day at 7:30am', '2026-11-21', '07:30', 'FREQ=DAILY'],
  ])('reads the Todoist date "%s" with its time as the reminder time', async (date, ...want) => {
    const [dueDate, reminderTime, rule] = want;
    const parsed = await parse(
      TODOIST_HEADER + todoistRow({ date, zone: 'Europe/Berlin', content: 'Call' }),
    );
    expect(only(parsed)).toMatchObject({ dueDate, reminderTime });
    expect(only(parsed)?.repeat?.rule ?? null).toBe(rule);
    expect(parsed.problems).toEqual([]);
  });

  it('makes TickTick sub-tasks and checklist items subtasks, parents first', async () => {
    const parsed = await parse(
      TICKTICK_HEADER +
        // A sub-task before its parent in the file.
        tickTickRow({ title: 'Pick seats', taskId: 't2', parentId: 't1' }) +
        tickTickRow({ title: 'Book flights', taskId: 't1', list: 'Travel' }) +
        tickTickRow({ title: 'Window', taskId: 't3', parentId: 't2' }) +
        tickTickRow({ title: 'Aisle', taskId: 't4', parentId: 't3' }) +
        tickTickRow({ title: 'Too deep', taskId: 't5', parentId: 't4' }) +
        tickTickRow({ title: 'Orphan', taskId: 't6', parentId: 'gone' }) +
        tickTickRow({ title: 'Ping', taskId: 't7', parentId: 't8' }) +
        tickTickRow({ title: 'Pong', taskId: 't8', parentId: 't7' }) +
        tickTickRow({
          title: 'Pack',
          taskId: 't9',
          list: 'inbox',
          kind: 'CHECKLIST',
          checklist: 'Y',
          content: 'For the trip\n\u25abPassport\n\u25aaTickets\n\u25ab ',
        }),
    );
    const titles = new Map(parsed.items.map((item) => [item.sourceKey, item.title]));
    expect(
      parsed.items.map(({ title, parentKey, completed }) => [
        title,
        parentKey === null ? null : titles.get(parentKey),
        completed,
      ]),
    ).toEqual([
      ['Book flights', null, false],
      ['Orphan', null, false],
      ['Ping', null, false],
      ['Pack', null, false],
      ['Pick seats', 'Book flights', false],
      ['Pong', 'Ping', false],
      ['Passport', 'Pack', false],
      ['Tickets', 'Pack', true],
      ['Window', 'Pick seats', false],
      ['Aisle', 'Window', false],
      ['Too deep', 'Window', false],
    ]);
    expect(parsed.items.find((item) => item.title === 'Pack')).toMatchObject({
      description: 'For the trip',
      listId: null,
    });
    expect(parsed.items.find((item) => item.title === 'Book flights')?.listId).toBe('list travel');
    expect(parsed.problems).toEqual([
      { row: 8, message: MESSAGES.importNestedHigher },
      { row: 9, message: MESSAGES.importNoParent },
      { row: 10, message: MESSAGES.importParentLoop },
    ]);
  });

  it.each([
    ['TRIGGER:PT0S', 'false', '09:30', [{ before: 0 }], []],
    ['TRIGGER:-PT15M', 'false', '09:30', [{ before: 15 }], []],
    // A timed task keeps all its reminders (up to 5).
    ['TRIGGER:-PT1H,TRIGGER:PT0S', 'false', '09:30', [{ before: 60 }, { before: 0 }], []],
    ['TRIGGER:-P1D', 'false', '09:30', [{ before: 1440 }], []],
    // After the due time: at its instant.
    ['TRIGGER:PT30M', 'false', '09:30', [{ at: '2026-11-24T09:00:00.000Z' }], []],
    [
      'TRIGGER:-PT5M,TRIGGER:-PT10M,TRIGGER:-PT15M,TRIGGER:-PT20M,TRIGGER:-PT25M,TRIGGER:-PT30M',
      'false',
      '09:30',
      [{ before: 5 }, { before: 10 }, { before: 15 }, { before: 20 }, { before: 25 }],
      ['Only the first 5 of its 6 reminders kept'],
    ],
    ['', 'false', '09:30', [{ before: 0 }], []],
    [
      'soon',
      'false',
      '09:30',
      [{ before: 0 }],
      ['Reminder "soon" not understood; reminds at the due time (09:30)'],
    ],
    [
      'soon,TRIGGER:-PT15M',
      'false',
      '09:30',
      [{ before: 15 }],
      ['Reminder "soon" not understood; left out'],
    ],
    // An all-day task's reminders count from the start of its day: the first one is its time.
    ['TRIGGER:P0DT9H0M0S', 'true', '09:00', [{ before: 0 }], []],
    [
      'TRIGGER:P0DT9H0M0S,TRIGGER:P0DT10H0M0S',
      'true',
      '09:00',
      [{ before: 0 }],
      ['Only the first of its 2 reminders kept'],
    ],
    [
      'TRIGGER:-P0DT15H0M0S',
      'true',
      null,
      [],
      ['Reminder "TRIGGER:-P0DT15H0M0S" is not on the due date; imported without a reminder time'],
    ],
    ['', 'true', null, [], []],
  ])(
    'reads the TickTick reminder "%s" (all day: %s)',
    async (reminder, allDay, dueTime, reminders, said) => {
      // 9:30 in Berlin; an all-day task's day starts at its midnight there.
      const due = allDay === 'true' ? '2026-11-23T23:00:00+0000' : '2026-11-24T08:30:00+0000';
      const parsed = await parse(TICKTICK_HEADER + tickTickRow({ due, reminder, allDay }));
      expect(only(parsed)).toMatchObject({ dueDate: '2026-11-24', dueTime, reminders });
      expect(parsed.problems.map((problem) => problem.message)).toEqual(said);
    },
  );

  it.each([
    ['TRIGGER:PT0S', 0],
    ['-PT15M', -15],
    ['TRIGGER:-P1D', -1440],
    ['TRIGGER:P0DT9H0M0S', 540],
    ['TRIGGER:-P1W', -10080],
    ['TRIGGER:-P', null],
    ['PT', null],
    ['TRIGGER:-PT15X', null],
    [`TRIGGER:-PT${'1'.repeat(100)}M`, null],
  ])('reads the TickTick reminder offset %s', (text, minutes) => {
    expect(reminderOffset(text)).toBe(minutes);
  });
});
