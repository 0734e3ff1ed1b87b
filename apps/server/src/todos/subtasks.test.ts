import { MESSAGES } from '@daywise/shared';
import type { AgendaToday, List, Section, Todo, TodoPage } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { pendingJob } from '../../test/reminder-app';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';

describe.each(ENGINES)('subtasks on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie?: string) =>
    sendAs(app.ctx, cookie ?? app.cookie, method, url, body);
  const created = async <T>(url: string, body: object, cookie?: string) => {
    const response = await send('POST', url, body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
  const newTodo = (title: string, fields: object = {}, cookie?: string) =>
    created<Todo>('/api/todos', { title, ...fields }, cookie);
  const patch = async (todo: { id: string }, body: object) => {
    const response = await send('PATCH', `/api/todos/${todo.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Todo>();
  };
  const page = async (query = '') =>
    (await app.api.get(`/api/todos?limit=100${query}`, app.cookie)).json<TodoPage>();
  const byTitle = async (query = '') =>
    new Map((await page(query)).items.map((todo) => [todo.title, todo]));
  /** The titles of a todo's subtasks in their order. */
  const children = async (parent: { id: string }) =>
    (await page(`&parent=${parent.id}`)).items
      .sort((a, b) => a.order - b.order)
      .map((todo) => todo.title);
  const refusal = async (response: Awaited<ReturnType<typeof send>>, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json<{ error: { code: string; fields: object } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    return (error.fields as Record<string, string>)[field];
  };
  /** A chain of todos, each a subtask of the one before: top-level first. */
  const chain = async (...titles: string[]) => {
    const todos: Todo[] = [];
    for (const title of titles) {
      todos.push(await newTodo(title, { parentId: todos.at(-1)?.id ?? null }));
    }
    return todos;
  };

  it('creates subtasks in their parent’s list and section, in order, and counts them', async () => {
    const home = await created<List>('/api/lists', { name: 'Home' });
    const chores = await created<Section>('/api/sections', { listId: home.id, name: 'Chores' });
    const clean = await newTodo('Clean', { listId: home.id, sectionId: chores.id });
    expect(clean).toMatchObject({
      parentId: null,
      order: 0,
      subtaskCounts: { open: 0, total: 0, openBelow: 0, totalBelow: 0 },
    });
    const kitchen = await newTodo('Kitchen', { parentId: clean.id });
    expect(kitchen).toMatchObject({
      parentId: clean.id,
      listId: home.id,
      sectionId: chores.id,
      order: 0,
    });
    // Naming the parent's own list and section is fine; another is refused on the field.
    await newTodo('Bath', { parentId: clean.id, listId: home.id, sectionId: chores.id });
    await newTodo('Hall', { parentId: clean.id, order: 0 });
    expect(await children(clean)).toEqual(['Hall', 'Kitchen', 'Bath']);
    for (const [field, body] of [
      ['listId', { listId: null }],
      ['sectionId', { sectionId: null }],
    ] as const) {
      const refused = await send('POST', '/api/todos', { title: 'x', parentId: clean.id, ...body });
      expect(await refusal(refused, field)).toBe(MESSAGES.subtaskPlacement);
    }
    await patch(kitchen, { completed: true });
    const todos = await byTitle();
    const counts = { open: 2, total: 3, openBelow: 2, totalBelow: 3 };
    expect(todos.get('Clean')?.subtaskCounts).toEqual(counts);
    expect(todos.get('Kitchen')?.subtaskCounts).toEqual({
      open: 0,
      total: 0,
      openBelow: 0,
      totalBelow: 0,
    });
    expect((await patch(clean, { title: 'Clean up' })).subtaskCounts).toEqual(counts);
    // The agenda answers todos with their counts too.
    await patch(clean, { dueDate: '2026-11-21' });
    const today = (await app.api.get('/api/agenda/today', app.cookie)).json<AgendaToday>();
    expect(JSON.stringify(today)).toContain(`"subtaskCounts":${JSON.stringify(counts)}`);
  });

  it('filters top-level todos or one todo’s subtasks, with their totals', async () => {
    const [trip] = await chain('Trip', 'Tickets');
    await newTodo('Passport', { parentId: trip?.id });
    await newTodo('Alone');
    const top = await page('&parent=none');
    expect(top.items.map((todo) => todo.title).sort()).toEqual(['Alone', 'Trip']);
    expect(top.total).toBe(2);
    const under = await page(`&parent=${trip?.id}`);
    expect(under.items.map((todo) => todo.title).sort()).toEqual(['Passport', 'Tickets']);
    expect(under.total).toBe(2);
    expect((await page()).total).toBe(4);
  });

  it('refuses another user’s todo, or a missing one, as the parent, and shows nothing of theirs', async () => {
    const other = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const theirs = await newTodo('Their todo', {}, other);
    await newTodo('Their subtask', { parentId: theirs.id }, other);
    const mine = await newTodo('Mine');
    for (const parentId of [theirs.id, 'missing']) {
      const create = await send('POST', '/api/todos', { title: 'x', parentId });
      expect(await refusal(create, 'parentId')).toBe(MESSAGES.todoParentUnknown);
      const move = await send('PATCH', `/api/todos/${mine.id}`, { parentId });
      expect(await refusal(move, 'parentId')).toBe(MESSAGES.todoParentUnknown);
    }
    expect((await page(`&parent=${theirs.id}`)).items).toEqual([]);
    expect((await page()).items.map((todo) => todo.title)).toEqual(['Mine']);
    const theirPage = (await app.api.get('/api/todos', other)).json<TodoPage>();
    expect(theirPage.items.find((todo) => todo.id === theirs.id)?.subtaskCounts).toEqual({
      open: 1,
      total: 1,
      openBelow: 1,
      totalBelow: 1,
    });
  });

  it('refuses a cycle and nesting deeper than 3 levels, its own subtasks counted', async () => {
    const [top, one, two, three] = await chain('Top', 'One', 'Two', 'Three');
    const tooDeep = await send('POST', '/api/todos', { title: 'Four', parentId: three?.id });
    expect(await refusal(tooDeep, 'parentId')).toBe(MESSAGES.todoTooDeep);
    for (const parent of [top, two, three]) {
      const cycle = await send('PATCH', `/api/todos/${top?.id}`, { parentId: parent?.id });
      expect(await refusal(cycle, 'parentId')).toBe(MESSAGES.todoParentCycle);
    }
    // A todo with a subtask of its own fits under level 1 but not under level 2.
    const [pair] = await chain('Pair', 'Pair child');
    const under2 = await send('PATCH', `/api/todos/${pair?.id}`, { parentId: two?.id });
    expect(await refusal(under2, 'parentId')).toBe(MESSAGES.todoTooDeep);
    expect(await patch(pair!, { parentId: one?.id })).toMatchObject({ parentId: one?.id });
    // Nothing the refusals touched changed.
    const todos = await byTitle();
    expect(todos.get('Top')?.parentId).toBeNull();
    expect(await children(top!)).toEqual(['One']);
    expect(await children(one!)).toEqual(['Two', 'Pair']);
  });

  it('moves a todo among its siblings, and between parents, renumbering without gaps', async () => {
    const [a, b] = [await newTodo('A'), await newTodo('B')];
    const [c, d] = [await newTodo('C'), await newTodo('D')];
    const order = async (query: string) =>
      (await page(query)).items.sort((x, y) => x.order - y.order).map((todo) => todo.title);
    expect(await order('&parent=none')).toEqual(['A', 'B', 'C', 'D']);
    expect((await patch(d, { order: 1 })).order).toBe(1);
    expect(await order('&parent=none')).toEqual(['A', 'D', 'B', 'C']);
    expect((await patch(a, { order: 99 })).order).toBe(3);
    expect(await order('&parent=none')).toEqual(['D', 'B', 'C', 'A']);
    // B goes under C at the front of C's subtasks; the top level closes its gap.
    await newTodo('C1', { parentId: c.id });
    expect(await patch(b, { parentId: c.id, order: 0 })).toMatchObject({ order: 0 });
    expect(await children(c)).toEqual(['B', 'C1']);
    expect(await order('&parent=none')).toEqual(['D', 'C', 'A']);
    // Back to the top level, last unless told.
    expect((await patch(b, { parentId: null })).order).toBe(3);
    expect(await children(c)).toEqual(['C1']);
    expect((await page('&parent=none')).items.map((todo) => todo.order).sort()).toEqual([
      0, 1, 2, 3,
    ]);
    // Deleting closes the gap too.
    expect((await send('DELETE', `/api/todos/${d.id}`)).statusCode).toBe(204);
    expect(await order('&parent=none')).toEqual(['C', 'A', 'B']);
    expect(await order('&parent=none').then((titles) => titles.length)).toBe(3);
    expect((await byTitle()).get('A')?.order).toBe(1);
  });

  it('keeps places without gaps or repeats when a user’s moves, creates and deletes race', async () => {
    const first = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((title) => newTodo(title)));
    const parent = await newTodo('Parent');
    const writes = [
      ...first
        .slice(0, 3)
        .map((todo, index) => send('PATCH', `/api/todos/${todo.id}`, { order: index })),
      ...first.slice(3, 5).map((todo) => send('DELETE', `/api/todos/${todo.id}`)),
      send('PATCH', `/api/todos/${first[5]?.id}`, { parentId: parent.id }),
      ...['G', 'H', 'I'].map((title) => send('POST', '/api/todos', { title, order: 1 })),
      ...['J', 'K'].map((title) => send('POST', '/api/todos', { title, parentId: parent.id })),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const places = async (query: string) =>
      (await page(query)).items.map((todo) => todo.order).sort((a, b) => a - b);
    expect(await places('&parent=none')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await places(`&parent=${parent.id}`)).toEqual([0, 1, 2]);
  });

  it('moves a parent’s subtasks with it to another list or section, and keeps a subtask in its parent’s', async () => {
    const work = await created<List>('/api/lists', { name: 'Work' });
    const meetings = await created<Section>('/api/sections', { listId: work.id, name: 'Meetings' });
    const [top, one, two] = await chain('Prepare', 'Slides', 'Charts');
    await patch(top!, { listId: work.id, sectionId: meetings.id });
    for (const todo of (await byTitle()).values()) {
      expect(todo, todo.title).toMatchObject({ listId: work.id, sectionId: meetings.id });
    }
    // A subtask alone cannot leave its parent's list or section…
    const alone = await send('PATCH', `/api/todos/${two?.id}`, { listId: null });
    expect(await refusal(alone, 'listId')).toBe(MESSAGES.subtaskPlacement);
    const section = await send('PATCH', `/api/todos/${two?.id}`, { sectionId: null });
    expect(await refusal(section, 'sectionId')).toBe(MESSAGES.subtaskPlacement);
    // …but a top-level todo again, it can, with its own subtasks.
    const out = await patch(one!, { parentId: null, listId: null });
    expect(out).toMatchObject({ parentId: null, listId: null, sectionId: null, order: 0 });
    expect((await byTitle()).get('Charts')).toMatchObject({ listId: null, sectionId: null });
    expect((await byTitle()).get('Prepare')?.subtaskCounts).toMatchObject({
      total: 0,
      totalBelow: 0,
    });
    // Made a subtask, it takes its new parent's list and section, and so do its own.
    expect(await patch(one!, { parentId: top?.id })).toMatchObject({
      listId: work.id,
      sectionId: meetings.id,
    });
    expect((await byTitle()).get('Charts')).toMatchObject({ sectionId: meetings.id });
  });

  it('deletes a parent with every subtask below it, and their reminders', async () => {
    const [top] = await chain('Move house', 'Pack', 'Books');
    const reminding = await newTodo('Call movers', {
      parentId: top?.id,
      dueDate: '2026-11-22',
      reminderTime: '08:00',
    });
    await newTodo('Keep me');
    expect(await pendingJob(app.ctx.database, `todo:${reminding.id}`)).toBeDefined();
    expect((await send('DELETE', `/api/todos/${top?.id}`)).statusCode).toBe(204);
    expect((await page()).items.map((todo) => todo.title)).toEqual(['Keep me']);
    expect(await pendingJob(app.ctx.database, `todo:${reminding.id}`)).toBeUndefined();
    expect((await byTitle()).get('Keep me')?.order).toBe(0);
  });

  it('counts the todos at every level below, which completing or deleting it sweeps', async () => {
    // Home ─ Kitchen ─ Oven ─ Racks; Home ─ Hall (done) ─ Coats (done with it) and Scarves (open,
    // added since); Home ─ Fern (repeating).
    const [home, kitchen, oven] = await chain('Home', 'Kitchen', 'Oven', 'Racks');
    const hall = await newTodo('Hall', { parentId: home?.id });
    await newTodo('Coats', { parentId: hall.id });
    await patch(hall, { completed: true });
    await newTodo('Scarves', { parentId: hall.id });
    await newTodo('Fern', {
      parentId: home?.id,
      dueDate: '2026-11-21',
      repeat: { rule: 'FREQ=WEEKLY', from: 'due' },
    });
    // Home has 3 of its own, 2 of them open (Kitchen, Fern), and 7 todos below it, of which
    // completing it would complete 4: Kitchen, Oven, Racks and Scarves, open under a done Hall;
    // not Hall and Coats, done, nor Fern, which repeats.
    const expected = {
      Home: { open: 2, total: 3, openBelow: 4, totalBelow: 7 },
      Kitchen: { open: 1, total: 1, openBelow: 2, totalBelow: 2 },
      Oven: { open: 1, total: 1, openBelow: 1, totalBelow: 1 },
      Hall: { open: 1, total: 2, openBelow: 1, totalBelow: 2 },
      Racks: { open: 0, total: 0, openBelow: 0, totalBelow: 0 },
    };
    // As a list answers them (written by the database) and as a write answers them.
    const listed = await byTitle();
    for (const [title, counts] of Object.entries(expected)) {
      expect(listed.get(title)?.subtaskCounts, title).toEqual(counts);
    }
    expect((await patch(home!, { title: 'Home' })).subtaskCounts).toEqual(expected.Home);
    expect((await patch(oven!, { title: 'Oven' })).subtaskCounts).toEqual(expected.Oven);

    // Completing it completes exactly `openBelow`; deleting it deletes exactly `totalBelow`.
    const openBefore = (await page('&status=pending')).total;
    await patch(kitchen!, { completed: true });
    expect((await page('&status=pending')).total).toBe(openBefore - 1 - expected.Kitchen.openBelow);
    const allBefore = (await page()).total;
    expect((await send('DELETE', `/api/todos/${home?.id}`)).statusCode).toBe(204);
    expect((await page()).total).toBe(allBefore - 1 - expected.Home.totalBelow);
  });

  it('completes a parent’s open subtasks with it, and one Undo reopens exactly those', async () => {
    const [trip, pack, socks] = await chain('Trip', 'Pack', 'Socks');
    const tickets = await newTodo('Tickets', {
      parentId: trip?.id,
      dueDate: '2026-11-22',
      reminderTime: '08:00',
    });
    const done = await patch(await newTodo('Passport', { parentId: trip?.id }), {
      completed: true,
    });
    const daily = await newTodo('Water plants', {
      parentId: trip?.id,
      dueDate: '2026-11-21',
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    app.clock.advance(60_000);
    const completed = await patch(trip!, { completed: true });
    // What is still open below it: the repeating subtask, whose occurrences are its own.
    expect(completed).toMatchObject({
      completed: true,
      subtaskCounts: { open: 1, total: 4, openBelow: 0, totalBelow: 5 },
    });
    const after = await byTitle();
    for (const title of ['Pack', 'Socks', 'Tickets']) {
      expect(after.get(title), title).toMatchObject({
        completed: true,
        completedAt: completed.completedAt,
      });
    }
    // The one done before keeps its own time; a repeating subtask's occurrences are its own.
    expect(after.get('Passport')?.completedAt).toBe(done.completedAt);
    expect(after.get('Water plants')).toMatchObject({ completed: false, dueDate: daily.dueDate });
    expect(await pendingJob(app.ctx.database, `todo:${tickets.id}`)).toBeUndefined();

    // Undo: un-completing the parent reopens what was completed with it, and nothing else.
    const reopened = await patch(trip!, { completed: false });
    expect(reopened.subtaskCounts).toEqual({ open: 3, total: 4, openBelow: 3, totalBelow: 5 });
    const undone = await byTitle();
    for (const title of ['Trip', 'Pack', 'Socks', 'Tickets']) {
      expect(undone.get(title), title).toMatchObject({ completed: false, completedAt: null });
    }
    expect(undone.get('Water plants')?.completed).toBe(false);
    expect(undone.get('Passport')).toMatchObject({ completed: true });
    expect(await pendingJob(app.ctx.database, `todo:${tickets.id}`)).toBeDefined();

    // Reopening a subtask swept with the parent reopens the ones swept below it as well.
    await patch(trip!, { completed: true });
    await patch(pack!, { completed: false });
    const partly = await byTitle();
    expect(partly.get('Socks')?.completed).toBe(false);
    expect(partly.get('Trip')?.completed).toBe(true);
    // A subtask completed by itself afterwards is its own again: the parent's Undo leaves it.
    await patch(socks!, { completed: true });
    await patch(pack!, { completed: true });
    await patch(trip!, { completed: false });
    const last = await byTitle();
    expect(last.get('Socks')?.completed).toBe(true);
    expect(last.get('Tickets')?.completed).toBe(false);
  });
});
