import { SEARCH_COUNT_LIMIT } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../../test/helpers';
import { INDEXED_SEARCH_LIMIT } from './search';

interface TodoJson {
  id: string;
  title: string;
  description: string;
  priority: string;
  dueDate: string | null;
  reminderTime: string | null;
  completed: boolean;
  completedAt: string | null;
}

describe.each(ENGINES)('todos on %s', (engine) => {
  let ctx: TestApp;
  let api: ReturnType<typeof accountClient>;
  let cookie: string;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    // Saturday 21 November 2026, 09:00 UTC.
    clock = testClock(new Date('2026-11-21T09:00:00.000Z'));
    ctx = await createTestApp(engine, { now: clock.now });
    api = accountClient(ctx);
    cookie = (await api.signUpAndVerify()) ?? '';
  });
  afterEach(() => ctx.close());

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = cookie) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...SAME_ORIGIN, cookie: as },
    });
  const create = async (body: object) => {
    const response = await send('POST', '/api/todos', body);
    expect(response.statusCode).toBe(201);
    clock.advance(1000);
    return response.json<TodoJson>();
  };
  const list = async (query = '') =>
    (await api.get(`/api/todos${query}`, cookie)).json<{
      items: TodoJson[];
      nextCursor: string | null;
      total: number;
      totalIsLowerBound: boolean;
    }>();
  const titles = async (query = '') => (await list(query)).items.map((todo) => todo.title);

  it('creates with trimmed fields and the defaults, newest first', async () => {
    const todo = await create({ title: '  Buy milk ', description: ' 2 litres ' });
    expect(todo).toMatchObject({
      title: 'Buy milk',
      description: '2 litres',
      priority: 'medium',
      dueDate: null,
      reminderTime: null,
      completed: false,
      completedAt: null,
    });
    await create({
      title: 'Call the bank',
      priority: 'high',
      dueDate: '2026-11-23',
      reminderTime: '09:30',
    });
    expect(await titles()).toEqual(['Call the bank', 'Buy milk']);
  });

  it.each([
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: 'x', priority: 'urgent' }, 'priority', undefined],
    [{ title: 'x', dueDate: '2026-02-30' }, 'dueDate', 'Please enter a valid date'],
    [
      { title: 'x', reminderTime: '25:00' },
      'reminderTime',
      'Please enter a valid time in HH:MM format',
    ],
  ])('refuses %j and stores nothing', async (body, field, message) => {
    const response = await send('POST', '/api/todos', body);
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(Object.keys(fields)).toContain(field);
    if (message) {
      expect(fields[field]).toBe(message);
    }
    expect(await titles()).toEqual([]);
  });

  it('completing sets completedAt, un-completing clears it, and the counters follow', async () => {
    const todo = await create({ title: 'Write report' });
    await create({ title: 'Read book' });
    const done = await send('PATCH', `/api/todos/${todo.id}`, { completed: true });
    expect(done.json<TodoJson>()).toMatchObject({
      completed: true,
      completedAt: clock.now().toISOString(),
    });
    expect((await api.get('/api/todos/stats', cookie)).json()).toEqual({
      total: 2,
      completed: 1,
      pending: 1,
      completionRate: 50,
    });
    const undone = await send('PATCH', `/api/todos/${todo.id}`, { completed: false });
    expect(undone.json<TodoJson>()).toMatchObject({ completed: false, completedAt: null });
    const edited = await send('PATCH', `/api/todos/${todo.id}`, {
      title: ' Final report ',
      dueDate: null,
    });
    expect(edited.json<TodoJson>().title).toBe('Final report');
    expect((await send('DELETE', `/api/todos/${todo.id}`)).statusCode).toBe(204);
    expect(await titles()).toEqual(['Read book']);
  });

  it('filters by status, priority, text and due date in the user’s time zone', async () => {
    await create({ title: 'Overdue thing', dueDate: '2026-11-20', priority: 'high' });
    await create({ title: 'Today thing', dueDate: '2026-11-21', description: 'Groceries' });
    await create({ title: 'Next week thing', dueDate: '2026-11-24', priority: 'low' });
    await create({ title: 'Someday 100% thing' });
    const finished = await create({ title: 'Done thing', dueDate: '2026-11-19' });
    await send('PATCH', `/api/todos/${finished.id}`, { completed: true });

    expect(await titles('?status=completed')).toEqual(['Done thing']);
    expect(await titles('?status=pending&priority=high')).toEqual(['Overdue thing']);
    expect(await titles('?q=GROCERIES')).toEqual(['Today thing']);
    expect(await titles('?q=100%25')).toEqual(['Someday 100% thing']);
    expect(await titles('?q=_')).toEqual([]);
    expect(await titles('?due=overdue')).toEqual(['Overdue thing']);
    expect(await titles('?due=today')).toEqual(['Today thing']);
    expect(await titles('?due=none')).toEqual(['Someday 100% thing']);
    // The week of Saturday 21 November runs from Sunday the 15th.
    expect(await titles('?due=week')).toEqual(['Done thing', 'Today thing', 'Overdue thing']);

    // In Tokyo it is already Sunday the 22nd: yesterday's todo is overdue now, and a new week began.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { group: 'preferences', key: 'timezone', value: 'Asia/Tokyo' },
      headers: { ...SAME_ORIGIN, cookie },
    });
    clock.advance(15 * 60 * 60 * 1000);
    expect(await titles('?due=today')).toEqual([]);
    expect(await titles('?due=overdue')).toEqual(['Today thing', 'Overdue thing']);
    expect(await titles('?due=week')).toEqual(['Next week thing']);
  });

  it('pages by cursor without repeating or skipping', async () => {
    for (let i = 0; i < 7; i += 1) {
      await create({ title: `Todo ${i}` });
    }
    const first = await list('?limit=3');
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    const third = await list(`?limit=3&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((todo) => todo.title)).toEqual([
      'Todo 6',
      'Todo 5',
      'Todo 4',
      'Todo 3',
      'Todo 2',
      'Todo 1',
      'Todo 0',
    ]);
    expect(third.nextCursor).toBeNull();
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect((await list('?limit=3&q=Todo 6')).total).toBe(1);
  });

  it('lists and reminds of each todo exactly as its own answers give it, whatever its text, tags and habit', async () => {
    // The list's JSON is written by the database, the other answers by presentTodo (ADR 0018,
    // JSON written by the database): every field must come out the same on both engines.
    // Instants with milliseconds.
    clock.advance(250);
    const tag = (await send('POST', '/api/tags', { name: 'Work “home”', color: '#3366ff' })).json<{
      id: string;
    }>();
    const answers = [
      await create({ title: 'Plain' }),
      await create({
        title: 'Quotes " and \\ backslash, tab\tnew\nline, \u0001 control',
        description: 'Ünïcödé 日本語 emoji 🎉 and </script>',
        priority: 'high',
        dueDate: '2026-11-23',
        reminderTime: '09:30',
        tagIds: [tag.id],
      }),
      await create({
        title: 'Water the plants',
        priority: 'low',
        dueDate: '2026-11-21',
        reminderTime: '07:00',
        repeat: { rule: 'FREQ=DAILY', from: 'due' },
      }),
      await create({ title: 'Finished' }),
    ];
    const written = [
      (await send('PATCH', `/api/todos/${answers[2]?.id}`, { completed: true })).json<TodoJson>(),
      (await send('PATCH', `/api/todos/${answers[3]?.id}`, { completed: true })).json<TodoJson>(),
    ];
    const latest = new Map([...answers, ...written].map((todo) => [todo.id, todo]));
    expect(written[0]).toMatchObject({ habit: { streak: 1 } });
    expect(written[1]).toMatchObject({ completed: true, completedAt: '2026-11-21T09:00:04.250Z' });

    const { items } = await list('?limit=3');
    const rest = await list(`?limit=3&cursor=${(await list('?limit=3')).nextCursor}`);
    expect([...items, ...rest.items]).toEqual([...latest.values()].reverse());
    const reminders = (await api.get('/api/todos/reminders', cookie)).json<{ items: TodoJson[] }>();
    expect(reminders.items).toEqual(
      [...latest.values()].reverse().filter((todo) => todo.reminderTime && !todo.completed),
    );
    expect(reminders.items).toHaveLength(2);
  });

  it('sorts by due date (none last) or priority (high first), newest first within, page by page', async () => {
    const specs = [
      { title: 'a', dueDate: '2026-11-25', priority: 'low' },
      { title: 'b', priority: 'high' },
      { title: 'c', dueDate: '2026-11-22', priority: 'medium' },
      { title: 'd', dueDate: '2026-11-25', priority: 'high' },
      { title: 'e', priority: 'low' },
      { title: 'f', dueDate: '2026-11-22', priority: 'medium' },
      { title: 'g', dueDate: '2026-12-01' },
    ];
    for (const spec of specs) {
      await create(spec);
    }
    const walk = async (sort: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((todo) => todo.title));
        expect(page.total).toBe(specs.length);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await walk('due')).toEqual(['f', 'c', 'd', 'a', 'g', 'e', 'b']);
    expect(await walk('priority')).toEqual(['d', 'b', 'g', 'f', 'c', 'e', 'a']);
    expect(await walk('created')).toEqual(['g', 'f', 'e', 'd', 'c', 'b', 'a']);

    // A cursor made for one order is refused in another, and a forged one never reaches SQL.
    const byCreation = (await list('?limit=2')).nextCursor ?? '';
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const [sort, cursor] of [
      ['due', byCreation],
      ['due', forged('2026-02-30|2026-11-21T09:00:00.000Z|x')],
      ['priority', forged('9|2026-11-21T09:00:00.000Z|x')],
    ]) {
      const refused = await api.get(`/api/todos?sort=${sort}&cursor=${cursor}`, cookie);
      expect(refused.statusCode, `${sort} ${cursor}`).toBe(400);
    }
    expect((await api.get('/api/todos?sort=title', cookie)).statusCode).toBe(400);
  });

  it('counts a search’s matches up to SEARCH_COUNT_LIMIT, and says when there are more', async () => {
    for (let i = 0; i <= SEARCH_COUNT_LIMIT; i += 1) {
      await create({
        title: i % 2 === 0 ? `Groceries ${i}` : `Errand ${i}`,
        description: 'errand',
      });
    }
    // 101 todos match 'errand' (every description); 51 match 'groceries'.
    const many = await list('?q=ERRAND&limit=5');
    expect(many.items).toHaveLength(5);
    expect(many).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalIsLowerBound: true });
    expect(await list('?q=groceries&limit=5')).toMatchObject({
      total: 51,
      totalIsLowerBound: false,
    });
    // Without a search every match is counted.
    expect(await list('?limit=5')).toMatchObject({
      total: SEARCH_COUNT_LIMIT + 1,
      totalIsLowerBound: false,
    });
    expect(await list('?priority=medium&limit=5')).toMatchObject({
      total: SEARCH_COUNT_LIMIT + 1,
      totalIsLowerBound: false,
    });
  });

  it('a search finds the same through the trigram index as without it, and the index follows every change', async () => {
    const plants = await create({ title: 'Water the PLANTS', description: 'ferns "and" cacti' });
    await create({ title: 'Call mum', description: 'about the plants' });
    const other = await api.signUpAndVerify('other@example.com');
    await send('POST', '/api/todos', { title: 'Other plants' }, other ?? '');

    expect(await titles('?q=plants')).toEqual(['Call mum', 'Water the PLANTS']);
    // Two letters are too short for the index: the list reads the todos instead.
    expect(await titles('?q=mu')).toEqual(['Call mum']);
    // The index's own query syntax means nothing in a search.
    expect(await titles('?q=%22and%22')).toEqual(['Water the PLANTS']);
    for (const term of ['pla*', 'NEAR(ferns cacti)', 'ferns OR mum', '-cacti', '^water', ':']) {
      expect(await titles(`?q=${encodeURIComponent(term)}`)).toEqual([]);
    }

    // A NUL, which would end the index's string early, is refused before any search.
    expect((await api.get('/api/todos?q=pl%00ants', cookie)).statusCode).toBe(400);

    await send('PATCH', `/api/todos/${plants.id}`, { title: 'Water the garden' });
    expect(await titles('?q=plants')).toEqual(['Call mum']);
    expect(await titles('?q=GARDEN')).toEqual(['Water the garden']);
    await send('DELETE', `/api/todos/${plants.id}`);
    expect(await titles('?q=garden')).toEqual([]);
  });

  it(`a term more common than INDEXED_SEARCH_LIMIT is searched newest first, with the same answers`, async () => {
    const [user] = await ctx.database.db.selectFrom('users').select('id').execute();
    const rows = Array.from({ length: INDEXED_SEARCH_LIMIT + 1 }, (_, i) => ({
      id: `common-${String(i).padStart(5, '0')}`,
      user_id: user?.id ?? '',
      title: `Common chore ${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await ctx.database.db
        .insertInto('todos')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const rare = await create({ title: 'Rare chore' });

    const common = await list('?q=chore&limit=2');
    expect(common.items.map((todo) => todo.title)).toEqual([
      'Rare chore',
      `Common chore ${INDEXED_SEARCH_LIMIT}`,
    ]);
    expect(common).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalIsLowerBound: true });
    expect(await list('?q=RARE')).toMatchObject({
      items: [{ id: rare.id }],
      total: 1,
      totalIsLowerBound: false,
    });
  });

  it('reading todos leaves the first settings read to choose the time zone', async () => {
    await create({ title: 'Early bird', dueDate: '2026-11-21' });
    expect(await titles('?due=today')).toEqual(['Early bird']);
    const settings = await api.get('/api/settings?timezone=Asia%2FTokyo', cookie);
    expect(settings.json()).toMatchObject({ preferences: { timezone: 'Asia/Tokyo' } });
  });

  it('lists the unfinished todos with a reminder time for the browser to schedule', async () => {
    const call = await create({ title: 'Call mum', reminderTime: '18:30' });
    await create({ title: 'No reminder' });
    const done = await create({ title: 'Done already', reminderTime: '08:00' });
    await send('PATCH', `/api/todos/${done.id}`, { completed: true });
    const reminders = async (as = cookie) =>
      (await api.get('/api/todos/reminders', as)).json<{ items: TodoJson[] }>().items;
    expect(await reminders()).toEqual([
      expect.objectContaining({ id: call.id, title: 'Call mum', reminderTime: '18:30' }),
    ]);
    await send('PATCH', `/api/todos/${call.id}`, { reminderTime: null });
    expect(await reminders()).toEqual([]);

    await send('PATCH', `/api/todos/${done.id}`, { completed: false });
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    expect(await reminders(grace)).toEqual([]);
    expect((await api.get('/api/todos/reminders')).statusCode).toBe(401);
    expect((await reminders()).map((todo) => todo.title)).toEqual(['Done already']);
  });

  it('answers 404 for another user’s todo on every verb, and 401 without a session', async () => {
    const todo = await create({ title: 'Private' });
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    expect(
      (await send('PATCH', `/api/todos/${todo.id}`, { completed: true }, grace)).statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/todos/${todo.id}`, undefined, grace)).statusCode).toBe(404);
    expect((await api.get('/api/todos', grace)).json<{ items: TodoJson[] }>().items).toEqual([]);
    expect((await api.get('/api/todos/stats', grace)).json()).toMatchObject({ total: 0 });
    expect((await api.get('/api/todos')).statusCode).toBe(401);
    expect((await list()).items[0]).toMatchObject({ title: 'Private', completed: false });
  });
});
