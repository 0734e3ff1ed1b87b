import { MESSAGES } from '@daywise/shared';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

interface TodoJson {
  id: string;
  title: string;
  tags: { id: string; name: string; color: string }[];
}

describe.each(ENGINES)('todo tags on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send: SignedInApp['send'] = (...args) => app.send(...args);
  const newTag = async (name: string, color = '#10B981', cookie?: string) => {
    const response = await send('POST', '/api/tags', { name, color }, cookie);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; name: string; color: string }>();
  };
  const list = async (query = '') =>
    (await app.api.get(`/api/todos${query}`, app.cookie)).json<{
      items: TodoJson[];
      total: number;
    }>();
  // Todos made in the same millisecond have no set order between them, so find them by id.
  const tagsOf = async (id: string) =>
    (await list()).items.find((todo) => todo.id === id)?.tags.map((tag) => tag.name);

  it('creates, answers, changes and filters todos by tag', async () => {
    const work = await newTag('Work', '#EF4444');
    const home = await newTag('home');
    const created = await send('POST', '/api/todos', {
      title: 'Report',
      tagIds: [work.id, home.id, work.id],
    });
    expect(created.statusCode).toBe(201);
    const report = created.json<TodoJson>();
    expect(report.tags).toEqual([
      { id: home.id, name: 'home', color: '#10B981' },
      { id: work.id, name: 'Work', color: '#EF4444' },
    ]);
    const plain = (await send('POST', '/api/todos', { title: 'Plain' })).json<TodoJson>();
    expect(plain.tags).toEqual([]);

    expect((await list(`?tag=${work.id}`)).items.map((todo) => todo.title)).toEqual(['Report']);
    expect((await list(`?tag=${work.id}`)).total).toBe(1);
    expect(await tagsOf(plain.id)).toEqual([]);
    expect(await tagsOf(report.id)).toEqual(['home', 'Work']);

    const changed = await send('PATCH', `/api/todos/${report.id}`, { tagIds: [home.id] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<TodoJson>().tags.map((tag) => tag.name)).toEqual(['home']);
    expect((await list(`?tag=${work.id}`)).items).toEqual([]);

    // Renaming the tag shows on the todo; deleting the tag takes it off the todo.
    await send('PATCH', `/api/tags/${home.id}`, { name: 'House' });
    expect(await tagsOf(report.id)).toEqual(['House']);
    expect((await send('DELETE', `/api/tags/${home.id}`)).statusCode).toBe(204);
    expect(await tagsOf(report.id)).toEqual([]);
    // Deleting the todo leaves the tag.
    await send('PATCH', `/api/todos/${report.id}`, { tagIds: [work.id] });
    expect((await send('DELETE', `/api/todos/${report.id}`)).statusCode).toBe(204);
    const tags = (await app.api.get('/api/tags', app.cookie)).json<{ name: string }[]>();
    expect(tags.map((tag) => tag.name)).toEqual(['Work']);
  });

  it("refuses unknown tags, other users' tags and too many, changing nothing", async () => {
    const other = await app.api.signUpAndVerify('grace@example.com');
    const theirs = await newTag('Theirs', '#EF4444', other ?? '');
    const mine = await newTag('Mine');
    for (const tagIds of [['missing'], [theirs.id], [mine.id, theirs.id]]) {
      const response = await send('POST', '/api/todos', { title: 'x', tagIds });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { tagIds: MESSAGES.todoTagUnknown } },
      });
    }
    const tooMany = await send('POST', '/api/todos', {
      title: 'x',
      tagIds: Array.from({ length: 11 }, (_, index) => `tag-${index}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await list()).total).toBe(0);

    const todo = (
      await send('POST', '/api/todos', { title: 'Mine', tagIds: [mine.id] })
    ).json<TodoJson>();
    const refused = await send('PATCH', `/api/todos/${todo.id}`, {
      title: 'Changed',
      tagIds: [theirs.id],
    });
    expect(refused.statusCode).toBe(400);
    const [after] = (await list()).items;
    expect(after).toMatchObject({ title: 'Mine', tags: [{ id: mine.id }] });
    // Filtering by another user's tag finds nothing of theirs.
    expect((await list(`?tag=${theirs.id}`)).items).toEqual([]);
  });
});
