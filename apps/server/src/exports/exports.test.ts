import type { AddressInfo } from 'node:net';

import { EXPORT_ITEMS_HEADER } from '@daywise/shared';
import { type Archive, archiveSchema } from '@daywise/shared/schemas';
import { parse } from 'csv-parse/sync';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../../test/helpers';
import { readPdf } from '../../test/pdf';
import { socialClient, type TestUser } from '../../test/social-client';
import { newId } from '../lib/ids';
import { archiveChunks } from './archive';
import { EXPORT_PAGE_SIZE } from './pages';

/** Texts a spreadsheet or a careless writer would mangle. */
const TRICKY = [
  'Milk, eggs, bread',
  'She said "hi"',
  'Line one\nline two\r\nline three',
  'Café · 日本語 · Ünïcödé · 🎉',
  '=HYPERLINK("http://evil.example","click")',
  '+1 555 0100',
  '-2 degrees',
  '@SUM(A1:A3)',
  '\tTabbed',
  '\rReturn first',
  'plain',
];
const FORMULA_START = /^[=+\-@\t\r]/;
/** A title of many scripts, near the title's length limit: the dearest text to lay out. */
const LONG_TITLE = 'Привет мир · Ωμέγα ελληνικά · ქართული · Հայերեն · Ünïcödé ☕ '
  .repeat(3)
  .slice(0, 180);

interface SeedTodo {
  title: string;
  description?: string;
  completed?: boolean;
  completedDate?: string;
  dueDate?: string | null;
  createdAt?: string;
}

