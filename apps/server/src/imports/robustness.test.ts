import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MESSAGES } from '@daywise/shared';
import type { Archive, Settings, Todo } from '@daywise/shared/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';
import { createImport, IMPORT_STALE_MS } from './imports';
import { parseImport } from './parse';

/**
 * Issue 29's findings against imports (ADR 0022), as an API client meets them: a hostile or large
 * file neither freezes the server nor earns a 5xx; a token cannot change through an archive what
 * it may not change directly; NUL characters never reach the database; one import at a time.
 */

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/imports');
const TODOIST_HEADER =
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n';

interface ImportStatusJson {
  id: string;
  status: string;
  fileName: string;
  total: number;
  created: number;
  restored: string[];
  problems: { row: number; message: string }[];
}

/** Who sends a request: the browser's session cookie, or an API token as a script sends it. */
type Caller = { cookie: string } | { token: string };

/** A Todoist export of `rows` tasks, dated unless told. */
function todoistExport(rows: number, dated = true): Buffer {
  const lines = Array.from(
    { length: rows },
    (_, index) =>
      `task,Task ${index},,1,1,,,${dated ? `Nov ${(index % 28) + 1} 2026 18:00` : ''},en,\n`,
  );
  return Buffer.from(TODOIST_HEADER + lines.join(''));
}

const fixtureArchive = () =>
  JSON.parse(readFileSync(join(FIXTURES, 'daywise-archive.json'), 'utf8')) as Archive;

