import { MESSAGES, QUOTAS } from '@daywise/shared';
import type { List, Section, SectionsAnswer, Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';

describe.each(ENGINES)('sections on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ) => sendAs(app.ctx, cookie ?? app.cookie, method, url, payload);
  const created = async <T>(url: string, body: object, cookie?: string) => {
    const response = await send('POST', url, body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
  const newList = (name: string, cookie?: string) => created<List>('/api/lists', { name }, cookie);
  const newSection = (listId: string | null, name: string, cookie?: string) =>
    created<Section>('/api/sections', { listId, name }, cookie);
  const newTodo = (body: object) => created<Todo>('/api/todos', body);
  const sections = async (cookie = app.cookie) =>
    (await app.api.get('/api/sections', cookie)).json<SectionsAnswer>().sections;
  const names = async () =>
    (await sections()).map(
      (section) => `${section.listId ?? 'inbox'}:${section.position}:${section.name}`,
    );
  const todos = async (query = '') =>
    (await app.api.get(`/api/todos${query}`, app.cookie)).json<{ items: Todo[] }>().items;
  /** Each todo's section's name (or -) and its place, by title. */
  const placed = async (query: string) =>
    Object.fromEntries(
      (await todos(query)).map((todo) => [todo.title, `${todo.sectionId ?? '-'}:${todo.order}`]),
    );

  it('creates sections in a list and in the Inbox, answered by list and position', async () => {
    expect(await sections()).toEqual([]);
    const home = await newList('Home');
    const work = await newList('Work');
    await send('PATCH', `/api/lists/${home.id}`, { position: 1 });
    const chores = await newSection(home.id, '  Chores  ');
    expect(chores).toMatchObject({ listId: home.id, name: 'Chores', position: 0 });
    expect(chores.createdAt).toBe(chores.updatedAt);
    await newSection(home.id, 'Garden');
    await newSection(work.id, 'Meetings');
    await newSection(null, 'Someday');
    // The Inbox's first, then each list's in the lists' order (Work is first now).
    expect(await names()).toEqual([
      'inbox:0:Someday',
      `${work.id}:0:Meetings`,
      `${home.id}:0:Chores`,
      `${home.id}:1:Garden`,
    ]);
  });

  it('renames and moves a section among its list’s, renumbering, and deletes closing the gap', async () => {
    const home = await newList('Home');
    const [a, b, c] = [
      await newSection(home.id, 'A'),
      await newSection(home.id, 'B'),
      await newSection(home.id, 'C'),
    ];
    const inbox = await newSection(null, 'Inbox one');
    app.clock.advance(60_000);
    const renamed = await send('PATCH', `/api/sections/${b?.id}`, { name: 'Bee' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Section>()).toMatchObject({ name: 'Bee', position: 1 });
    expect(renamed.json<Section>().updatedAt).not.toBe(b?.updatedAt);
    const moved = await send('PATCH', `/api/sections/${c?.id}`, { position: 0 });
    expect(moved.json<Section>().position).toBe(0);
    const last = await send('PATCH', `/api/sections/${a?.id}`, { position: 50 });
    expect(last.json<Section>().position).toBe(2);
    expect(await names()).toEqual([
      'inbox:0:Inbox one',
      `${home.id}:0:C`,
      `${home.id}:1:Bee`,
      `${home.id}:2:A`,
    ]);
    expect((await send('DELETE', `/api/sections/${c?.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['inbox:0:Inbox one', `${home.id}:0:Bee`, `${home.id}:1:A`]);
    expect((await newSection(home.id, 'D')).position).toBe(2);
    expect((await send('DELETE', `/api/sections/${inbox.id}`)).statusCode).toBe(204);
  });

  it('refuses bad input with 400s and changes nothing', async () => {
    const section = await newSection(null, 'Later');
    for (const body of [
      {},
      { name: 'No list' },
      { listId: null },
      { listId: null, name: '  ' },
      { listId: null, name: 'x'.repeat(101) },
      { listId: '', name: 'Empty id' },
    ]) {
      const response = await send('POST', '/api/sections', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    for (const body of [{}, { name: '' }, { position: -1 }, { position: 0.5 }, { listId: null }]) {
      expect((await send('PATCH', `/api/sections/${section.id}`, body)).statusCode).toBe(400);
    }
    expect(await sections()).toEqual([section]);
  });

  it('keeps each user to their own sections: 404 on theirs, 400 for a todo or a list', async () => {
    const other = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const theirList = await newList('Theirs', other);
    const theirs = await newSection(theirList.id, 'Their section', other);
    const theirInbox = await newSection(null, 'Their inbox section', other);
    for (const [method, url, body] of [
      ['PATCH', `/api/sections/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/sections/${theirInbox.id}`, undefined],
      ['PATCH', '/api/sections/missing', { name: 'x' }],
      ['DELETE', '/api/sections/missing', undefined],
    ] as const) {
      const response = await send(method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: expect.any(String) as string },
      });
    }
    const inTheirList = await send('POST', '/api/sections', { listId: theirList.id, name: 'x' });
    expect(inTheirList.statusCode).toBe(400);
    expect(inTheirList.json()).toMatchObject({
      error: { fields: { listId: MESSAGES.todoListUnknown } },
    });
    // A todo cannot name their section, in the Inbox or anywhere.
    for (const sectionId of [theirs.id, theirInbox.id]) {
      const refused = await send('POST', '/api/todos', { title: 'x', sectionId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { fields: { sectionId: MESSAGES.todoSectionUnknown } },
      });
    }
    expect(await sections()).toEqual([]);
    expect(await todos()).toEqual([]);
    expect(await sections(other)).toEqual([theirInbox, theirs]);
  });

  it('puts todos in a section of their own list only, and a new list leaves them in none', async () => {
    const home = await newList('Home');
    const work = await newList('Work');
    const chores = await newSection(home.id, 'Chores');
    const later = await newSection(null, 'Later');
    const dishes = await newTodo({ title: 'Dishes', listId: home.id, sectionId: chores.id });
    expect(dishes).toMatchObject({ listId: home.id, sectionId: chores.id, order: 0 });
    const loose = await newTodo({ title: 'Loose', sectionId: later.id });
    expect(loose).toMatchObject({ listId: null, sectionId: later.id, order: 0 });
    // A section of another list, or a list's section for an Inbox todo: 400.
    for (const body of [
      { title: 'x', listId: work.id, sectionId: chores.id },
      { title: 'x', sectionId: chores.id },
      { title: 'x', listId: home.id, sectionId: later.id },
    ]) {
      const response = await send('POST', '/api/todos', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { sectionId: MESSAGES.todoSectionUnknown } },
      });
    }
    expect(
      (await send('PATCH', `/api/todos/${loose.id}`, { sectionId: chores.id })).statusCode,
    ).toBe(400);
    // Moving within the list keeps the section unless told; a new list leaves it in none.
    const renamed = await send('PATCH', `/api/todos/${dishes.id}`, { title: 'Wash up' });
    expect(renamed.json<Todo>().sectionId).toBe(chores.id);
    const moved = await send('PATCH', `/api/todos/${dishes.id}`, { listId: work.id });
    expect(moved.json<Todo>()).toMatchObject({ listId: work.id, sectionId: null, order: 0 });
    const back = await send('PATCH', `/api/todos/${dishes.id}`, {
      listId: home.id,
      sectionId: chores.id,
    });
    expect(back.json<Todo>()).toMatchObject({ listId: home.id, sectionId: chores.id });
    const out = await send('PATCH', `/api/todos/${dishes.id}`, { sectionId: null });
    expect(out.json<Todo>()).toMatchObject({ listId: home.id, sectionId: null });
  });

  it('deletes a section keeping its todos in the list, last among those in none, in order', async () => {
    const home = await newList('Home');
    const chores = await newSection(home.id, 'Chores');
    await newTodo({ title: 'Free one', listId: home.id });
    await newTodo({ title: 'Sweep', listId: home.id, sectionId: chores.id });
    const dust = await newTodo({ title: 'Dust', listId: home.id, sectionId: chores.id });
    await send('PATCH', `/api/todos/${dust.id}`, { order: 0 });
    const cloth = await newTodo({ title: 'Find a cloth', parentId: dust.id });
    expect(cloth).toMatchObject({ listId: home.id, sectionId: chores.id, order: 0 });
    expect(await placed(`?list=${home.id}`)).toEqual({
      'Free one': '-:0',
      Sweep: `${chores.id}:1`,
      Dust: `${chores.id}:0`,
      'Find a cloth': `${chores.id}:0`,
    });
    expect((await send('DELETE', `/api/sections/${chores.id}`)).statusCode).toBe(204);
    expect(await placed(`?list=${home.id}`)).toEqual({
      'Free one': '-:0',
      Dust: '-:1',
      Sweep: '-:2',
      'Find a cloth': '-:0',
    });
    expect(await sections()).toEqual([]);
  });

  it('deletes a list’s sections with it, its todos moved to the Inbox in order or deleted', async () => {
    const home = await newList('Home');
    const work = await newList('Work');
    const [chores, garden] = [
      await newSection(home.id, 'Chores'),
      await newSection(home.id, 'Garden'),
    ];
    await newSection(work.id, 'Meetings');
    await newTodo({ title: 'Inbox todo' });
    await newTodo({ title: 'Weed', listId: home.id, sectionId: garden.id });
    await newTodo({ title: 'Sweep', listId: home.id, sectionId: chores.id });
    const plain = await newTodo({ title: 'Plain', listId: home.id });
    await newTodo({ title: 'Sub', parentId: plain.id });
    await newTodo({ title: 'Standup', listId: work.id });
    expect((await send('DELETE', `/api/lists/${home.id}?todos=move`)).statusCode).toBe(204);
    // Those in no section first, then each section's in the sections' order.
    expect(await placed('?list=inbox')).toEqual({
      'Inbox todo': '-:0',
      Plain: '-:1',
      Sweep: '-:2',
      Weed: '-:3',
      Sub: '-:0',
    });
    expect((await sections()).map((section) => section.name)).toEqual(['Meetings']);
    expect((await send('DELETE', `/api/lists/${work.id}?todos=delete`)).statusCode).toBe(204);
    expect(await sections()).toEqual([]);
    expect((await todos()).map((todo) => todo.title).sort()).toEqual([
      'Inbox todo',
      'Plain',
      'Sub',
      'Sweep',
      'Weed',
    ]);
  });

  it(`refuses a section past ${QUOTAS.sectionsPerList} in one list, and counts each list apart`, async () => {
    const home = await newList('Home');
    const { db } = app.ctx.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('sections')
      .values(
        Array.from({ length: QUOTAS.sectionsPerList - 1 }, (_, index) => ({
          id: `section-${index}`,
          user_id: userId,
          list_id: home.id,
          name: `Section ${index}`,
          position: index,
          created_at: '2026-11-21T09:00:00.000Z',
          updated_at: '2026-11-21T09:00:00.000Z',
        })),
      )
      .execute();
    expect((await newSection(home.id, 'Last')).position).toBe(QUOTAS.sectionsPerList - 1);
    const over = await send('POST', '/api/sections', { listId: home.id, name: 'One more' });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      error: { code: 'QUOTA_EXCEEDED', message: MESSAGES.sectionQuota },
    });
    expect(MESSAGES.sectionQuota).toBe(
      `A list can have at most ${QUOTAS.sectionsPerList} sections.`,
    );
    expect((await newSection(null, 'Inbox has room')).position).toBe(0);
  });

  it("takes the user's sections with their account, and no one else's", async () => {
    const other = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    await newSection(null, 'Grace', other);
    const home = await newList('Home');
    const chores = await newSection(home.id, 'Chores');
    await newTodo({ title: 'Sweep', listId: home.id, sectionId: chores.id });
    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const rows = await app.ctx.database.db.selectFrom('sections').select('name').execute();
    expect(rows).toEqual([{ name: 'Grace' }]);
  });
});