/** Todos written straight to the database, a thousand a statement: fast for 10,000. */
async function insertTodos(ctx: TestApp, userId: string, todos: SeedTodo[]): Promise<void> {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const rows = todos.map((todo, index) => {
    const createdAt = todo.createdAt ?? new Date(base + index * 1000).toISOString();
    return {
      id: newId(),
      user_id: userId,
      title: todo.title,
      description: todo.description ?? '',
      priority: 'medium' as const,
      due_date: todo.dueDate ?? null,
      reminder_time: null,
      completed: todo.completed ?? false,
      completed_at: todo.completed ? `${todo.completedDate}T12:00:00.000Z` : null,
      completed_date: todo.completed ? (todo.completedDate ?? null) : null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  for (let start = 0; start < rows.length; start += 1000) {
    await ctx.database.db
      .insertInto('todos')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
}

/** A plan a day from `first` for `days` days, each with `tasks` tasks, the first one done. */
async function insertPlans(
  ctx: TestApp,
  userId: string,
  first: string,
  days: number,
  tasks = 3,
): Promise<void> {
  const plans = [];
  const taskRows = [];
  const completions = [];
  const start = Date.parse(`${first}T00:00:00Z`);
  for (let day = 0; day < days; day += 1) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const stamp = `${date}T08:00:00.000Z`;
    const planId = newId();
    plans.push({
      id: planId,
      user_id: userId,
      plan_date: date,
      title: `Plan of ${date}`,
      created_at: stamp,
      updated_at: stamp,
    });
    for (let position = 0; position < tasks; position += 1) {
      const done = position === 0;
      taskRows.push({
        id: newId(),
        plan_id: planId,
        user_id: userId,
        position,
        title: `Habit ${position + 1}`,
        tag: 'Health',
        tag_color: '#10B981',
        reminder_time: null,
        completed: done,
        completed_at: done ? stamp : null,
        completed_date: done ? date : null,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    const percentage = Math.round(100 / tasks);
    completions.push({
      id: newId(),
      user_id: userId,
      plan_id: planId,
      date,
      total_tasks: tasks,
      completed_tasks: 1,
      completion_percentage: percentage,
      tag_stats: JSON.stringify([
        { tag: 'Health', color: '#10B981', total: tasks, completed: 1, percentage },
      ]),
      created_at: stamp,
      updated_at: stamp,
    });
  }
  const db = ctx.database.db;
  for (let index = 0; index < plans.length; index += 500) {
    await db
      .insertInto('daily_plans')
      .values(plans.slice(index, index + 500))
      .execute();
    await db
      .insertInto('daily_completions')
      .values(completions.slice(index, index + 500))
      .execute();
  }
  for (let index = 0; index < taskRows.length; index += 1000) {
    await db
      .insertInto('daily_tasks')
      .values(taskRows.slice(index, index + 1000))
      .execute();
  }
}

/** The lines of a CSV answer, parsed by csv-parse as a spreadsheet would read them. */
function parseCsv(body: Buffer): string[][] {
  const rows: string[][] = parse(body, { bom: true, relax_column_count: false });
  return rows;
}

describe.each(ENGINES)('exports on %s', (engine) => {
  let ctx: TestApp;
  let social: ReturnType<typeof socialClient>;
  let ada: TestUser;
  let bob: TestUser;
  const clock = testClock(new Date('2026-11-21T09:00:00.000Z'));

  beforeEach(async () => {
    ctx = await createTestApp(engine, { now: clock.now });
    social = socialClient(ctx);
    ada = await social.signUp('ada@example.com', 'Ada Lovelace');
    bob = await social.signUp('bob@example.com', 'Bob Builder');
  });
  afterEach(() => ctx.close());

  const download = (user: TestUser | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

  const ok = async (call: ReturnType<typeof social.call>, status = 200) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ id: string }>();
  };

  it('answers 401 to every export without a session, and 400 to a bad report range', async () => {
    for (const url of [
      '/api/exports/archive',
      '/api/exports/todos',
      '/api/exports/plan-tasks',
      '/api/exports/report',
    ]) {
      const response = await download(null, url);
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('UNAUTHENTICATED');
    }
    for (const query of [
      'from=2026-11-10&to=2026-11-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-11-01',
      'from=2024-01-01&to=2026-01-01',
      'from=yesterday&to=today',
    ]) {
      const response = await download(ada, `/api/exports/report?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('writes a JSON archive with every section of the user, valid against the schema, and nothing of anyone else', async () => {
    // Ada's own data through the API.
    await ok(
      social.call(ada, 'PATCH', '/api/profile', {
        name: 'Ada Lovelace',
        bio: 'Counts things',
        location: 'London',
        website: 'ada.example',
      }),
    );
    const tag = await ok(
      social.call(ada, 'POST', '/api/tags', { name: 'Deep work', color: '#8B5CF6' }),
      201,
    );
    const list = await ok(
      social.call(ada, 'POST', '/api/lists', { name: 'Writing', color: '#10B981' }),
      201,
    );
    await ok(social.call(ada, 'PATCH', `/api/lists/${list.id}`, { archived: true }));
    const filter = await ok(
      social.call(ada, 'POST', '/api/filters', {
        name: 'Writing today',
        color: '#8B5CF6',
        query: '#Writing & (today | overdue)',
      }),
      201,
    );
    const section = await ok(
      social.call(ada, 'POST', '/api/sections', { listId: list.id, name: 'Drafts' }),
      201,
    );
    const todo = await ok(
      social.call(ada, 'POST', '/api/todos', {
        listId: list.id,
        sectionId: section.id,
        title: 'Write the "Notes", part 2',
        description: 'Café ☕\nsecond line',
        priority: 'high',
        dueDate: '2026-11-25',
        reminderTime: '09:30',
      }),
      201,
    );
    await ok(social.call(ada, 'PATCH', `/api/todos/${todo.id}`, { completed: true }));
    // A repeating todo with a tag, done once, and a week off: their history goes along.
    const habit = await ok(
      social.call(ada, 'POST', '/api/todos', {
        title: 'Water plants',
        dueDate: '2026-11-21',
        repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
        tagIds: [tag.id],
      }),
      201,
    );
    await ok(social.call(ada, 'PATCH', `/api/todos/${habit.id}`, { completed: true }));
    await ok(
      social.call(ada, 'POST', '/api/days-off', { startDate: '2026-12-20', endDate: '2026-12-27' }),
      201,
    );
    const plan = await ok(
      social.call(ada, 'POST', '/api/plans', {
        title: 'Saturday',
        planDate: '2026-11-21',
        tasks: [
          { title: 'Read', tag: 'Deep work', reminderTime: '08:00' },
          { title: 'Walk', priority: 'low' },
        ],
      }),
      201,
    );
    const planRead = (await social.call(ada, 'GET', '/api/plans/today')).json<{
      plan: { tasks: { id: string }[] };
    }>();
    await ok(
      social.call(ada, 'PATCH', `/api/plans/${plan.id}/tasks/${planRead.plan.tasks[0]!.id}`, {
        completed: true,
      }),
    );
    // Shared with Bob: a plan, a task he adds, and a chat both ways.
    await social.befriend(ada, bob);
    const shared = await ok(
      social.call(ada, 'POST', '/api/shared-plans', {
        title: 'Trip',
        date: '2026-12-01',
        friendId: bob.id,
      }),
      201,
    );
    await ok(
      social.call(bob, 'POST', `/api/shared-plans/${shared.id}/tasks`, { title: 'Tickets' }),
      201,
    );
    const chat = await ok(social.call(ada, 'POST', '/api/chats', { friendId: bob.id }), 201);
    await ok(
      social.call(ada, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello Bob' }),
      201,
    );
    await ok(
      social.call(bob, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hi Ada' }),
      201,
    );
    // Bob's own things must stay out of Ada's archive.
    await ok(social.call(bob, 'POST', '/api/todos', { title: 'Bob private todo' }), 201);
    await ok(
      social.call(bob, 'POST', '/api/plans', { title: 'Bob plan', tasks: [{ title: 'Bob task' }] }),
      201,
    );

    const response = await download(ada, '/api/exports/archive');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="daywise-archive-2026-11-21.json"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const archive: Archive = archiveSchema.parse(JSON.parse(response.body));
    // One item a line: the page counts line breaks against the header.
    const items = Number(response.headers[EXPORT_ITEMS_HEADER.toLowerCase()]);
    expect(items).toBe(1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1 + 2 + 1);
    expect(response.body.split('\n').length - 1).toBe(items + 1);

    expect(archive.todos.find((item) => item.id === habit.id)).toMatchObject({
      dueDate: '2026-11-24',
      tagIds: [tag.id],
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
      repeatStart: '2026-11-21',
      occurrences: [{ date: '2026-11-21', outcome: 'done', completedOn: '2026-11-21' }],
    });
    expect(archive.daysOff).toMatchObject([{ startDate: '2026-12-20', endDate: '2026-12-27' }]);
    expect(archive).toMatchObject({
      format: 'daywise-archive',
      schemaVersion: 1,
      exportedAt: '2026-11-21T09:00:00.000Z',
      profile: {
        id: ada.id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        emailVerified: true,
        bio: 'Counts things',
        location: 'London',
        website: 'https://ada.example',
        picture: null,
      },
      settings: { privacy: { profileVisibility: 'public' }, preferences: { theme: 'system' } },
      tags: [{ id: tag.id, name: 'Deep work', color: '#8B5CF6' }],
      lists: [
        {
          id: list.id,
          name: 'Writing',
          color: '#10B981',
          position: 0,
          archived: true,
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      savedFilters: [
        {
          id: filter.id,
          name: 'Writing today',
          color: '#8B5CF6',
          query: '#Writing & (today | overdue)',
          position: 0,
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      sections: [
        {
          id: section.id,
          listId: list.id,
          name: 'Drafts',
          position: 0,
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
    });
    expect(archive.todos.filter((item) => item.id === todo.id)).toEqual([
      {
        id: todo.id,
        title: 'Write the "Notes", part 2',
        description: 'Café ☕\nsecond line',
        priority: 'high',
        dueDate: '2026-11-25',
        reminderTime: '09:30',
        // A reminder time with a due date is that due time, with a reminder at it (ADR 0030).
        dueTime: '09:30',
        reminders: [{ before: 0 }],
        completed: true,
        completedAt: '2026-11-21T09:00:00.000Z',
        completedDate: '2026-11-21',
        createdAt: '2026-11-21T09:00:00.000Z',
        updatedAt: '2026-11-21T09:00:00.000Z',
        listId: list.id,
        sectionId: section.id,
        parentId: null,
        order: 0,
        completedWith: null,
        blockDate: null,
        blockStart: null,
        blockMinutes: null,
        estimateMinutes: null,
        focusMinutes: 0,
        tagIds: [],
        repeat: null,
        repeatExcluded: [],
        repeatStart: null,
        occurrences: [],
      },
    ]);
    expect(archive.todos).toHaveLength(2);
    expect(archive.plans).toHaveLength(1);
    expect(archive.plans[0]).toMatchObject({
      id: plan.id,
      planDate: '2026-11-21',
      title: 'Saturday',
    });
    expect(
      archive.plans[0]!.tasks.map((task) => [task.position, task.title, task.tag, task.completed]),
    ).toEqual([
      [0, 'Read', 'Deep work', true],
      [1, 'Walk', null, false],
    ]);
    expect(archive.completions).toMatchObject([
      {
        planId: plan.id,
        date: '2026-11-21',
        totalTasks: 2,
        completedTasks: 1,
        completionPercentage: 50,
      },
    ]);
    expect(archive.sharedPlans).toMatchObject([
      {
        id: shared.id,
        shared: true,
        role: 'creator',
        with: { name: 'Bob Builder' },
        title: 'Trip',
        date: '2026-12-01',
        tasks: [{ title: 'Tickets', createdByMe: false, completed: false, completedByMe: null }],
      },
    ]);
    expect(archive.chats).toMatchObject([
      {
        id: chat.id,
        shared: true,
        with: { name: 'Bob Builder' },
        messages: [
          { content: 'Hello Bob', fromMe: true },
          { content: 'Hi Ada', fromMe: false },
        ],
      },
    ]);
    // Nothing of Bob's own, and never his email or id.
    expect(response.body).not.toContain('bob@example.com');
    expect(response.body).not.toContain(bob.id);
    expect(response.body).not.toContain('Bob private todo');
    expect(response.body).not.toContain('Bob plan');

    // Bob's archive marks the same plan as received.
    const bobs = archiveSchema.parse((await download(bob, '/api/exports/archive')).json());
    expect(bobs.sharedPlans).toMatchObject([
      { id: shared.id, role: 'recipient', with: { name: 'Ada Lovelace' } },
    ]);
    expect(bobs.todos.map((item) => item.title)).toEqual(['Bob private todo']);
  });

  it('writes todos as CSV that a CSV parser reads back exactly, formulas neutralised', async () => {
    await insertTodos(
      ctx,
      ada.id,
      TRICKY.map((text, index) => ({
        title: text,
        description: TRICKY[(index + 1) % TRICKY.length]!,
        dueDate: index % 2 ? '2026-12-24' : null,
      })),
    );
    await insertTodos(ctx, bob.id, [{ title: 'Bob private todo' }]);
    const response = await download(ada, '/api/exports/todos');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="daywise-todos-2026-11-21.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers[EXPORT_ITEMS_HEADER.toLowerCase()]).toBe(String(TRICKY.length));
    // UTF-8 with a byte-order mark, CRLF after each row.
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(response.rawPayload);
    expect(header).toEqual([
      'ID',
      'Title',
      'Description',
      'Priority',
      'Due date',
      'Reminder time',
      'Completed',
      'Completed at',
      'Created at',
      'Updated at',
      'Due time',
      'Estimate (minutes)',
      'Focus minutes',
      'Repeat',
      'Tags',
    ]);
    const expected = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
    const at = (name: string) => header!.indexOf(name);
    expect(
      rows.map((row) => [
        row[at('Title')],
        row[at('Description')],
        row[at('Due date')],
        row[at('Tags')],
        row[at('Completed')],
      ]),
    ).toEqual(
      TRICKY.map((text, index) => [
        expected(text),
        expected(TRICKY[(index + 1) % TRICKY.length]!),
        index % 2 ? '2026-12-24' : '',
        '',
        'no',
      ]),
    );
    expect(response.body).not.toContain('Bob private todo');
  });

  it('names each todo’s tags in the todos CSV, in name order, formulas neutralised', async () => {
    const tagIds: string[] = [];
    for (const name of ['Work', '=cmd', 'home']) {
      tagIds.push((await ok(social.call(ada, 'POST', '/api/tags', { name }), 201)).id);
    }
    await ok(social.call(ada, 'POST', '/api/todos', { title: 'Tagged', tagIds }), 201);
    const response = await download(ada, '/api/exports/todos');
    const [header, row] = parseCsv(response.rawPayload);
    expect(row?.[header!.indexOf('Tags')]).toBe("'=cmd, home, Work");
  });

  it('writes plan tasks as CSV, one row a task with its plan, in date and task order', async () => {
    await ok(
      social.call(ada, 'POST', '/api/plans', {
        title: 'Day, "one"',
        planDate: '2026-11-22',
        tasks: TRICKY.slice(0, 5).map((title) => ({ title: title.trim(), tag: 'Focus' })),
      }),
      201,
    );
    await ok(
      social.call(ada, 'POST', '/api/plans', {
        title: 'Earlier',
        planDate: '2026-11-21',
        tasks: [{ title: '-Minus first', priority: 'high' }],
      }),
      201,
    );
    const response = await download(ada, '/api/exports/plan-tasks');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="daywise-plan-tasks-2026-11-21.csv"',
    );
    expect(response.headers[EXPORT_ITEMS_HEADER.toLowerCase()]).toBe('6');
    const [header, ...rows] = parseCsv(response.rawPayload);
    expect(header!.slice(0, 8)).toEqual([
      'Plan date',
      'Plan title',
      'Position',
      'Task ID',
      'Title',
      'Description',
      'Priority',
      'Tag',
    ]);
    const neutral = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
    expect(rows.map((row) => [row[0], row[1], row[2], row[4], row[6], row[7]])).toEqual([
      ['2026-11-21', 'Earlier', '1', "'-Minus first", 'high', ''],
      ...TRICKY.slice(0, 5).map((title, index) => [
        '2026-11-22',
        'Day, "one"',
        String(index + 1),
        neutral(title.trim()),
        'medium',
        'Focus',
      ]),
    ]);
  });

  it('makes a PDF report of a range with its text, the chart, the streaks and DejaVu Sans embedded', async () => {
    await insertPlans(ctx, ada.id, '2026-11-01', 21);
    await insertTodos(ctx, ada.id, [
      { title: 'Réserver le café ☕ Привет Ωμέγα', completed: true, completedDate: '2026-11-10' },
      { title: 'Done long ago', completed: true, completedDate: '2026-01-10' },
      { title: 'Still open: taxes', dueDate: '2026-11-15' },
    ]);
    await insertTodos(ctx, bob.id, [{ title: 'Bob private todo' }]);
    const response = await download(ada, '/api/exports/report?from=2026-11-01&to=2026-11-21');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="daywise-report-2026-11-01-to-2026-11-21.pdf"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = await readPdf(response.rawPayload);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('Daywise report');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('1 November 2026 – 21 November 2026');
    expect(text).toContain('21 days with a plan, 33% of tasks done on average.');
    expect(text).toContain('Current streak: 21 days');
    expect(text).toContain('Habit 1 — 21 days in a row');
    expect(text).toContain('Réserver le café ☕ Привет Ωμέγα');
    expect(text).toContain('Still open: taxes — overdue since 2026-11-15');
    expect(text).not.toContain('Done long ago');
    expect(text).not.toContain('Bob private todo');
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const font of pdf.fonts) {
      expect(font).toMatch(/DejaVuSans/);
    }
    expect(pdf.embedded.length).toBeGreaterThan(0);
    expect(pdf.embedded.every(Boolean)).toBe(true);
  });

  it('makes the default report of the last 30 days', async () => {
    const response = await download(ada, '/api/exports/report');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="daywise-report-2026-10-23-to-2026-11-21.pdf"',
    );
    const { text } = await readPdf(response.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('No daily plans in this range.');
  });

  it('answers other requests while it writes a long report, which still holds every todo', async () => {
    // SQLite reads a page synchronously and pdfkit lays text out synchronously: the report must
    // let the event loop turn between rows (ADR 0022), or nothing else is answered until it ends.
    const titles = Array.from(
      { length: 2000 },
      (_, index) => `Todo ${String(index).padStart(4, '0')} ${LONG_TITLE}`,
    );
    await insertTodos(
      ctx,
      ada.id,
      titles.map((title) => ({ title })),
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

    const report = await fetch(`${origin}/api/exports/report?from=2026-11-01&to=2026-11-21`, {
      headers: { cookie: ada.cookie },
    });
    expect(report.status).toBe(200);
    const reader: ReadableStreamDefaultReader<Uint8Array> = report.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const chunks = [first.value ?? new Uint8Array()];
    // The report has begun. Health answers, and a todo added now is read by the report, whose
    // open todos come oldest first: it had not read its last page yet.
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    const added = await fetch(`${origin}/api/todos`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: ada.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Added while the report was written' }),
    });
    expect(added.status).toBe(201);
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
    }

    const { text } = await readPdf(Buffer.concat(chunks));
    const flat = text.replace(/\s+/g, ' ');
    const listed = [...flat.matchAll(/Todo (\d{4}) /g)].map((match) => match[1]);
    expect(listed).toEqual(titles.map((title) => title.slice(5, 9)));
    expect(flat).toContain(LONG_TITLE.slice(0, 40));
    expect(flat).toContain('Added while the report was written');
  }, 60_000);

  it('lets the event loop turn while it writes the archive', async () => {
    await insertTodos(
      ctx,
      ada.id,
      Array.from({ length: 2000 }, (_, index) => ({ title: `Todo ${index} ${LONG_TITLE}` })),
    );
    // On SQLite every read resolves at once: without slices the whole archive is written before
    // anything scheduled for the next turn of the event loop runs (ADR 0022).
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    let turnedBeforeTheEnd = false;
    let text = '';
    for await (const chunk of archiveChunks(ctx.database.db, ada.id, clock.now())) {
      turnedBeforeTheEnd ||= turned && !text.includes('"daysOff"');
      text += chunk;
    }
    expect(turnedBeforeTheEnd).toBe(true);
    expect(archiveSchema.parse(JSON.parse(text)).todos).toHaveLength(2000);
  });

  it('streams a heavy user (10,000 todos, two years of plans) in pages, reading the next only when asked', async () => {
    await insertTodos(
      ctx,
      ada.id,
      Array.from({ length: 10_000 }, (_, index) => ({
        title: `Todo ${index}`,
        description: 'x'.repeat(200),
      })),
    );
    await insertPlans(ctx, ada.id, '2024-11-22', 730);

    // Every query's rows counted on their way out of the database.
    const reads: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: (args) => {
        reads.push(args.result.rows.length);
        return Promise.resolve(args.result);
      },
    };
    const db = ctx.database.db.withPlugin(counting);
    const chunks = archiveChunks(db, ada.id, clock.now());
    // Pull until the first todos are out: only the first page of todos has been read.
    let text = '';
    while (!text.includes('"todos":[') || !text.includes('Todo 0')) {
      const next = await chunks.next();
      expect(next.done).toBe(false);
      text += next.value as string;
    }
    const readSoFar = reads.reduce((sum, rows) => sum + rows, 0);
    expect(readSoFar).toBeLessThanOrEqual(EXPORT_PAGE_SIZE + 10);
    for await (const chunk of chunks) {
      text += chunk;
    }
    expect(Math.max(...reads)).toBeLessThanOrEqual(EXPORT_PAGE_SIZE);
    const archive = archiveSchema.parse(JSON.parse(text));
    expect(archive.todos).toHaveLength(10_000);
    expect(new Set(archive.todos.map((todo) => todo.id)).size).toBe(10_000);
    expect(archive.plans).toHaveLength(730);
    expect(archive.plans.flatMap((plan) => plan.tasks)).toHaveLength(2190);
    expect(archive.completions).toHaveLength(730);

    // Over HTTP the whole archive takes seconds.
    const started = Date.now();
    const response = await download(ada, '/api/exports/archive');
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(Number(response.headers[EXPORT_ITEMS_HEADER.toLowerCase()])).toBe(10_000 + 730 * 2);
    const csv = await download(ada, '/api/exports/todos');
    expect(parseCsv(csv.rawPayload)).toHaveLength(10_001);
  }, 120_000);
});
