import { DEFAULT_TAG_COLOR, MESSAGES, QUOTAS } from '@daywise/shared';
import type { List, ListsAnswer, Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { pendingJob } from '../../test/reminder-app';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

describe.each(ENGINES)('todo lists on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send: SignedInApp['send'] = (...args) => app.send(...args);
  const newList = async (name: string, color?: string, cookie?: string) => {
    const response = await send(
      'POST',
      '/api/lists',
      { name, ...(color ? { color } : {}) },
      cookie,
    );
    expect(response.statusCode).toBe(201);
    return response.json<List>();
  };
  const lists = async () => (await app.api.get('/api/lists', app.cookie)).json<ListsAnswer>();
  const names = async () => (await lists()).lists.map((list) => `${list.position}:${list.name}`);
  const newTodo = async (title: string, listId?: string | null) => {
    const response = await send('POST', '/api/todos', {
      title,
      ...(listId === undefined ? {} : { listId }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<Todo>();
  };
  const titles = async (query: string) =>
    (await app.api.get(`/api/todos${query}`, app.cookie))
      .json<{ items: Todo[] }>()
      .items.map((todo) => todo.title)
      .sort();

  it('creates, renames, recolours, archives and answers lists with the Inbox', async () => {
    expect(await lists()).toEqual({ inbox: { openCount: 0 }, lists: [] });
    const work = await newList('  Work  ');
    expect(work).toMatchObject({
      name: 'Work',
      color: DEFAULT_TAG_COLOR,
      position: 0,
      archived: false,
      openCount: 0,
    });
    const home = await newList('Home', '#10b981');
    expect(home).toMatchObject({ color: '#10B981', position: 1 });

    app.clock.advance(60_000);
    const changed = await send('PATCH', `/api/lists/${work.id}`, {
      name: 'Office',
      color: '#EF4444',
      archived: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<List>()).toMatchObject({
      name: 'Office',
      color: '#EF4444',
      archived: true,
      position: 0,
      createdAt: work.createdAt,
    });
    expect(changed.json<List>().updatedAt).not.toBe(work.updatedAt);
    // Archived lists are still answered, marked.
    expect((await lists()).lists).toEqual([changed.json<List>(), home]);
  });

  it('moves a list to a position, renumbering the others', async () => {
    const [a, b, c, d] = [
      await newList('A'),
      await newList('B'),
      await newList('C'),
      await newList('D'),
    ];
    expect(await names()).toEqual(['0:A', '1:B', '2:C', '3:D']);
    expect((await send('PATCH', `/api/lists/${d?.id}`, { position: 1 })).json()).toMatchObject({
      position: 1,
    });
    expect(await names()).toEqual(['0:A', '1:D', '2:B', '3:C']);
    await send('PATCH', `/api/lists/${a?.id}`, { position: 2 });
    expect(await names()).toEqual(['0:D', '1:B', '2:A', '3:C']);
    // Past the end is last.
    const last = await send('PATCH', `/api/lists/${b?.id}`, { position: 99 });
    expect(last.json<List>().position).toBe(3);
    expect(await names()).toEqual(['0:D', '1:A', '2:C', '3:B']);
    // Deleting one closes the gap.
    expect((await send('DELETE', `/api/lists/${c?.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['0:D', '1:A', '2:B']);
    expect((await newList('E')).position).toBe(3);
  });

  it('refuses bad input with 400s', async () => {
    const list = await newList('Work');
    for (const body of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'Ok', color: 'red' },
      { name: 'Ok', color: '#12345' },
    ]) {
      const response = await send('POST', '/api/lists', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    for (const body of [
      {},
      { name: '' },
      { position: -1 },
      { position: 1.5 },
      { archived: 'yes' },
    ]) {
      expect((await send('PATCH', `/api/lists/${list.id}`, body)).statusCode).toBe(400);
    }
    expect((await send('DELETE', `/api/lists/${list.id}?todos=keep`)).statusCode).toBe(400);
    expect((await app.api.get('/api/lists?x=1', app.cookie)).statusCode).toBe(400);
  });

  it('keeps each user to their own lists: 404 on theirs, 400 for a todo', async () => {
    const other = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const theirs = await newList('Theirs', undefined, other);
    await send('POST', '/api/todos', { title: 'Their todo', listId: theirs.id }, other);
    for (const [method, url, body] of [
      ['PATCH', `/api/lists/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/lists/${theirs.id}?todos=delete`, undefined],
      ['PATCH', '/api/lists/missing', { name: 'x' }],
    ] as const) {
      const response = await send(method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect((await lists()).lists).toEqual([]);

    const refused = await send('POST', '/api/todos', { title: 'x', listId: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { listId: MESSAGES.todoListUnknown } },
    });
    const mine = await newTodo('Mine');
    const moved = await send('PATCH', `/api/todos/${mine.id}`, { title: 'y', listId: theirs.id });
    expect(moved.statusCode).toBe(400);
    expect(await titles('')).toEqual(['Mine']);
    expect(await titles(`?list=${theirs.id}`)).toEqual([]);

    // Their list and its todo are untouched.
    const theirLists = (await app.api.get('/api/lists', other)).json<ListsAnswer>();
    expect(theirLists.lists).toEqual([{ ...theirs, openCount: 1 }]);
  });

  it('puts todos in lists, filters by list and Inbox, and counts open ones', async () => {
    const work = await newList('Work');
    const home = await newList('Home');
    const report = await newTodo('Report', work.id);
    expect(report.listId).toBe(work.id);
    await newTodo('Slides', work.id);
    const inbox = await newTodo('Loose');
    expect(inbox.listId).toBeNull();
    await newTodo('Explicit inbox', null);

    expect(await titles(`?list=${work.id}`)).toEqual(['Report', 'Slides']);
    expect(await titles('?list=inbox')).toEqual(['Explicit inbox', 'Loose']);
    expect(await titles(`?list=${home.id}`)).toEqual([]);

    // Moving, completing: the counts follow; completed todos do not count.
    const moved = await send('PATCH', `/api/todos/${inbox.id}`, { listId: home.id });
    expect(moved.json<Todo>().listId).toBe(home.id);
    await send('PATCH', `/api/todos/${report.id}`, { completed: true });
    const answer = await lists();
    expect(answer.inbox).toEqual({ openCount: 1 });
    expect(answer.lists.map((list) => [list.name, list.openCount])).toEqual([
      ['Work', 1],
      ['Home', 1],
    ]);
    const back = await send('PATCH', `/api/todos/${inbox.id}`, { listId: null });
    expect(back.json<Todo>().listId).toBeNull();
    expect(await titles('?list=inbox&status=pending')).toEqual(['Explicit inbox', 'Loose']);
    // The list page's JSON carries the list too.
    const page = (await app.api.get(`/api/todos?list=${work.id}`, app.cookie)).json<{
      items: Todo[];
    }>();
    expect(page.items.map((todo) => todo.listId)).toEqual([work.id, work.id]);
  });

  it('deletes a list holding todos only with a choice: move to the Inbox or delete', async () => {
    const empty = await newList('Empty');
    expect((await send('DELETE', `/api/lists/${empty.id}`)).statusCode).toBe(204);

    const work = await newList('Work');
    const done = await newTodo('Done', work.id);
    await send('PATCH', `/api/todos/${done.id}`, { completed: true });
    const refused = await send('DELETE', `/api/lists/${work.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'CONFLICT', message: MESSAGES.listHoldsTodos },
    });
    await newTodo('Open', work.id);
    expect((await send('DELETE', `/api/lists/${work.id}?todos=move`)).statusCode).toBe(204);
    expect((await lists()).lists).toEqual([]);
    expect(await titles('?list=inbox')).toEqual(['Done', 'Open']);

    const home = await newList('Home');
    await newTodo('Gone', home.id);
    await newTodo('Kept');
    expect((await send('DELETE', `/api/lists/${home.id}?todos=delete`)).statusCode).toBe(204);
    expect(await titles('')).toEqual(['Done', 'Kept', 'Open']);
    expect((await lists()).inbox.openCount).toBe(2);
  });

  it(`refuses a list past ${QUOTAS.lists}`, async () => {
    const { db } = app.ctx.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('lists')
      .values(
        Array.from({ length: QUOTAS.lists - 1 }, (_, index) => ({
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
    expect((await newList('Last')).position).toBe(QUOTAS.lists - 1);
    const over = await send('POST', '/api/lists', { name: 'One more' });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      error: { code: 'QUOTA_EXCEEDED', message: `You can have at most ${QUOTAS.lists} lists.` },
    });
  });

  it("takes the user's lists with their account, and no one else's", async () => {
    const other = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    await newList('Grace', undefined, other);
    const work = await newList('Work');
    await newTodo('Report', work.id);
    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const rows = await app.ctx.database.db.selectFrom('lists').select('name').execute();
    expect(rows).toEqual([{ name: 'Grace' }]);
  });

  it("cancels the reminders of the todos deleted with their list, and keeps the moved ones'", async () => {
    const reminding = { dueDate: '2026-11-22', reminderTime: '08:00' };
    const home = await newList('Home');
    const work = await newList('Work');
    const [gone, moved] = [
      (
        await send('POST', '/api/todos', { title: 'Gone', listId: home.id, ...reminding })
      ).json<Todo>(),
      (
        await send('POST', '/api/todos', { title: 'Moved', listId: work.id, ...reminding })
      ).json<Todo>(),
    ];
    const job = (todo: Todo) => pendingJob(app.ctx.database, `todo:${todo.id}`);
    expect(await job(gone)).toBeDefined();
    expect((await send('DELETE', `/api/lists/${home.id}?todos=delete`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/lists/${work.id}?todos=move`)).statusCode).toBe(204);
    expect(await job(gone)).toBeUndefined();
    expect(await job(moved)).toBeDefined();
  });
});