describe.each(ENGINES)('import robustness on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  /** An import as another instance left it running, heard from now; returns that instant. */
  const insertRunningImport = async (id: string): Promise<string> => {
    const now = app.clock.now().toISOString();
    const { id: userId } = await app.ctx.database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    await app.ctx.database.db
      .insertInto('imports')
      .values({
        id,
        user_id: userId,
        format: 'todoist',
        file_name: 'Inbox.csv',
        status: 'running',
        total: 10,
        processed: 2,
        created_count: 2,
        existing_count: 0,
        tags_created: 0,
        problems: '[]',
        restored: '[]',
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
    return now;
  };

  const headersOf = (caller: Caller) =>
    'token' in caller
      ? { authorization: `Bearer ${caller.token}` }
      : { ...SAME_ORIGIN, cookie: caller.cookie };
  const session = (): Caller => ({ cookie: app.cookie });
  const upload = (url: string, filename: string, data: Buffer, caller = session()) => {
    const body = multipartFile('file', filename, 'text/csv', data);
    return app.ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headersOf(caller) },
    });
  };
  const health = () => app.ctx.app.inject({ method: 'GET', url: '/api/health' });
  const statusOf = async (id: string) =>
    (await app.api.get(`/api/imports/${id}`, app.cookie)).json<ImportStatusJson>();
  /** Waits for the import to end, as the page polls it. */
  const finished = async (id: string): Promise<ImportStatusJson> => {
    for (;;) {
      const status = await statusOf(id);
      if (status.status !== 'running') {
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const importFile = async (filename: string, data: Buffer, caller = session()) => {
    const started = await upload('/api/imports', filename, data, caller);
    expect(started.statusCode, started.body).toBe(202);
    return finished(started.json<{ id: string }>().id);
  };
  const createToken = async () => {
    const response = await sendAs(app.ctx, app.cookie, 'POST', '/api/tokens', {
      name: 'Script',
      scope: 'read-write',
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ secret: string }>().secret;
  };
  /**
   * Health checks sent one after another, each when the last is answered, until `request` is
   * answered: how many were answered first. A request that held the event loop would let one in
   * at most, before it started.
   */
  const healthChecksDuring = async (request: Promise<LightMyRequestResponse>) => {
    let done = false;
    void request.finally(() => (done = true));
    let answered = 0;
    while (!done) {
      const answer = await health();
      expect(answer.statusCode).toBe(200);
      answered += done ? 0 : 1;
    }
    return answered;
  };

  it('answers the file that froze the server at once, with a date it does not understand', async () => {
    const date = `every day ${'from at '.repeat(24_000)}`;
    const file = Buffer.from(`${TODOIST_HEADER}task,Attack,,1,1,,,${date},en,\n`);
    expect(file.length).toBeGreaterThan(192_000);
    for (const caller of [session(), { token: await createToken() }]) {
      const preview = await upload('/api/imports/preview', 'Inbox.csv', file, caller);
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        total: 1,
        toCreate: 1,
        withDueDate: 0,
        problems: [
          {
            row: 2,
            message: `Date "${date.slice(0, 80)}…" not understood; imported without a due date`,
          },
        ],
      });
    }
  });

  it('answers health checks while it reads a large file, and while it imports one', async () => {
    // 20,000 dated rows, then a quote that never closes: all of it is read before the file is
    // refused, and nothing else is done, so the checks can only be answered while it is read.
    const broken = Buffer.concat([todoistExport(20_000), Buffer.from('task,"never closed,1\n')]);
    for (const url of ['/api/imports/preview', '/api/imports']) {
      const reading = upload(url, 'Inbox.csv', broken);
      expect(await healthChecksDuring(reading)).toBeGreaterThanOrEqual(5);
      const refused = await reading;
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { fields: { file: MESSAGES.importBadCsv } } });
    }

    const started = await upload('/api/imports', 'Inbox.csv', todoistExport(3000));
    expect(started.statusCode).toBe(202);
    const { id } = started.json<{ id: string }>();
    // The import writes in the background; a health check is answered before it is done.
    expect((await health()).statusCode).toBe(200);
    expect((await statusOf(id)).status).toBe('running');
    expect(await finished(id)).toMatchObject({ status: 'done', total: 3000, created: 3000 });
    // Reading 20,000 rows twice and importing 3,000 takes 6 s on a quiet machine and over 40 s
    // on two loaded cores: the budget is against a hang, not a measure of speed.
  }, 120_000);

  it('runs one import at a time: every start while one runs gets 409, the next once it is done', async () => {
    // An import running elsewhere (another instance), as the database holds it.
    const now = await insertRunningImport('running-import');
    const file = todoistExport(30, false);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => upload('/api/imports', 'Inbox.csv', file)),
    );
    for (const refused of answers) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'IMPORT_RUNNING', message: MESSAGES.importRunning },
      });
    }
    await app.ctx.database.db
      .updateTable('imports')
      .set({ status: 'done', finished_at: now })
      .where('id', '=', 'running-import')
      .execute();
    expect(await importFile('Inbox.csv', file)).toMatchObject({ status: 'done', created: 30 });
  });

  it('lets the database decide between starts that race, whatever the timing', async () => {
    const { id: userId } = await app.ctx.database.db
      .selectFrom('users')
      .select('id')
      .executeTakeFirstOrThrow();
    const now = app.clock.now();
    const parsed = await parseImport(todoistExport(3, false), 'Inbox.csv', {
      timeZone: 'UTC',
      now,
    });
    const starts = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        createImport(app.ctx.database.db, userId, parsed, 'Inbox.csv', now),
      ),
    );
    expect(starts.filter((start) => start.status === 'fulfilled')).toHaveLength(1);
    for (const start of starts.filter((each) => each.status === 'rejected')) {
      expect(start.reason).toMatchObject({ code: 'IMPORT_RUNNING' });
    }
  });

  it('lets an import that stopped with its server block the next one only until it is stale', async () => {
    await insertRunningImport('stopped-import');
    const file = readFileSync(join(FIXTURES, 'Work [2203306141].csv'));
    expect((await upload('/api/imports', 'Work.csv', file)).statusCode).toBe(409);

    app.clock.advance(IMPORT_STALE_MS + 1000);
    expect((await importFile('Work.csv', file)).status).toBe('done');
    expect(await statusOf('stopped-import')).toMatchObject({
      status: 'failed',
      problems: [{ row: 0, message: MESSAGES.importFailed }],
    });
  });

  it('restores no setting when a token imports an archive, and says so; a browser restores them', async () => {
    const settings = async () => (await app.api.get('/api/settings', app.cookie)).json<Settings>();
    const before = await settings();
    expect(before.privacy.profileVisibility).toBe('private');
    const archive = fixtureArchive();
    archive.settings = {
      notifications: { email: false, reminders: false, review: true },
      privacy: { profileVisibility: 'public', activityTracking: false },
      // A day that starts after the saved one ends (20:00): its end is restored first.
      preferences: {
        theme: 'dark',
        timezone: 'Pacific/Auckland',
        weekStart: 'monday',
        dayStart: '21:00',
        dayEnd: '23:30',
      },
      focus: { focusMinutes: 50, shortBreakMinutes: 10, longBreakMinutes: 20, longBreakEvery: 2 },
    };
    archive.profile.name = 'Ada Lovelace';
    const file = Buffer.from(JSON.stringify(archive));
    const refusal =
      'Settings not restored: an API token cannot change settings. Import the file in Daywise in a browser to restore them.';
    const token = { token: await createToken() };

    const preview = await upload('/api/imports/preview', 'archive.json', file, token);
    expect(preview.json<{ restores: string[] }>().restores).toEqual([
      'Your profile: name, bio, location, website',
      refusal,
    ]);
    const byToken = await importFile('archive.json', file, token);
    expect(byToken).toMatchObject({
      status: 'done',
      created: 2,
      restored: ['Profile restored'],
      problems: [{ row: 0, message: refusal }],
    });
    expect(await settings()).toEqual(before);
    // What a token may change directly, it may restore: the profile.
    const profile = await app.api.get('/api/profile', app.cookie);
    expect(profile.json()).toMatchObject({ name: 'Ada Lovelace' });

    const byBrowser = await importFile('archive.json', file);
    expect(byBrowser).toMatchObject({
      status: 'done',
      restored: ['Profile restored', 'Settings restored'],
      problems: [],
    });
    expect(await settings()).toEqual(archive.settings);
  });

  it('takes NUL characters out of an archive as it reads it, so all of it imports', async () => {
    const archive = fixtureArchive();
    const [tag] = archive.tags;
    const [chapter, invoice] = archive.todos;
    if (!tag || !chapter || !invoice) {
      throw new Error('The fixture archive has a tag and two todos');
    }
    tag.name = 'Deep\u0000 work';
    chapter.title = 'Finish\u0000 the chapter';
    chapter.description = 'Chapter\u0000 3';
    invoice.title = '\u0000Send the invoice\u0000';
    archive.profile.name = 'Ada\u0000 Lovelace';
    const task = {
      id: 'task-1',
      position: 0,
      title: 'Mar\u0000ket',
      description: 'Fresh\u0000 bread',
      priority: 'low' as const,
      tag: 'Deep\u0000 work',
      tagColor: '#8B5CF6',
      reminderTime: null,
      completed: false,
      completedAt: null,
      completedDate: null,
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-20T08:00:00.000Z',
    };
    archive.plans = [
      {
        id: 'plan-1',
        planDate: '2026-11-21',
        title: 'Satur\u0000day',
        description: 'Slow\u0000 day',
        createdAt: '2026-11-20T08:00:00.000Z',
        updatedAt: '2026-11-20T08:00:00.000Z',
        tasks: [task],
      },
    ];
    archive.chats = [
      {
        id: 'chat-1',
        shared: true,
        with: { name: 'Grace\u0000' },
        createdAt: '2026-11-20T08:00:00.000Z',
        messages: [
          {
            id: 'message-1',
            fromMe: true,
            content: 'Hel\u0000lo',
            messageType: 'text',
            isRead: true,
            isEdited: false,
            editedAt: null,
            createdAt: '2026-11-20T08:00:00.000Z',
          },
        ],
      },
    ];
    const file = Buffer.from(JSON.stringify(archive));
    expect(file.toString()).toContain('\\u0000');

    const result = await importFile('archive.json', file);
    expect(result).toMatchObject({ status: 'done', created: 2, problems: [] });
    const todos = (await app.api.get('/api/todos?limit=100', app.cookie)).json<{
      items: Todo[];
    }>().items;
    expect(
      todos.map(({ title, description, tags }) => ({
        title,
        description,
        tags: tags.map((each) => each.name),
      })),
    ).toEqual(
      expect.arrayContaining([
        { title: 'Finish the chapter', description: 'Chapter 3', tags: ['Deep work'] },
        { title: 'Send the invoice', description: '', tags: [] },
      ]),
    );
    const plan = await app.api.get('/api/plans/by-date/2026-11-21', app.cookie);
    expect(plan.json()).toMatchObject({
      plan: {
        title: 'Saturday',
        description: 'Slow day',
        tasks: [{ title: 'Market', description: 'Fresh bread', tag: 'Deep work' }],
      },
    });
    const profile = await app.api.get('/api/profile', app.cookie);
    expect(profile.json()).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('takes NUL characters out of every CSV cell and the file name, so all of it imports', async () => {
    const todoist = Buffer.from(
      `${TODOIST_HEADER}section,Err\0ands,,,,,,,,\n` +
        'task,Buy\0 milk @sho\0pping,Two\0 litres,4,1,,,2026-11-25,en,\n' +
        'note,From the\0 corner shop,,,,Ada\0 (40414141),,,,\n',
    );
    const fromTodoist = await importFile('Wo\0rk [1].csv', todoist);
    expect(fromTodoist).toMatchObject({
      status: 'done',
      fileName: 'Work [1].csv',
      created: 1,
      problems: [],
    });
    const tickTick = Buffer.from(
      readFileSync(join(FIXTURES, 'ticktick-backup.csv'), 'utf8')
        .replace('"Pay rent"', '"Pay\0 rent"')
        .replace('"bills,monthly"', '"bi\0lls,monthly"')
        .replace('"Transfer to the landlord"', '"Transfer to\0 the landlord"'),
    );
    expect((await importFile('TickTick.csv', tickTick)).status).toBe('done');

    const todos = new Map(
      (await app.api.get('/api/todos?limit=100', app.cookie))
        .json<{ items: Todo[] }>()
        .items.map((todo) => [todo.title, todo]),
    );
    expect(todos.get('Buy milk')).toMatchObject({
      description: 'Two litres\n\nAda: From the corner shop',
      dueDate: '2026-11-25',
    });
    expect(
      todos
        .get('Buy milk')
        ?.tags.map((each) => each.name)
        .sort(),
    ).toEqual(['shopping']);
    // The project and section are a list and a section, their names without NUL too.
    const lists = (await app.api.get('/api/lists', app.cookie)).json<{
      lists: { id: string; name: string }[];
    }>().lists;
    expect(lists.map((list) => list.name)).toEqual(['Work', 'Home', 'Projects']);
    const { sections } = (await app.api.get('/api/sections', app.cookie)).json<{
      sections: { id: string; name: string }[];
    }>();
    expect(sections.map((section) => section.name)).toEqual(['Errands']);
    expect(todos.get('Buy milk')).toMatchObject({
      listId: lists[0]?.id,
      sectionId: sections[0]?.id,
    });
    expect(todos.get('Pay rent')).toMatchObject({ description: 'Transfer to the landlord' });
    expect(
      todos
        .get('Pay rent')
        ?.tags.map((each) => each.name)
        .sort(),
    ).toEqual(['Personal', 'bills', 'monthly']);
    for (const title of todos.keys()) {
      expect(title).not.toContain('\0');
    }
  });
});
